package presets

import (
	"errors"
	"strings"
	"testing"
)

// TestSearchBudget runs the search on synthetic machines: frame times as a function
// of the size, with the size at which the p95 crosses the 16.7 ms budget known.
func TestSearchBudget(t *testing.T) {
	ms := 1e6
	linear := func(nsPer float64) func(n int64) float64 { return func(n int64) float64 { return nsPer * float64(n) } }
	tests := []struct {
		name          string
		p95           func(n int64) float64
		start, lo, hi int64
		probes        int
		tooBig        int64 // sizes above it do not fit; 0: all fit
		found         bool
		crossing      int64
		want          []string
		maxRuns       int
		wide          bool // the runs allowed end the search before the bracket narrows
	}{
		// A fast machine: 2.4 ns a sprite, a million sprites in 2.4 ms; it would
		// stutter from about 6.9 million.
		{name: "fast machine, up", p95: linear(2.4), start: 1_000_000, lo: 1000, hi: 10_000_000, probes: 8, found: true,
			crossing: 6_944_445, want: []string{"from about 6,500,000 sprites (between 6,100,000, p95 14.6 ms, and 7,000,000, p95 16.8 ms"}, maxRuns: 8},
		// This VM's pointer array: 18 ns a sprite, over at the lesson's million; it
		// stops stuttering below about 926,000.
		{name: "slow machine, down", p95: linear(18), start: 1_000_000, lo: 1000, hi: 10_000_000, probes: 8, found: true,
			crossing: 925_926, maxRuns: 8},
		// A cache step: flat 1 ns until 3 million, then 8 ns a sprite.
		{name: "a cache step", p95: func(n int64) float64 {
			if n < 3_000_000 {
				return float64(n)
			}
			return 8 * float64(n)
		}, start: 100_000, lo: 1000, hi: 10_000_000, probes: 10, found: true, crossing: 3_000_000, maxRuns: 10},
		// Packed columns at 1 ns a sprite never reach the budget within 10 million.
		{name: "never within range", p95: linear(1), start: 1_000_000, lo: 1000, hi: 10_000_000, probes: 8, found: false,
			want: []string{"keep the 16.7 ms budget at every size measured, up to 10,000,000 sprites", "60% of the budget"}, maxRuns: 3},
		// The machine cannot hold more than 4 million: the search ends there.
		{name: "memory ends it", p95: linear(1), start: 1_000_000, lo: 1000, hi: 10_000_000, probes: 8, tooBig: 4_000_000, found: false,
			want: []string{"up to 4,000,000 sprites", "the most this search could try"}, maxRuns: 8},
		// Over at the smallest size too.
		{name: "always over", p95: func(int64) float64 { return 20 * ms }, start: 1000, lo: 1000, hi: 10_000_000, probes: 8, found: false,
			want: []string{"miss the 16.7 ms budget at every size measured, down to 1,000 sprites"}, maxRuns: 1},
		// Few runs allowed: a bracket wider than 1.3× is still an honest bracket.
		{name: "two runs", p95: linear(2.4), start: 1_000_000, lo: 1000, hi: 10_000_000, probes: 2, found: true, wide: true,
			crossing: 6_944_445, want: []string{"between 1,000,000, p95 2.40 ms, and 8,000,000, p95 19.2 ms; 2 runs"}, maxRuns: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			measure := func(n int64) (Probe, error) {
				if n < tc.lo || n > tc.hi {
					t.Fatalf("measured %d, outside %d–%d", n, tc.lo, tc.hi)
				}
				if tc.tooBig > 0 && n > tc.tooBig {
					return Probe{}, ErrTooBig
				}
				p := tc.p95(n)
				return Probe{P50: p * 0.9, P95: p}, nil
			}
			f, err := SearchBudget(tc.start, tc.lo, tc.hi, tc.probes, measure)
			if err != nil {
				t.Fatal(err)
			}
			if f.Found() != tc.found {
				t.Fatalf("found = %v (%+v), want %v", f.Found(), f, tc.found)
			}
			if len(f.Probes) > tc.maxRuns {
				t.Errorf("%d runs, want at most %d", len(f.Probes), tc.maxRuns)
			}
			if f.Found() {
				if !(f.Under.N < tc.crossing && tc.crossing <= f.Over.N) || !tc.wide && float64(f.Over.N)/float64(f.Under.N) > bracketClose {
					t.Errorf("bracket %d–%d, want one within %.1f× around %d", f.Under.N, f.Over.N, bracketClose, tc.crossing)
				}
				if f.Under.Stutters() || !f.Over.Stutters() {
					t.Errorf("bracket ends %+v, %+v", *f.Under, *f.Over)
				}
			}
			text := f.BudgetText("ptrarray", "sprites")
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("text %q\nwant it to contain %q", text, w)
				}
			}
		})
	}
}

// TestSearchBudgetError: a run that fails ends the search with its error and what
// was measured before it.
func TestSearchBudgetError(t *testing.T) {
	boom := errors.New("worker died")
	k := 0
	f, err := SearchBudget(1000, 1000, 1_000_000, 8, func(n int64) (Probe, error) {
		if k++; k == 2 {
			return Probe{}, boom
		}
		return Probe{P95: float64(n)}, nil
	})
	if !errors.Is(err, boom) || len(f.Probes) != 1 {
		t.Errorf("err %v with %d probes, want the worker's error after one", err, len(f.Probes))
	}
}
