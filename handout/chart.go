package handout

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"math"

	"localitylab/charts"
	"localitylab/charts/raster"
	"localitylab/lab/result"
)

// Chart is the picture of a page's run or sweep: the charts its PNG export draws,
// drawn by the same Painter, so that the page shows what the slide shows. For a run
// that is frame time, memory and allocations per frame side by side, the last in
// words while nothing allocated (see raster.DrawRunCharts). For a sweep it is the
// cost per entity over the swept values.
type Chart struct {
	run   *result.Run
	sweep *result.Sweep
}

// Alt describes the chart in words, for the page's text and its readers.
func (c Chart) Alt() string {
	if c.sweep != nil {
		return "Cost per entity of each backing over " + c.sweep.Param + ", with the cache markers, as the sweep's export draws it"
	}
	if note := charts.NoAllocsNote(c.run); note != "" {
		return "Frame time and memory of each backing, frame by frame, as the run's export draws them. " + note
	}
	return "Frame time, memory and allocations per frame of each backing, frame by frame, as the run's export draws them"
}

// draw paints the chart into r of img with labels textPx pixels high.
func (c Chart) draw(img *image.RGBA, r image.Rectangle, textPx float64) {
	draw.Draw(img, r, image.White, image.Point{}, draw.Src)
	p := raster.NewPainter(textPx)
	if c.sweep != nil {
		pl := charts.NewSweepPlot(c.sweep, charts.ScaleAuto, math.NaN())
		p.DrawSweep(img, r, &pl)
		return
	}
	p.DrawRunCharts(img, r, c.run, charts.Options{}, int(textPx))
}

// png draws the chart alone, w×h pixels, and encodes it.
func (c Chart) png(w, h int, textPx float64) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	c.draw(img, img.Rect, textPx)
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
