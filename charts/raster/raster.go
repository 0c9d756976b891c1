package raster

import (
	"image"
	"image/color"
	"math"
)

// The raster primitives below write into an *image.RGBA's pixels directly: the
// live chart redraws thousands of segments per frame, and going through image/draw
// with an interface-typed source would allocate and dispatch per call.

// blend composites colour c at coverage cov (0–255) over the pixel at (x, y),
// which must lie inside img's bounds.
func blend(img *image.RGBA, x, y int, c color.NRGBA, cov uint32) {
	a := uint32(c.A) * cov / 255
	if a == 0 {
		return
	}
	i := img.PixOffset(x, y)
	p := img.Pix[i : i+4 : i+4]
	if a == 255 {
		p[0], p[1], p[2], p[3] = c.R, c.G, c.B, 255
		return
	}
	na := 255 - a
	p[0] = uint8((uint32(c.R)*a + uint32(p[0])*na + 127) / 255)
	p[1] = uint8((uint32(c.G)*a + uint32(p[1])*na + 127) / 255)
	p[2] = uint8((uint32(c.B)*a + uint32(p[2])*na + 127) / 255)
	p[3] = uint8((255*a + uint32(p[3])*na + 127) / 255)
}

// fillRect paints r (clipped to img) with c, blending when c is translucent.
func fillRect(img *image.RGBA, r image.Rectangle, c color.NRGBA) {
	r = r.Intersect(img.Rect)
	if r.Empty() {
		return
	}
	if c.A != 255 {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				blend(img, x, y, c, 255)
			}
		}
		return
	}
	// Fill the first row, then copy it: memmove is far faster than a pixel loop.
	first := img.Pix[img.PixOffset(r.Min.X, r.Min.Y):img.PixOffset(r.Max.X, r.Min.Y)]
	for i := 0; i < len(first); i += 4 {
		first[i], first[i+1], first[i+2], first[i+3] = c.R, c.G, c.B, c.A
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		copy(img.Pix[img.PixOffset(r.Min.X, y):], first)
	}
}

// strokeRect draws the outline of r, w pixels wide, inside r.
func strokeRect(img *image.RGBA, r image.Rectangle, w int, c color.NRGBA) {
	fillRect(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), c)
	fillRect(img, image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), c)
	fillRect(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+w, r.Max.Y), c)
	fillRect(img, image.Rect(r.Max.X-w, r.Min.Y, r.Max.X, r.Max.Y), c)
}

// dashedHLine draws a horizontal dashed line of the given thickness centred on y.
func dashedHLine(img *image.RGBA, x0, x1, y, w, dash int, c color.NRGBA) {
	top := y - w/2
	for x := x0; x < x1; x += 2 * dash {
		fillRect(img, image.Rect(x, top, min(x+dash, x1), top+w), c)
	}
}

// pen draws anti-aliased polylines of a fixed width into a clip rectangle. A
// dashed pen carries its dash phase from one segment to the next so that a dashed
// polyline looks like one line, not a row of restarted dashes.
type pen struct {
	img   *image.RGBA
	clip  image.Rectangle
	c     color.NRGBA
	width float64
	dash  float64 // length of a dash and of a gap; 0 draws a solid line
	phase float64 // distance travelled along the current polyline
}

// segment draws the line from (x0, y0) to (x1, y1). Each column (or, for a steep
// line, each row) whose centre lies in the half-open span [start, end) gets a run
// of pixels whose coverage is the overlap with the line's vertical (horizontal)
// cross-section, so consecutive segments of a polyline do not paint their shared
// end twice.
func (p *pen) segment(x0, y0, x1, y1 float64) {
	dx, dy := x1-x0, y1-y0
	steep := math.Abs(dy) > math.Abs(dx)
	if steep {
		x0, y0, x1, y1 = y0, x0, y1, x1
		dx, dy = dy, dx
	}
	if dx == 0 {
		return
	}
	slope := dy / dx
	stretch := math.Sqrt(1 + slope*slope)
	half := p.width / 2 * stretch
	dir := 1.0
	if dx < 0 {
		dir = -1
	}
	// Column centres c+0.5 with c+0.5 in [x0, x1) going in direction dir.
	first := int(math.Ceil(x0 - 0.5))
	if dir < 0 {
		first = int(math.Floor(x0 - 0.5))
	}
	for c := first; (float64(c)+0.5-x1)*dir < 0; c += int(dir) {
		p.phase += stretch
		if p.dash > 0 && math.Mod(p.phase, 2*p.dash) >= p.dash {
			continue
		}
		mid := y0 + (float64(c)+0.5-x0)*slope
		p.span(c, mid-half, mid+half, steep)
	}
}

// span paints across-line pixels at line position c covering [lo, hi). It is the
// innermost loop of every redraw, so it blends inline with the pen's colour
// premultiplied once per span rather than calling blend per pixel.
func (p *pen) span(c int, lo, hi float64, steep bool) {
	img, clip := p.img, p.clip.Intersect(p.img.Rect) // a plot area may reach past a small picture
	if !steep && (c < clip.Min.X || c >= clip.Max.X) || steep && (c < clip.Min.Y || c >= clip.Max.Y) {
		return
	}
	ca := uint32(p.c.A)
	cr, cg, cb := uint32(p.c.R)*ca, uint32(p.c.G)*ca, uint32(p.c.B)*ca // premultiplied, ×255
	r0, r1 := int(math.Floor(lo)), int(math.Ceil(hi))
	if steep {
		r0, r1 = max(r0, clip.Min.X), min(r1, clip.Max.X)
	} else {
		r0, r1 = max(r0, clip.Min.Y), min(r1, clip.Max.Y)
	}
	for r := r0; r < r1; r++ {
		cov := min(hi, float64(r+1)) - max(lo, float64(r))
		if cov <= 0 {
			continue
		}
		var i int
		if steep {
			i = (c-img.Rect.Min.Y)*img.Stride + (r-img.Rect.Min.X)*4
		} else {
			i = (r-img.Rect.Min.Y)*img.Stride + (c-img.Rect.Min.X)*4
		}
		k := uint32(cov*255 + 0.5) // coverage 0–255
		na := 255*255 - ca*k       // (1 − alpha) × 255²
		px := img.Pix[i : i+4 : i+4]
		px[0] = uint8((cr*k + uint32(px[0])*na + 32512) / 65025)
		px[1] = uint8((cg*k + uint32(px[1])*na + 32512) / 65025)
		px[2] = uint8((cb*k + uint32(px[2])*na + 32512) / 65025)
		px[3] = uint8((255*ca*k + uint32(px[3])*na + 32512) / 65025)
	}
}
