package live

import (
	"image"
	"image/draw"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
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

// CreateRenderer links the chart to its renderer; Fyne calls it.
func (c *SweepChart) CreateRenderer() fyne.WidgetRenderer {
	r := &sweepRenderer{chart: c, label: widget.NewLabel("")}
	r.label.Alignment, r.label.Wrapping = fyne.TextAlignCenter, fyne.TextWrapWord
	r.raster = canvas.NewRaster(r.draw)
	r.objects = []fyne.CanvasObject{r.raster, r.label}
	return r
}

// sweepRenderer draws the chart as one raster, like the live chart's renderer; the
// message, when there is one, is a label over it.
type sweepRenderer struct {
	chart   *SweepChart
	raster  *canvas.Raster
	label   *widget.Label
	objects []fyne.CanvasObject
	view    view
}

func (r *sweepRenderer) Layout(size fyne.Size) {
	r.raster.Resize(size)
	r.label.Resize(fyne.NewSize(size.Width, r.label.MinSize().Height))
	r.label.Move(fyne.NewPos(0, (size.Height-r.label.MinSize().Height)/2))
}

func (r *sweepRenderer) MinSize() fyne.Size           { return minSize }
func (r *sweepRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *sweepRenderer) Destroy()                     { r.view = view{} }

func (r *sweepRenderer) Refresh() {
	r.label.SetText(r.chart.message)
	if r.chart.message == "" {
		r.label.Hide()
	} else {
		r.label.Show()
	}
	r.raster.Refresh()
}

// draw paints the chart at w×h pixels, with text sized from the theme so that the
// large-text mode enlarges it too.
func (r *sweepRenderer) draw(w, h int) image.Image {
	c, v := r.chart, &r.view
	v.prepare(w, h, c.Size(), c.Theme())
	if c.message != "" {
		draw.Draw(v.img, v.img.Rect, image.White, image.Point{}, draw.Src) // the label says it all
		return v.img
	}
	v.painter.DrawSweep(v.img, v.img.Rect, &c.plot)
	return v.img
}
