// Package launch is what the command line hands the app when it opens it: the
// options the app's flags set, already parsed and checked. It lets package cli parse
// every flag without linking Fyne, and package ui open the window without a flag
// parser, each importing only this small package of the other's concerns.
//
// The flags that change a setup (a workload parameter such as -entities, and
// -frames) are shared with bench, and so are their checks: Overrides applies them to
// a setup and CheckParam checks one parameter, with the messages bench prints.
package launch

import (
	"fmt"
	"strings"
	"time"

	"localitylab/lab"
	"localitylab/presets"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// Options are the app's flags.
type Options struct {
	// Setup is the -preset, with the overrides applied and checked; nil when no
	// -preset was given, and the app opens on the setup it remembers (or the
	// default lesson) with Overrides applied there.
	Setup     *presets.Preset
	Overrides Overrides

	Run        bool          // -run: start the run at once
	QuitAfter  time.Duration // -quit-after; 0: never
	Screenshot string        // -screenshot FILE, written when quitting through -quit-after
	Save       string        // -save FILE, written when quitting through -quit-after
	Large      bool          // -large: start with large text
	Layout     string        // -layout BACKING: open the Layout view on that backing; "": the preview
	Sweep      bool          // -sweep: open on the Sweep tab; with -run, start the sweep instead of a run
	Compare    string        // -compare FILE: a saved run to show as the base, checked readable
}

// Overrides are the flags that change a setup: workload parameters by name, and the
// run's length.
type Overrides struct {
	Params    workload.Params // the parameter flags given, by name
	Frames    int             // -frames, when FramesSet
	FramesSet bool
	Cache     string // -cache: "warm" or "cold"; "" keeps the setup's
	Forks     int    // -forks; 0 keeps the setup's
	Pages     string // -pages: "system", "huge" or "small"; "" keeps the setup's
}

// Apply puts o on top of s and checks the result as a run would be checked, so that
// a mistake is reported before the window opens. The warm-up shrinks to a tenth of
// the frames when it would no longer fit. Errors name the flag at fault.
func (o Overrides) Apply(s presets.Preset) (presets.Preset, error) {
	spec, err := workloads.Lookup(s.Workload)
	if err != nil {
		return s, fmt.Errorf("-preset: %w", err)
	}
	s.Params = s.Params.Clone()
	for _, name := range o.Params.Keys() {
		if err := CheckParam(spec, name, o.Params[name]); err != nil {
			return s, err
		}
		s.Params[name] = o.Params[name]
	}
	switch o.Cache {
	case "":
	case string(lab.Warm):
		s.Cache = ""
	default:
		s.Cache = o.Cache
	}
	if o.Pages != "" {
		s.Pages = o.Pages
	}
	if o.FramesSet {
		s.Frames = o.Frames
		if s.Warmup >= s.Frames {
			s.Warmup = max(s.Frames, 0) / 10
		}
	}
	if o.Forks > 0 {
		s.Forks = o.Forks
	}
	c := lab.Config{Workload: s.Workload, Backings: s.Backings, Params: s.Params, Frames: s.Frames, Warmup: s.Warmup, Forks: s.Forks}
	if o.FramesSet { // a -frames that leaves nothing to summarise, as bench refuses it
		if err := c.CheckKept(); err != nil {
			return s, FlagError(err)
		}
	}
	if err := c.Check(); err != nil {
		return s, FlagError(err)
	}
	return s, nil
}

// CheckParam checks the value of the parameter flag -name against the workload: a
// flag the workload does not have, or a value out of its range, is an error naming
// the flag.
func CheckParam(spec *workload.Spec, name string, v int64) error {
	q, ok := spec.Param(name)
	if !ok {
		names := make([]string, len(spec.Params))
		for i, q := range spec.Params {
			names[i] = q.Name
		}
		return fmt.Errorf("-%s: the %s workload has no such parameter (its parameters: %s)", name, spec.Name, strings.Join(names, ", "))
	}
	if v < q.Min || v > q.Max {
		return fmt.Errorf("-%s: %d is out of range for %s (want %d to %d)", name, v, spec.Name, q.Min, q.Max)
	}
	return nil
}

// FlagError turns an error of lab.Config.Check, which names the field at fault, into
// one that names the flag: the fields have the flags' names, and a parameter's error
// names the parameter, which is its flag's name too.
func FlagError(err error) error {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "params: "); ok {
		return fmt.Errorf("%s", rest)
	}
	return fmt.Errorf("-%s", msg)
}
