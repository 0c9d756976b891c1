package launch

import (
	"strings"
	"testing"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/presets"
	"localitylab/workloads"
)

// TestCheckBase: a saved run is refused as the base of a setup's runs when it
// measured something else, its pages and frame clock included (a wall-clock file
// beside frames this build times by CPU time would read as a change of the code);
// a file that recorded no pages is judged on the rest.
func TestCheckBase(t *testing.T) {
	s, err := presets.Lookup("slotmap-churn")
	if err != nil {
		t.Fatal(err)
	}
	spec, err := workloads.Lookup(s.Workload)
	if err != nil {
		t.Fatal(err)
	}
	params, err := spec.Resolve(s.Params)
	if err != nil {
		t.Fatal(err)
	}
	// base is a run of the setup as this build measures it: its forks, default pages
	// and clock.
	base := func() *result.Run {
		frames := result.Series{NS: []int64{1, 2}}
		if lab.CPUClock() {
			frames.WallNS, frames.Switches = []int64{1, 2}, []uint64{0, 0}
		}
		r := &result.Run{Schema: result.Schema, Workload: s.Workload, Params: params, Frames: s.Frames, Warmup: s.Warmup,
			Cache: result.Warm, Forks: lab.Config{Frames: s.Frames, Warmup: s.Warmup, Forks: s.Forks}.Plan()}
		for _, name := range s.Backings {
			r.Backings = append(r.Backings, result.Backing{Name: name, Frames: frames,
				ForkPages: []result.Pages{{Mode: string(lab.DefaultPages)}, {Mode: string(lab.DefaultPages)}, {Mode: string(lab.DefaultPages)}}})
		}
		return r
	}
	tests := []struct {
		name   string
		change func(r *result.Run)
		want   string // "": accepted
	}{
		{"the same", func(*result.Run) {}, ""},
		{"system pages", func(r *result.Run) {
			for i := range r.Backings {
				r.Backings[i].ForkPages[0].Mode, r.Backings[i].ForkPages[1].Mode, r.Backings[i].ForkPages[2].Mode = "system", "system", "system"
			}
		}, "pages: pages system (base) vs huge (the setup)"},
		{"no pages recorded", func(r *result.Run) {
			for i := range r.Backings {
				r.Backings[i].ForkPages = nil
			}
		}, ""},
		{"the wall clock", func(r *result.Run) {
			for i := range r.Backings {
				r.Backings[i].Frames.WallNS, r.Backings[i].Frames.Switches = nil, nil
			}
		}, "clock: frames timed by the wall clock (base) vs the frame thread's CPU time (the setup)"},
		{"cold caches", func(r *result.Run) { r.Cache = result.Cold }, "cache: cold caches (base) vs warm caches (the setup)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !lab.CPUClock() && tt.name == "the wall clock" {
				t.Skip("this build times frames by the wall clock")
			}
			r := base()
			tt.change(r)
			err := CheckBase(r, s)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
}
