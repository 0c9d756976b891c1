//go:build !nogui

package live

import (
	"math"
	"testing"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
)

// TestEveryMetricLiveAsSaved: a chart of any registered metric fed a run's samples
// as they stream in holds the lines the same chart holds set from the saved run,
// a failed backing's shorter lines too, and leaves the frames not yet sent unmeasured.
func TestEveryMetricLiveAsSaved(t *testing.T) {
	o := fixture.Options{Frames: 60, Warmup: 6, Backings: []string{"ptrarray", "map", "soa"}, Fail: "map", FailAt: 25, GC: true}
	r := fixture.Run(o)
	for _, m := range charts.Metrics {
		t.Run(m.Name, func(t *testing.T) {
			streamed, saved := NewChart(m), NewChart(m)
			streamed.Reset(names(r), r.Warmup, r.Frames)
			streamed.AppendMany(samples(r, r.Frames))
			saved.SetRun(r)
			got, want := streamed.plot.Lines, saved.plot.Lines
			if len(got) != len(r.Backings)*len(m.Lines) || len(got) != len(want) {
				t.Fatalf("%d lines streamed, %d saved: want %d", len(got), len(want), len(r.Backings)*len(m.Lines))
			}
			for i := range got {
				if got[i].Label != want[i].Label || got[i].Dashed != want[i].Dashed || !same(got[i].Values, want[i].Values) {
					t.Errorf("line %d: streamed %q %v, saved %q %v", i, got[i].Label, got[i].Values, want[i].Label, want[i].Values)
				}
			}
			if n := len(got[len(m.Lines)].Values); n != 25 {
				t.Errorf("the failed backing's line has %d frames, want the 25 it measured", n)
			}
		})
	}
}

func same(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && !(math.IsNaN(a[i]) && math.IsNaN(b[i])) {
			return false
		}
	}
	return true
}
