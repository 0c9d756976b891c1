// Package imgtest reads and measures the pictures the tests check: exported PNGs,
// screenshots of the window and captures of its canvas. The tests of several packages
// (charts, cli, ui, e2e) look at pictures the same way, so the way lives here once.
package imgtest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"testing"
)

// ReadPNG decodes the PNG file at path and stops the test when it cannot.
func ReadPNG(t testing.TB, path string) image.Image {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s is not a PNG: %v", path, err)
	}
	return img
}

// CountNear counts the pixels of img within r whose red, green and blue each lie
// less than tol from c's: a line drawn in c, with its antialiased edges, but not a
// line of another colour.
func CountNear(img image.Image, r image.Rectangle, c color.NRGBA, tol uint8) int {
	near := func(a, b uint8) bool { return max(a, b)-min(a, b) < tol }
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			if near(p.R, c.R) && near(p.G, c.G) && near(p.B, c.B) {
				n++
			}
		}
	}
	return n
}
