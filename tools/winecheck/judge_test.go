package main

import (
	"errors"
	"strings"
	"testing"

	"localitylab/lab/result"
)

// runOf is a run of map and slotmap with these p50s and the ratio map/slotmap, given
// as the lab writes it: against the faster backing.
func runOf(mapP50, slotP50, ratio float64) *result.Run {
	r := &result.Run{Workload: "bullets", Backings: []result.Backing{
		{Name: "map", Summary: result.Summary{P50NS: mapP50}},
		{Name: "slotmap", Summary: result.Summary{P50NS: slotP50}},
	}}
	if ratio >= 1 {
		r.Ratios = []result.Ratio{{Backing: "slotmap", Vs: "slotmap", Median: 1}, {Backing: "map", Vs: "slotmap", Median: ratio}}
	} else {
		r.Ratios = []result.Ratio{{Backing: "map", Vs: "map", Median: 1}, {Backing: "slotmap", Vs: "map", Median: 1 / ratio}}
	}
	return r
}

// againstMap writes r's ratio as slotmap's against map (as a file does where map
// ranked best).
func againstMap(r *result.Run) *result.Run {
	m := r.Ratios[1].Median
	r.Ratios = []result.Ratio{{Backing: "map", Vs: "map", Median: 1}, {Backing: "slotmap", Vs: "map", Median: 1 / m}}
	return r
}

// timer is a frame_timer record of the clock named, at resolution ns.
func timer(clock string, ns float64) timerRecord {
	var t timerRecord
	t.Timer = &frameTimer{Clock: clock, Wall: &clockRecord{"QueryPerformanceCounter", 100}}
	if clock == result.ClockThreadCPU {
		t.Timer.CPU = &clockRecord{"QueryThreadCycleTime", ns}
	} else {
		t.Timer.Wall.ResolutionNS = ns
	}
	return t
}

func TestJudge(t *testing.T) {
	linux := runOf(984e3, 158e3, 6.2)
	good := func() pair {
		return pair{path: "sub/x.json", w: runOf(1.1e6, 170e3, 6.5), timer: timer(result.ClockThreadCPU, 100), l: linux}
	}
	with := func(f func(*pair)) pair { p := good(); f(&p); return p }
	tests := []struct {
		name  string
		pairs []pair
		fails []string // the FAIL findings, by a word of each; none: every check passes
	}{
		{"all good", []pair{good()}, nil},
		{"a ratio against map read the right way up", []pair{with(func(p *pair) { p.w = againstMap(p.w); p.timer = timer(result.ClockWall, 100) })}, nil},
		{"zero p50", []pair{with(func(p *pair) { p.w = runOf(2.06e6, 0, 0.83); p.timer = timer(result.ClockWall, 1e6) })},
			[]string{"slotmap's p50 reads 0 ns", "too coarse", "0.83×"}},
		{"no clock recorded", []pair{with(func(p *pair) { p.timer = timerRecord{} })}, []string{"records none"}},
		{"coarse clock", []pair{with(func(p *pair) { p.timer = timer(result.ClockWall, 15.6e6) })}, []string{"too coarse"}},
		{"ratio too far", []pair{with(func(p *pair) { p.w = runOf(1.1e6, 110e3, 10) })}, []string{"+61%"}},
		{"no file", []pair{with(func(p *pair) { p.w, p.werr = nil, errors.New("open sub/x.json: no such file") })},
			[]string{"not written", "gives no ratio"}},
		{"the median of three pairs, not one far run", []pair{
			good(),
			with(func(p *pair) { p.w = runOf(1.8e6, 200e3, 9) }),
			with(func(p *pair) { p.w = runOf(1.1e6, 180e3, 6) }),
		}, nil},
		{"the median of three pairs too far", []pair{
			with(func(p *pair) { p.w = runOf(1.8e6, 200e3, 9) }),
			good(),
			with(func(p *pair) { p.w = runOf(1.8e6, 200e3, 9.5) }),
		}, []string{"median 9.00×"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var fails []string
			for _, f := range judge(tt.pairs, "map", "slotmap", 0.35) {
				if !f.ok {
					fails = append(fails, f.text)
				}
			}
			if len(fails) != len(tt.fails) {
				t.Fatalf("%d checks failed, want %d (%q):\n%s", len(fails), len(tt.fails), tt.fails, strings.Join(fails, "\n"))
			}
			for i, w := range tt.fails {
				if !strings.Contains(fails[i], w) {
					t.Errorf("failure %d is %q, want it to say %q", i, fails[i], w)
				}
			}
		})
	}
}
