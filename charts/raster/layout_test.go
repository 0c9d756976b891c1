package raster

import (
	"image"
	"io"
	"testing"

	"localitylab/charts"
	"localitylab/internal/units"
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

// TestHistogramLabelsApart: at every size from the cramped tab to the slide, no two
// of a histogram's labels (counts over bars, bins' names under them) touch, the names
// keep right of the y labels, and the first bin is always named and some count said.
func TestHistogramLabelsApart(t *testing.T) {
	// The gaps of a real pointer array of 200,000 sprites (20 bins from < 1 line to
	// 16 MiB) and a spatial hash's entries per cell.
	gaps := []int64{4, 4, 7, 20, 27, 57, 72, 89, 147, 413, 813, 1641, 3106, 6213, 11603, 22259, 38240, 54719, 43636, 16929}
	var ptr memlayout.View
	ptr.Unit = "bytes"
	for i, c := range gaps {
		lo := int64(0)
		if i > 0 {
			lo = memlayout.Line << (i - 1)
		}
		ptr.Bins = append(ptr.Bins, memlayout.Bin{Lo: lo, Hi: memlayout.Line << i, Count: c})
	}
	cells := memlayout.View{Unit: "entries"}
	for i, c := range []int64{0, 0, 2, 2, 0, 161, 4311, 17} {
		lo := int64(0)
		if i > 0 {
			lo = 1 << (i - 1)
		}
		cells.Bins = append(cells.Bins, memlayout.Bin{Lo: lo, Hi: 1 << i, Count: c})
	}
	for _, v := range []*memlayout.View{&ptr, &cells} {
		for _, px := range []float64{9, 11, 13, 16} {
			for _, w := range []int{240, 320, 420, 760} {
				img := image.NewRGBA(image.Rect(0, 0, w, 240))
				p := NewPainter(px)
				r := img.Rect.Inset(4)
				var top int64
				for _, b := range v.Bins {
					top = max(top, b.Count)
				}
				area, _, y := p.plotAxes(img, r, 1, float64(top), 1, 1, func(float64) string { return "" }, func(f float64) string { return units.Count(f) })
				labels := p.histogramLabels(r, area, &y, v)
				s := p.fonts.small
				box := func(l histLabel) image.Rectangle {
					return image.Rect(l.x, l.base-s.ascent, l.x+s.width(l.text), l.base+s.descent)
				}
				named, counted := false, 0
				for i, a := range labels {
					if a.tick >= 0 {
						named = named || a.text == binLabel(v.Unit, v.Bins[0])
						if a.x < area.Min.X || box(a).Max.X > r.Max.X {
							t.Errorf("%s, %.0f px, %d wide: name %q at %v leaves [%d, %d)", v.Unit, px, w, a.text, box(a), area.Min.X, r.Max.X)
						}
					} else {
						counted++
					}
					for _, b := range labels[i+1:] {
						if box(a).Inset(-1).Overlaps(box(b)) {
							t.Errorf("%s, %.0f px, %d wide: %q at %v touches %q at %v", v.Unit, px, w, a.text, box(a), b.text, box(b))
						}
					}
				}
				if !named || counted == 0 {
					t.Errorf("%s, %.0f px, %d wide: first bin named %v, %d counts said; want it named and some said", v.Unit, px, w, named, counted)
				}
			}
		}
	}
}
