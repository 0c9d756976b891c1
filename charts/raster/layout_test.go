package raster

import (
	"image"
	"io"
	"testing"

	"localitylab/charts"
	"localitylab/memlayout"
	"localitylab/memlayout/layouttest"
)

// TestLayoutGolden draws a layout of every view kind, alone beside the facts at the
// live view's size, and one of several kinds as the inspect command's 1920×1080 PNG.
func TestLayoutGolden(t *testing.T) {
	for _, k := range layouttest.Kinds {
		t.Run(k.String(), func(t *testing.T) {
			img := image.NewRGBA(image.Rect(0, 0, 800, 450))
			NewPainter(13).DrawLayout(img, img.Rect, layouttest.Of(k))
			checkGoldenImage(t, "layout_"+k.String()+".png", img)
		})
	}
	t.Run("png", func(t *testing.T) {
		checkGoldenPNG(t, "layout_every.png", image.Pt(1920, 1080), func(w io.Writer) error {
			return WriteLayoutPNG(w, layouttest.Every(), "parameters: entities 4,000, seed 1", charts.Options{})
		})
	})
}

// TestLayoutPacking: the scatter of packed rows is a line and that of scattered objects
// is not: drawn, the line's points fall on the plot's diagonal.
func TestLayoutPacking(t *testing.T) {
	var l memlayout.Layout
	l.Reset("sprites", "soa", 1)
	layouttest.Packed(&l)
	img := image.NewRGBA(image.Rect(0, 0, 600, 400))
	p := NewPainter(12)
	p.drawScatter(img, img.Rect, &l.Views[0], charts.Color("soa"))
	// Every column of the plot between its ends holds the backing's colour at one
	// height only, rising to the right.
	last := img.Rect.Max.Y
	rising := 0
	for x := 100; x < 560; x += 20 {
		for y := range 400 {
			if c := img.RGBAAt(x, y); c.G > 0x80 && c.R < 0x60 && c.B < 0xA0 {
				if y < last {
					rising++
				}
				last = y
				break
			}
		}
	}
	if rising < 18 {
		t.Errorf("the packed scatter rose in %d of 23 columns: not a line", rising)
	}
}
