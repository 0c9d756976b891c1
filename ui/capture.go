//go:build !nogui

package ui

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/widget"
)

// captureWindow returns the window as it looks. It asks the driver first
// (Canvas.Capture); the GL driver reads the front buffer, which on some X servers
// (Xvfb with Mesa's software GL, where the end-to-end test runs) holds nothing and
// comes back uniformly black. Then the window's content is drawn again by Fyne's
// software painter, at the same size and scale. That moves the content to another
// canvas, so it is only done when the window is about to close.
func captureWindow(w fyne.Window) image.Image {
	c := w.Canvas()
	img := c.Capture()
	if img != nil && !uniform(img) {
		return img
	}
	return softCapture(w)
}

// softCapture draws w's content with Fyne's software painter. That painter clips what
// a scroll holds to the scroll, but a scroll inside another one (an entry's text
// inside the lesson's or the setup's scroll) is clipped to its own bounds alone, so
// an entry scrolled out of view would draw its text or placeholder over whatever lies
// beyond the outer scroll. Such entries and inner scrolls are hidden for the capture
// (as they are not on the screen) and shown again after it.
func softCapture(w fyne.Window) image.Image {
	c := w.Canvas()
	soft := software.NewCanvas()
	soft.SetPadded(w.Padded())
	soft.SetScale(c.Scale())
	size := c.Size()
	soft.SetContent(w.Content())
	soft.Resize(size)
	hidden := hideOutsideScrolls(w.Content())
	img := soft.Capture()
	for _, o := range hidden {
		o.Show()
	}
	return img
}

// hideOutsideScrolls hides every entry and inner scroll that a scroll holds but does
// not show whole, and returns them. It follows the window's parts whose children are
// public: containers, scrolls, splits and tabs (their selected tab).
func hideOutsideScrolls(root fyne.CanvasObject) []fyne.CanvasObject {
	var hidden []fyne.CanvasObject
	var walk func(o fyne.CanvasObject, offset fyne.Position, clip *rect)
	walk = func(o fyne.CanvasObject, offset fyne.Position, clip *rect) {
		if o == nil || !o.Visible() {
			return
		}
		pos := o.Position().Add(offset)
		here := rect{pos, o.Size()}
		_, isEntry := o.(*widget.Entry)
		_, scrolls := o.(fyne.Scrollable)
		if clip != nil && (isEntry || scrolls) && !clip.holds(here) {
			o.Hide()
			hidden = append(hidden, o)
			return
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, child := range x.Objects {
				walk(child, pos, clip)
			}
		case *container.Scroll:
			walk(x.Content, pos, clip.within(here))
		case *wheelScroll:
			walk(x.Content, pos, clip.within(here))
		case *container.Split:
			walk(x.Leading, pos, clip)
			walk(x.Trailing, pos, clip)
		case *container.AppTabs:
			if t := x.Selected(); t != nil {
				walk(t.Content, pos, clip)
			}
		}
	}
	walk(root, fyne.Position{}, nil)
	return hidden
}

// rect is an area of the canvas, in its coordinates.
type rect struct {
	pos  fyne.Position
	size fyne.Size
}

// holds reports whether r covers o whole, give or take a pixel's rounding.
func (r rect) holds(o rect) bool {
	const slack = 1
	return o.pos.X >= r.pos.X-slack && o.pos.Y >= r.pos.Y-slack &&
		o.pos.X+o.size.Width <= r.pos.X+r.size.Width+slack && o.pos.Y+o.size.Height <= r.pos.Y+r.size.Height+slack
}

// within is the clip inside a scroll at o, in a clip r (nil: the whole canvas).
func (r *rect) within(o rect) *rect {
	if r == nil {
		return &o
	}
	in := r.intersect(o)
	return &in
}

func (r rect) intersect(o rect) rect {
	x0, y0 := max(r.pos.X, o.pos.X), max(r.pos.Y, o.pos.Y)
	x1 := min(r.pos.X+r.size.Width, o.pos.X+o.size.Width)
	y1 := min(r.pos.Y+r.size.Height, o.pos.Y+o.size.Height)
	return rect{fyne.NewPos(x0, y0), fyne.NewSize(max(0, x1-x0), max(0, y1-y0))}
}

// uniform reports whether every pixel of img (sampled on a grid) has one colour.
func uniform(img image.Image) bool {
	b := img.Bounds()
	if b.Empty() {
		return true
	}
	first := img.At(b.Min.X, b.Min.Y)
	r0, g0, b0, a0 := first.RGBA()
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			r, g, bl, a := img.At(x, y).RGBA()
			if r != r0 || g != g0 || bl != b0 || a != a0 {
				return false
			}
		}
	}
	return true
}
