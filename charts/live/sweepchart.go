//go:build !nogui

package live

import (
	"image"
	"image/draw"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/charts/raster"
	"localitylab/lab/result"
)

// SweepChart shows a sweep's cost per entity, point by point as a sweep measures
// them: the chart of charts.NewSweepPlot, drawn by the renderer of the PNG export.
// Its methods must be called on Fyne's goroutine.
type SweepChart struct {
	widget.BaseWidget

	plot    charts.SweepPlot
	message string // shown while there is no sweep
}

var _ fyne.Widget = (*SweepChart)(nil)

// NewSweepChart returns an empty chart that says message until a sweep is set.
func NewSweepChart(message string) *SweepChart {
	c := &SweepChart{message: message, plot: charts.SweepPlot{Pending: math.NaN()}}
	c.ExtendBaseWidget(c)
	return c
}

// SetSweep shows s, with the value being measured (NaN for none) marked.
func (c *SweepChart) SetSweep(s *result.Sweep, scale charts.Scale, pending float64) {
	c.plot, c.message = charts.NewSweepPlot(s, scale, pending), ""
	c.Refresh()
}

// SetMessage clears the chart and shows msg instead.
func (c *SweepChart) SetMessage(msg string) {
	c.plot, c.message = charts.SweepPlot{Pending: math.NaN()}, msg
	c.Refresh()
}

// Plot returns what the chart draws, for tests.
func (c *SweepChart) Plot() charts.SweepPlot { return c.plot }

// CreateRenderer links the chart to its renderer, a pane with the message centred
// over the chart; Fyne calls it.
func (c *SweepChart) CreateRenderer() fyne.WidgetRenderer {
	return NewPane(c, PaneStyle{Min: minSize, Text: 0.9, Centered: true},
		func() string { return c.message }, c.paint)
}

// paint draws the chart, or, while there is a message, a white ground for it.
func (c *SweepChart) paint(img *image.RGBA, p *raster.Painter) {
	if c.message != "" {
		draw.Draw(img, img.Rect, image.White, image.Point{}, draw.Src) // the label says it all
		return
	}
	p.DrawSweep(img, img.Rect, &c.plot)
}
