package raster

import (
	"image"
	"slices"
	"testing"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
)

// TestEveryMetricDraws: the painter draws any registered metric of a run, every
// backing's lines in its colour, whether or not the metric is on the slide's row:
// leaving a backing's values out leaves out pixels of its colour.
func TestEveryMetricDraws(t *testing.T) {
	// Backings that allocate, so that no line lies along the axis under its frame.
	r := fixture.Run(fixture.Options{Frames: 100, Warmup: 10, Backings: []string{"map", "rowvec", "spatialhash"}, GC: true})
	draw := func(pl *charts.Plot) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, 640, 400))
		NewPainter(12).Draw(img, img.Rect, pl)
		return img
	}
	for _, m := range charts.Metrics {
		t.Run(m.Name, func(t *testing.T) {
			pl := charts.RunPlot(r, m, charts.Options{})
			full := draw(&pl)
			for i, b := range r.Backings {
				without := pl
				without.Lines = slices.Clone(pl.Lines)
				for j := range m.Lines {
					without.Lines[i*len(m.Lines)+j].Values = nil
				}
				c := charts.Color(b.Name)
				if n, less := count(full, c), count(draw(&without), c); n <= less {
					t.Errorf("%s: %d pixels in its colour, %d without its lines: want its lines drawn", b.Name, n, less)
				}
			}
		})
	}
}
