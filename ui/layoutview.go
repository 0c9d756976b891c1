//go:build !nogui

package ui

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts/live"
	"localitylab/charts/raster"
	"localitylab/memlayout"
)

// LayoutView shows where one backing keeps its data, as its worker last reported it
// (memlayout): the facts, and views of the structure's inside, drawn by the charts
// package's painter as the inspect command's picture is. The window runs no workload
// code: what it draws came from the worker, between frames.
type LayoutView struct {
	widget.BaseWidget

	layout  memlayout.Layout
	message string // what to say while there is no layout; "" while there is one
}

var _ fyne.Widget = (*LayoutView)(nil)

// NewLayoutView returns a view that says empty until a layout arrives.
func NewLayoutView(empty string) *LayoutView {
	v := &LayoutView{message: empty}
	v.ExtendBaseWidget(v)
	return v
}

// SetLayout shows l (copied).
func (v *LayoutView) SetLayout(l *memlayout.Layout) {
	v.layout.CopyFrom(l)
	v.message = ""
	v.Refresh()
}

// Clear drops the layout and says why there is none. An empty reason gets a plain
// one, since an empty message is how the view knows a layout is shown.
func (v *LayoutView) Clear(why string) {
	if why == "" {
		why = "No layout to show."
	}
	v.message = why
	v.Refresh()
}

// Backing is whose layout is shown, "" when none is.
func (v *LayoutView) Backing() string {
	if v.message != "" {
		return ""
	}
	return v.layout.Backing
}

// CreateRenderer links the view to its renderer, a pane with the message at its top;
// Fyne calls it. The painter's text is the theme's, so that the notes under the
// views (its small text, 0.85 of that) are no smaller than the captions elsewhere
// in the window. The view asks for little height: it fits what it draws to the
// room it gets (raster.DrawLayout), and a taller least height took rows from the
// run's table.
func (v *LayoutView) CreateRenderer() fyne.WidgetRenderer {
	return live.NewPane(v, live.PaneStyle{Min: fyne.NewSize(200, 40), Text: 1},
		func() string { return v.message }, v.paint)
}

// paint draws the layout, or, while there is none, nothing: the message shows on the
// theme's ground.
func (v *LayoutView) paint(img *image.RGBA, p *raster.Painter) {
	if v.message != "" {
		clear(img.Pix)
		return
	}
	p.DrawLayout(img, img.Rect, &v.layout)
}
