package ui

import (
	"image"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/memlayout"
)

// LayoutView shows where one backing keeps its data, as its worker last reported it
// (memlayout): the facts, and views of the structure's inside, drawn by the charts
// package's painter as the inspect command's picture is. The window runs no workload
// code: what it draws came from the worker, between frames.
type LayoutView struct {
	widget.BaseWidget

	layout memlayout.Layout
	has    bool
	empty  string // what to say when there is no layout
}

var _ fyne.Widget = (*LayoutView)(nil)

// NewLayoutView returns a view that says empty until a layout arrives.
func NewLayoutView(empty string) *LayoutView {
	v := &LayoutView{empty: empty}
	v.ExtendBaseWidget(v)
	return v
}

// SetLayout shows l (copied).
func (v *LayoutView) SetLayout(l *memlayout.Layout) {
	v.layout.CopyFrom(l)
	v.has = true
	v.Refresh()
}

// Clear drops the layout and says why there is none.
func (v *LayoutView) Clear(empty string) {
	v.has, v.empty = false, empty
	v.Refresh()
}

// Backing is whose layout is shown, "" when none is.
func (v *LayoutView) Backing() string {
	if !v.has {
		return ""
	}
	return v.layout.Backing
}

// CreateRenderer links the view to its renderer; Fyne calls it.
func (v *LayoutView) CreateRenderer() fyne.WidgetRenderer {
	r := &layoutRenderer{v: v, msg: widget.NewLabel(v.empty)}
	r.msg.Wrapping = fyne.TextWrapWord
	r.raster = canvas.NewRaster(r.draw)
	r.objects = []fyne.CanvasObject{r.raster, r.msg}
	return r
}

// layoutRenderer draws the layout as one raster, or the empty message as a label. It
// keeps its image and painter between draws; it starts no goroutine.
type layoutRenderer struct {
	v       *LayoutView
	raster  *canvas.Raster
	msg     *widget.Label
	objects []fyne.CanvasObject
	img     *image.RGBA
	painter *charts.Painter
	px      float64
}

func (r *layoutRenderer) draw(w, h int) image.Image {
	w, h = max(w, 1), max(h, 1)
	r.img = sized(r.img, w, h)
	scale := 1.0
	if size := r.v.Size(); size.Width > 0 {
		scale = float64(w) / float64(size.Width)
	}
	px := math.Round(float64(r.v.Theme().Size(theme.SizeNameText))*0.85*scale*4) / 4
	if r.painter == nil || r.px != px {
		r.painter, r.px = charts.NewPainter(min(max(px, 4), 200)), px
	}
	if !r.v.has {
		clear(r.img.Pix) // transparent: the message shows on the theme's ground
		return r.img
	}
	r.painter.DrawLayout(r.img, r.img.Rect, &r.v.layout)
	return r.img
}

func (r *layoutRenderer) Layout(size fyne.Size) {
	r.raster.Resize(size)
	r.msg.Move(fyne.NewPos(0, 0))
	r.msg.Resize(fyne.NewSize(size.Width, r.msg.MinSize().Height))
}

func (r *layoutRenderer) MinSize() fyne.Size { return fyne.NewSize(200, 140) }

func (r *layoutRenderer) Refresh() {
	r.msg.SetText(r.v.empty)
	r.msg.Hidden = r.v.has
	r.Layout(r.v.Size())
	r.raster.Refresh()
}

func (r *layoutRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Destroy lets go of the image and the painter.
func (r *layoutRenderer) Destroy() { r.img, r.painter = nil, nil }
