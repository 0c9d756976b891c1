//go:build !nogui

package live

import (
	"image"
	"image/color"
	"math"
	"testing"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
)

// TestSweepChart: the widget draws the sweep with every backing's line in its
// colour, marks the value being measured, and shows only its message before a sweep.
func TestSweepChart(t *testing.T) {
	c := NewSweepChart("No sweep yet")
	win := show(t, c, 900, 500)

	img := win.Canvas().Capture()
	for _, b := range []string{"ptrarray", "soa", "spatialhash"} {
		if n := count(img, charts.Color(b)); n != 0 {
			t.Errorf("before a sweep: %d pixels in %s's colour", n, b)
		}
	}
	s := fixture.Sweep()
	c.SetSweep(s, charts.ScaleAuto, 3000000)
	if pl := c.Plot(); pl.Pending != 3000000 || len(pl.Curves) != 3 {
		t.Errorf("plot: pending %v, %d curves", pl.Pending, len(pl.Curves))
	}
	img = win.Canvas().Capture()
	for _, b := range []string{"ptrarray", "soa", "spatialhash"} {
		if n := count(img, charts.Color(b)); n < 100 {
			t.Errorf("%s's line: %d pixels in its colour, want a line", b, n)
		}
	}
	c.SetMessage("gone")
	if pl := c.Plot(); len(pl.Curves) != 0 || !math.IsNaN(pl.Pending) {
		t.Errorf("after SetMessage: %+v", pl)
	}
}

// TestSweepChartMisses: a sweep with simulated misses shows them in the widget as in
// the PNG, a panel of every backing's lines under the cost: more of each backing's
// colour than the same sweep without them.
func TestSweepChartMisses(t *testing.T) {
	c := NewSweepChart("No sweep yet")
	win := show(t, c, 900, 600)
	c.SetSweep(fixture.Sweep(), charts.ScaleAuto, math.NaN())
	without := win.Canvas().Capture()
	c.SetSweep(fixture.SimSweep(), charts.ScaleAuto, math.NaN())
	if c.Plot().Misses == nil {
		t.Fatal("the plot of a sweep with simulated misses has no misses panel")
	}
	with := win.Canvas().Capture()
	for _, b := range []string{"ptrarray", "soa", "spatialhash"} {
		if n, m := count(with, charts.Color(b)), count(without, charts.Color(b)); n < m+100 {
			t.Errorf("%s: %d pixels in its colour with misses, %d without: want its misses lines too", b, n, m)
		}
	}
}

// count is how many pixels of img are exactly c.
func count(img interface {
	Bounds() image.Rectangle
	At(x, y int) color.Color
}, c color.NRGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA) == c {
				n++
			}
		}
	}
	return n
}
