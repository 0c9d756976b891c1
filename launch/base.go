package launch

import (
	"fmt"
	"strings"

	"localitylab/lab"
	"localitylab/lab/compare"
	"localitylab/lab/result"
	"localitylab/presets"
	"localitylab/workloads"
)

// CheckBase refuses base, a saved run, as the base of a comparison with the runs of
// setup s when it measured something else. That is another workload, other
// parameters, the other cache mode, other pages, another length, or another clock (a
// file timed by the wall clock, against frames this build times by their thread's
// CPU clock). It is the rule `localitylab compare` applies without -accept, so the
// app's -compare, its Compare with a saved run… and the command give one answer for
// one pair of files. The machine is left out: the window
// measures on this one, and a base from another is compared as `compare -accept host`
// compares it.
func CheckBase(base *result.Run, s presets.Preset) error {
	if base.Workload != s.Workload {
		return fmt.Errorf("it is a %s run and the setup is %s: runs of different workloads did different work", base.Workload, s.Workload)
	}
	spec, err := workloads.Lookup(s.Workload)
	if err != nil {
		return err
	}
	params, err := spec.Resolve(s.Params)
	if err != nil {
		return err
	}
	cache := s.Cache
	if cache == "" {
		cache = result.Warm
	}
	pages := s.Pages
	if pages == "" {
		pages = string(lab.DefaultPages)
	}
	// One backing stands for the setup's runs: the pages they will ask for, and the
	// clock this build times their frames by.
	frames := result.Series{NS: []int64{0}}
	if lab.CPUClock() {
		frames.WallNS, frames.Switches = []int64{0}, []uint64{0}
	}
	setup := &result.Run{Schema: result.Schema, Workload: s.Workload, Params: params, Frames: s.Frames, Warmup: s.Warmup,
		Cache: cache, Host: base.Host, Backings: []result.Backing{{Name: "setup", Frames: frames, Pages: &result.Pages{Mode: pages}}}}
	// The setup's forks as a run of it would lay them out (0 is the default number),
	// so that a base of the same frames in the same forks reads as the same length.
	setup.Forks = lab.Config{Frames: s.Frames, Warmup: s.Warmup, Forks: s.Forks}.Plan()
	var diffs []string
	for _, d := range compare.Differences(base, setup) {
		if d.Kind != compare.Host {
			diffs = append(diffs, d.Kind+": "+strings.Replace(d.Text, "(new)", "(the setup)", 1))
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("it measured something else than the setup: %s (make the setup the run's, or compare two saved runs with `localitylab compare -accept`)",
			strings.Join(diffs, "; "))
	}
	return nil
}
