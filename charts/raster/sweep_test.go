package raster

import (
	"image"
	"io"
	"math"
	"testing"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
)

// TestSweepPNGGolden draws the fixture sweep as the slide: lines with bands, cache
// markers labelled above the plot, the crossing ringed, the failed point's gap, the
// table per backing and the crossing and the skipped point in words.
func TestSweepPNGGolden(t *testing.T) {
	checkGoldenPNG(t, "sweep.png", image.Pt(1920, 1080), func(w io.Writer) error {
		return WriteSweepPNG(w, fixture.Sweep(), charts.Options{})
	})
}

// TestSweepSimPNGGolden draws a sweep with simulated misses: the cost on top, the
// misses per entity in a panel under it on the same x axis (solid D1, dashed LL,
// the cache markers through both), labelled simulated.
func TestSweepSimPNGGolden(t *testing.T) {
	checkGoldenPNG(t, "sweep_sim.png", image.Pt(1920, 1080), func(w io.Writer) error {
		return WriteSweepPNG(w, fixture.SimSweep(), charts.Options{})
	})
}

// TestWithinNoiseCrossVisible: the ring of a crossing within noise is drawn dark
// enough to read against white (channels at most 0x80: the old faint ring in #999 had
// none), and leaves the crossing inside it as it was, so the lines stay seen.
func TestWithinNoiseCrossVisible(t *testing.T) {
	for _, significant := range []bool{false, true} {
		draw := func(cross bool) *image.RGBA {
			pl := charts.SweepPlot{XMin: 1, XMax: 3, Pending: math.NaN(), Curves: []charts.SweepCurve{
				{Name: "a", Color: green, X: []float64{1, 2, 3}, Y: []float64{1, 2, 3}, Lo: nans(3), Hi: nans(3)},
				{Name: "b", Color: magenta, X: []float64{1, 2, 3}, Y: []float64{3, 2, 1}, Lo: nans(3), Hi: nans(3)},
			}}
			if cross {
				pl.Crosses = []charts.SweepCross{{X: 2, Y: 2, Label: "2", Significant: significant}}
			}
			img := image.NewRGBA(image.Rect(0, 0, 600, 400))
			NewPainter(12).DrawSweep(img, img.Rect, &pl)
			return img
		}
		plain, ringed := draw(false), draw(true)
		dark := 0
		box := image.Rectangle{}
		for y := plain.Rect.Min.Y; y < plain.Rect.Max.Y; y++ {
			for x := plain.Rect.Min.X; x < plain.Rect.Max.X; x++ {
				if plain.RGBAAt(x, y) == ringed.RGBAAt(x, y) {
					continue
				}
				box = box.Union(image.Rect(x, y, x+1, y+1))
				if c := ringed.RGBAAt(x, y); max(c.R, c.G, c.B) <= 0x80 {
					dark++
				}
			}
		}
		if dark < 15 {
			t.Errorf("significant %v: %d dark ring pixels, want at least 15", significant, dark)
		}
		if significant {
			continue // its label widens the changed box past the ring
		}
		mid := image.Pt((box.Min.X+box.Max.X)/2, (box.Min.Y+box.Max.Y)/2)
		if box.Dx() > 40 || box.Dy() > 40 {
			t.Fatalf("the ring changed %v, more than a ring around the crossing", box)
		}
		for _, d := range []image.Point{{0, 0}, {-2, 0}, {2, 0}, {0, -2}, {0, 2}} {
			if q := mid.Add(d); plain.RGBAAt(q.X, q.Y) != ringed.RGBAAt(q.X, q.Y) {
				t.Errorf("the ring changed the crossing itself at %v", q)
			}
		}
	}
}

func nans(n int) []float64 { return constant(n, math.NaN()) }
