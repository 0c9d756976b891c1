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
