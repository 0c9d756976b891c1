//go:build !nogui

package live

import (
	"strings"
	"testing"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
)

// TestBase: a base run's lines come after the chart's own, dashed and pale, survive a
// Reset and the samples that follow, name the backings only the base has, and go
// away with SetBase(nil).
func TestBase(t *testing.T) {
	live := fixture.Run(fixture.Options{Frames: 60, Warmup: 6, Backings: []string{"soa", "ptrarray"}, GC: true})
	base := fixture.Run(fixture.Options{Frames: 80, Warmup: 8, Backings: []string{"soa", "map"}, GC: true})
	for _, m := range charts.Metrics {
		c := NewChart(m)
		c.Reset(names(live), live.Warmup, live.Frames)
		own := len(c.plot.Lines)
		c.SetBase(base)
		c.Reset(names(live), live.Warmup, live.Frames) // a new run keeps the base
		c.AppendMany(samples(live, 30))
		lines := c.plot.Lines
		if len(lines) != own+2 {
			t.Fatalf("%v: %d lines, want %d own and 2 of the base", m, len(lines), own)
		}
		for i, b := range base.Backings {
			l := lines[own+i]
			if !l.Dashed || l.Color != pale(charts.Color(b.Name)) || l.Label != b.Name+" base" || len(l.Values) != 80 {
				t.Errorf("%v: base line %d %+v: want %s's pale dashed series of 80 frames", m, i, l.Label, b.Name)
			}
		}
		if len(lines[0].Values) != 30 || lines[0].Dashed {
			t.Errorf("%v: own line %d values, dashed %v: want the 30 samples, solid", m, len(lines[0].Values), lines[0].Dashed)
		}
		if k := c.plot.Keys; len(k) != 3 || k[2].Name != "map (base only)" || !strings.Contains(c.plot.Note, baseNote) {
			t.Errorf("%v: keys %+v, note %q", m, k, c.plot.Note)
		}
		c.SetBase(nil)
		if len(c.plot.Lines) != own || len(c.plot.Keys) != 2 || strings.Contains(c.plot.Note, "base") || c.Base() != nil {
			t.Errorf("%v: after SetBase(nil): %d lines, keys %+v, note %q", m, len(c.plot.Lines), c.plot.Keys, c.plot.Note)
		}
	}
}
