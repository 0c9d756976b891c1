//go:build !nogui

package live

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts/raster"
)

// Pane is the renderer of a widget that is one raster with a message over it while
// there is nothing to draw: the sweep chart, and the window's Layout view. Such a
// widget keeps only what it draws and what it says; the pane keeps the image and the
// painter between draws, so that a redraw at the same size allocates nothing big. It
// starts no goroutine.
type Pane struct {
	w       Themed
	style   PaneStyle
	message func() string
	paint   func(img *image.RGBA, p *raster.Painter)
	raster  *canvas.Raster
	label   *widget.Label
	objects []fyne.CanvasObject
	view    view
}

// Themed is what a pane needs of its widget: the size, which gives the screen's pixel
// scale, and the theme, whose text size the painter's follows (so that the
// large-text mode enlarges it too). Every widget built on widget.BaseWidget has both.
type Themed interface {
	Size() fyne.Size
	Theme() fyne.Theme
}

// PaneStyle is where the widgets built on a pane differ.
type PaneStyle struct {
	Min      fyne.Size // the smallest size that is still readable
	Text     float64   // the painter's text size as a fraction of the theme's
	Centered bool      // the message in the middle, rather than at the top left
}

// NewPane returns w's renderer: paint draws w's picture at the image's size, and
// message is what the label says, "" for none.
func NewPane(w Themed, style PaneStyle, message func() string, paint func(img *image.RGBA, p *raster.Painter)) *Pane {
	r := &Pane{w: w, style: style, message: message, paint: paint, label: widget.NewLabel("")}
	r.label.Wrapping = fyne.TextWrapWord
	if style.Centered {
		r.label.Alignment = fyne.TextAlignCenter
	}
	r.say()
	r.raster = canvas.NewRaster(r.draw)
	r.objects = []fyne.CanvasObject{r.raster, r.label}
	return r
}

// Layout fills the pane with the raster and puts the message over it.
func (r *Pane) Layout(size fyne.Size) {
	r.raster.Resize(size)
	// A wrapped label's height follows its width, so it gets the width first.
	r.label.Resize(fyne.NewSize(size.Width, r.label.Size().Height))
	h := r.label.MinSize().Height
	r.label.Resize(fyne.NewSize(size.Width, h))
	y := float32(0)
	if r.style.Centered {
		y = (size.Height - h) / 2
	}
	r.label.Move(fyne.NewPos(0, y))
}

// MinSize is the style's.
func (r *Pane) MinSize() fyne.Size { return r.style.Min }

// Refresh shows the widget's message, if any, and redraws the picture. It lays the
// label out again, since a new message may wrap to another height.
func (r *Pane) Refresh() {
	r.say()
	r.Layout(r.w.Size())
	r.raster.Refresh()
}

// say puts the widget's message in the label, hidden while there is none.
func (r *Pane) say() {
	msg := r.message()
	r.label.Hidden = msg == ""
	r.label.SetText(msg)
}

// Objects are the raster and the label over it.
func (r *Pane) Objects() []fyne.CanvasObject { return r.objects }

// Destroy lets go of the image and the painter.
func (r *Pane) Destroy() { r.view = view{} }

// draw is the raster's generator: it readies the image and painter for w×h pixels and
// has the widget paint.
func (r *Pane) draw(w, h int) image.Image {
	v := &r.view
	v.prepare(w, h, r.w.Size(), r.w.Theme(), r.style.Text)
	r.paint(v.img, v.painter)
	return v.img
}
