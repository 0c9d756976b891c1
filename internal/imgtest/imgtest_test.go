package imgtest

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

func TestCountNear(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	red := color.NRGBA{200, 10, 10, 255}
	img.SetNRGBA(0, 0, red)
	img.SetNRGBA(1, 0, color.NRGBA{223, 33, 0, 255})  // 23 off on two channels: near
	img.SetNRGBA(2, 0, color.NRGBA{224, 10, 10, 255}) // 24 off: not near at 24
	img.SetNRGBA(3, 1, red)                           // outside the rectangle below
	tests := []struct {
		r    image.Rectangle
		tol  uint8
		want int
	}{
		{image.Rect(0, 0, 4, 1), 24, 2},
		{image.Rect(0, 0, 4, 1), 25, 3},
		{image.Rect(0, 0, 4, 1), 1, 1},
		{image.Rect(0, 0, 4, 2), 1, 2},
	}
	for _, tt := range tests {
		if got := CountNear(img, tt.r, red, tt.tol); got != tt.want {
			t.Errorf("CountNear(%v, tol %d) = %d, want %d", tt.r, tt.tol, got, tt.want)
		}
	}
}

func TestReadPNG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.png")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, image.NewGray(image.Rect(0, 0, 3, 2))); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if b := ReadPNG(t, path).Bounds(); b.Dx() != 3 || b.Dy() != 2 {
		t.Errorf("bounds %v, want 3×2", b)
	}
}
