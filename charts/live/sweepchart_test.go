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
