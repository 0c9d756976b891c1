//go:build !nogui

package ui

import (
	"strings"
	"testing"

	"localitylab/lab/result"
	"localitylab/lab/runtest"
)

func TestMeasured(t *testing.T) {
	r := runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{4, 1}, []int64{2e6, 1e6})
	r.Backings = append(r.Backings, result.Backing{Name: "map", Error: "worker map: exited (exit status 7)"})
	// soa's pages recorded fork by fork: the sentence gives their range.
	r.Backings[1].SetConditions(nil, []result.Pages{{Mode: result.PagesHuge, HugeShare: result.Measured(1.0)}, {Mode: result.PagesHuge, HugeShare: result.Measured(0.62)}})
	tests := []struct {
		backing string
		want    []string
	}{
		{"soa", []string{"Measured here: the fastest here", "1 allocation per frame", "32 B per entity", "loaded in 1.00 ms",
			"62–100% of its heap in huge pages over its forks (pages huge)"}},
		{"ptrarray", []string{"4.00× slower than soa (4.00–4.00×)", "0 allocations per frame", "24 B per entity", "loaded in 2.00 ms"}},
		{"map", []string{"Its worker failed", "exit status 7"}},
		{"rowvec", nil},
	}
	for _, tt := range tests {
		got := measured(r, tt.backing)
		if tt.want == nil && got != "" {
			t.Errorf("%s: %q, want nothing for a backing not in the run", tt.backing, got)
		}
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", tt.backing, got, w)
			}
		}
	}
}

// TestMeasuredOnWindows: a backing whose share of heap in huge pages was never
// measured (a Windows worker) reads n/a with the reason, not "0% of its heap".
func TestMeasuredOnWindows(t *testing.T) {
	r := runtest.AsWindows(runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{4, 1}, []int64{2e6, 1e6}))
	got := measured(r, "soa")
	if want := "huge pages n/a (pages system: " + runtest.WindowsPagesNote + ")"; !strings.Contains(got, want) {
		t.Errorf("%q lacks %q", got, want)
	}
	if strings.Contains(got, "of its heap in huge pages") {
		t.Errorf("%q gives a share never measured", got)
	}
}

// TestMeasuredRatioWords: a ratio from too few rounds for an interval (a paused or
// short run) says so and gives its range, never "no clear difference" beside a range
// that excludes 1; an interval that holds 1 is no clear difference.
func TestMeasuredRatioWords(t *testing.T) {
	for _, tc := range []struct {
		q         result.Ratio
		want, not string
	}{
		{result.Ratio{Backing: "ptrarray", Vs: "soa", Median: 3.45, Lo: 3.17, Hi: 4.38, Blocks: 3, Range: true},
			"3.45× the time of soa so far (range 3.17–4.38× over 3 rounds, too few to tell)", "no clear difference"},
		{result.Ratio{Backing: "ptrarray", Vs: "soa", Median: 1.02, Lo: 0.97, Hi: 1.08, Blocks: 12},
			"no clear difference from soa: 1.02× (0.97–1.08×)", "so far"},
	} {
		r := runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{4, 1}, []int64{2e6, 1e6})
		r.Ratios = []result.Ratio{tc.q}
		got := measured(r, "ptrarray")
		if !strings.Contains(got, tc.want) || strings.Contains(got, tc.not) {
			t.Errorf("%+v: %q, want %q and no %q", tc.q, got, tc.want, tc.not)
		}
	}
}
