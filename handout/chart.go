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

// Chart is the picture of a page's run or sweep: the charts its PNG export draws
// (a run's frame time, memory and allocations per frame side by side; a sweep's cost
// per entity over the swept values), drawn by the same Painter, so that the page
// shows what the slide shows.
type Chart struct {
	run   *result.Run
	sweep *result.Sweep
}

// Alt describes the chart in words, for the page's text and its readers.
func (c Chart) Alt() string {
	if c.sweep != nil {
		return "Cost per entity of each backing over " + c.sweep.Param + ", with the cache markers, as the sweep's export draws it"
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
	gap := int(textPx)
	w := (r.Dx() - 2*gap) / len(charts.Metrics)
	for i, m := range charts.Metrics {
		x := r.Min.X + i*(w+gap)
		pl := charts.RunPlot(c.run, m, charts.Options{})
		p.Draw(img, image.Rect(x, r.Min.Y, x+w, r.Max.Y), &pl)
	}
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
