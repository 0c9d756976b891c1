package ui

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"
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
	soft := software.NewCanvas()
	soft.SetPadded(w.Padded())
	soft.SetScale(c.Scale())
	size := c.Size()
	soft.SetContent(w.Content())
	soft.Resize(size)
	return soft.Capture()
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
