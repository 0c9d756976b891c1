package charts

import (
	"math"
	"testing"

	"localitylab/charts/internal/fixture"
	"localitylab/lab/result"
)

func TestSweepMisses(t *testing.T) {
	if pl := NewSweepPlot(fixture.Sweep(), ScaleAuto, math.NaN()); pl.Misses != nil {
		t.Errorf("a sweep without simulated misses has a misses panel: %+v", pl.Misses)
	}
	// Asked for, but none counted (no Valgrind): no panel; the table says why.
	none := fixture.Sweep()
	none.Counters.Simulated = &result.Simulated{Note: "valgrind not found"}
	if pl := NewSweepPlot(none, ScaleAuto, math.NaN()); pl.Misses != nil {
		t.Errorf("a sweep whose simulation failed has a misses panel: %+v", pl.Misses)
	}

	pl := NewSweepPlot(fixture.SimSweep(), ScaleAuto, math.NaN())
	m := pl.Misses
	if m == nil {
		t.Fatal("a sweep with simulated misses has no misses panel")
	}
	if m.Title != "Simulated D1/LL misses per entity" {
		t.Errorf("title %q: want it to say the misses are simulated", m.Title)
	}
	if len(m.Curves) != 6 {
		t.Fatalf("%d curves: want D1 and LL for each of the 3 backings", len(m.Curves))
	}
	for _, c := range m.Curves {
		if c.Color != Color(c.Backing) || c.Dashed != (c.Level == "LL") {
			t.Errorf("%s %s: colour %v, dashed %v: want the backing's colour, LL dashed", c.Backing, c.Level, c.Color, c.Dashed)
		}
		// The same x as the cost curves: the panel shares their axis.
		for _, cv := range pl.Curves {
			if cv.Name == c.Backing && !sameFloats(cv.X, c.X) {
				t.Errorf("%s %s: x %v, cost's %v", c.Backing, c.Level, c.X, cv.X)
			}
		}
	}
	// ptrarray (64 B): 1 + 1 line per entity past the 32 KiB D1 (at 1,000: 64 KB), and
	// past the 32 MiB LL (at 1,000,000: 64 MB) those two lines miss LL too.
	d1, ll := m.Curves[0], m.Curves[1]
	if d1.Y[0] != 2 || ll.Y[0] != 0 || ll.Y[6] != 2 {
		t.Errorf("ptrarray D1 %v, LL %v: want D1 2 and LL 0 at 1,000, LL 2 at 1,000,000", d1.Y, ll.Y)
	}
	// spatialhash failed at 30,000: a gap in both its lines.
	if sh := m.Curves[4]; !math.IsNaN(sh.Y[3]) || !math.IsNaN(m.Curves[5].Y[3]) || sh.Y[2] != 0.75 {
		t.Errorf("spatialhash D1 %v: want a gap at its failed point and 48/64 elsewhere", sh.Y)
	}
	if got := m.Max(); got != 2 {
		t.Errorf("Max = %v, want 2", got)
	}
}

func sameFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
