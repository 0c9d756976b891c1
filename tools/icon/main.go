// Command icon draws Locality Lab's application icon, Icon.png at the repository root,
// which FyneApp.toml names. It is run by hand when the design changes
// (go run ./tools/icon -o Icon.png), not by the build.
//
// The picture is the app's lesson in one glance: a block of memory as rows of cache
// lines, the upper lines touched at scattered cells (pointer chasing, in the pointer
// array's vermillion), the lower lines filled end to end (packed columns, in the
// struct-of-arrays' green). The colours are the charts' palette.
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"

	"localitylab/charts"
	"localitylab/internal/atomicfile"
)

const (
	size    = 512 // pixels on a side; fyne package wants at least 256
	lines   = 8   // cache lines drawn, one per row
	perLine = 8   // cells per line
)

var (
	background = color.NRGBA{0x1F, 0x26, 0x33, 0xFF}
	idle       = color.NRGBA{0x34, 0x3E, 0x4F, 0xFF} // a cell no one reads
	scattered  = charts.Color("ptrarray")            // pointer chasing, as the charts draw it
	packed     = charts.Color("soa")                 // packed columns, as the charts draw them
)

// hits marks, per line, the cells a pointer-chasing loop touches: one or two per line,
// never in step with the line before, as objects land in a long-running heap. The lower
// half is the same work done over packed arrays: every cell of a line is used.
var hits = [lines][perLine]bool{
	{false, false, true, false, false, false, false, false},
	{false, false, false, false, false, true, false, false},
	{true, false, false, false, false, false, false, true},
	{false, false, false, true, false, false, false, false},
	{true, true, true, true, true, true, true, true},
	{true, true, true, true, true, true, true, true},
	{true, true, true, true, true, true, true, true},
	{true, true, true, true, true, true, true, true},
}

func main() {
	out := flag.String("o", "Icon.png", "the PNG file to write")
	flag.Parse()
	if err := atomicfile.Write(*out, func(w io.Writer) error { return png.Encode(w, draw()) }); err != nil {
		fmt.Fprintln(os.Stderr, "icon:", err)
		os.Exit(1)
	}
}

// draw paints the icon: a rounded tile, then the cells, each a rounded square whose
// edge is anti-aliased by its coverage of the pixel.
func draw() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	const margin, radius = 16.0, 96.0
	fill(img, roundRect{margin, margin, size - margin, size - margin, radius}, background)

	const pad, gap, split = 72.0, 10.0, 28.0 // split: extra space between the two halves
	cell := (size - 2*pad - (perLine-1)*gap) / perLine
	rowH := (size - 2*pad - split - (lines-1)*gap) / lines
	for r := range lines {
		y := pad + float64(r)*(rowH+gap)
		if r >= lines/2 {
			y += split
		}
		for c := range perLine {
			x := pad + float64(c)*(cell+gap)
			col := idle
			if hits[r][c] {
				col = scattered
				if r >= lines/2 {
					col = packed
				}
			}
			fill(img, roundRect{x, y, x + cell, y + rowH, 10}, col)
		}
	}
	return img
}

// roundRect is a rectangle with rounded corners in pixel coordinates.
type roundRect struct{ x0, y0, x1, y1, r float64 }

// dist is the signed distance from (x, y) to the shape's edge, negative inside.
func (s roundRect) dist(x, y float64) float64 {
	cx, cy := (s.x0+s.x1)/2, (s.y0+s.y1)/2
	hx, hy := (s.x1-s.x0)/2-s.r, (s.y1-s.y0)/2-s.r
	dx, dy := math.Max(math.Abs(x-cx)-hx, 0), math.Max(math.Abs(y-cy)-hy, 0)
	inner := math.Min(math.Max(math.Abs(x-cx)-hx, math.Abs(y-cy)-hy), 0)
	return math.Hypot(dx, dy) + inner - s.r
}

// fill blends col over img wherever the shape covers a pixel, by how much it covers it.
func fill(img *image.NRGBA, s roundRect, col color.NRGBA) {
	for y := int(s.y0); y <= int(s.y1) && y < size; y++ {
		for x := int(s.x0); x <= int(s.x1) && x < size; x++ {
			a := math.Min(math.Max(0.5-s.dist(float64(x)+0.5, float64(y)+0.5), 0), 1)
			if a == 0 {
				continue
			}
			img.SetNRGBA(x, y, over(img.NRGBAAt(x, y), col, a))
		}
	}
}

// over blends top onto bottom with coverage a, keeping straight (non-premultiplied)
// alpha so that the tile's rounded corners stay transparent outside it.
func over(bottom, top color.NRGBA, a float64) color.NRGBA {
	ba := float64(bottom.A) / 255
	oa := a + ba*(1-a)
	mix := func(t, b uint8) uint8 {
		return uint8(math.Round((float64(t)*a + float64(b)*ba*(1-a)) / oa))
	}
	return color.NRGBA{mix(top.R, bottom.R), mix(top.G, bottom.G), mix(top.B, bottom.B), uint8(math.Round(oa * 255))}
}
