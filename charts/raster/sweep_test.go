package raster

import (
	"image"
	"io"
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
