package raster

import (
	"image"
	"image/color"
	"math"
)

// colRange is the vertical extent, in pixels, of a polyline within one pixel column.
type colRange struct {
	lo, hi float64
	ok     bool
}

// columns draws dense polylines (a point or more every two pixels) column by
// column: it first sweeps the line into the range of y it covers in each pixel
// column, then paints each column once, from the lowest to the highest y within
// the line's width of it, with anti-aliased ends. A noisy series of 1,000 frames in
// 500 pixels is thus one short vertical run per column instead of 1,000 steep
// segments that each paint their width on every row, which is what makes a redraw
// of six such series fit in a couple of milliseconds. Lines are monotonic in x, so
// a sweep sees each column once.
type columns struct {
	cols  []colRange
	x0    int // image x of cols[0]
	lastX float64
	lastY float64
	open  bool // the polyline has a current point
}

// reset prepares for a polyline within image columns [x0, x1).
func (cs *columns) reset(x0, x1 int) {
	n := x1 - x0
	if cap(cs.cols) < n {
		cs.cols = make([]colRange, n)
	}
	cs.cols = cs.cols[:n]
	clear(cs.cols)
	cs.x0, cs.open = x0, false
}

// add extends column c (relative) to cover [a, b].
func (cs *columns) add(c int, a, b float64) {
	if c < 0 || c >= len(cs.cols) {
		return
	}
	r := &cs.cols[c]
	if a > b {
		a, b = b, a
	}
	if !r.ok {
		*r = colRange{lo: a, hi: b, ok: true}
		return
	}
	r.lo, r.hi = min(r.lo, a), max(r.hi, b)
}

// point continues the polyline to (x, y), or starts a new one after a break.
func (cs *columns) point(x, y float64) {
	x -= float64(cs.x0)
	if !cs.open {
		cs.add(int(math.Floor(x)), y, y)
		cs.lastX, cs.lastY, cs.open = x, y, true
		return
	}
	x0, y0 := cs.lastX, cs.lastY
	slope := (y - y0) / (x - x0)
	for x0 < x {
		c := math.Floor(x0)
		xe := min(x, c+1)
		ye := y0 + (xe-x0)*slope
		cs.add(int(c), y0, ye)
		x0, y0 = xe, ye
	}
	cs.add(int(math.Floor(x)), y, y)
	cs.lastX, cs.lastY = x, y
}

// brk ends the current polyline: the next point starts a new one.
func (cs *columns) brk() { cs.open = false }

// paint draws every covered column. A column is widened to the union of its
// neighbours' ranges within the line's width, so steep parts are as thick as flat
// ones: neighbours within the whole pixels of the width count fully, the next ones
// at the width's fraction, which anti-aliases the sides of steep parts. A dashed
// line skips every other run of dash columns.
func (cs *columns) paint(img *image.RGBA, clip image.Rectangle, c color.NRGBA, width float64, dash int) {
	reach := max(0, (width-1)/2)
	k := int(reach)
	frac := reach - float64(k)
	hw := width / 2
	clip = clip.Intersect(img.Rect)
	for i := range cs.cols {
		x := cs.x0 + i
		if x < clip.Min.X || x >= clip.Max.X || dash > 0 && (i/dash)%2 == 1 {
			continue
		}
		lo, hi, ok := cs.window(i, k)
		if !ok {
			// Only a neighbour one step beyond the width reaches here, faintly.
			if olo, ohi, ook := cs.window(i, k+1); ook && frac > 0 {
				vrun(img, clip, x, olo-hw, ohi+hw, c, frac)
			}
			continue
		}
		vrun(img, clip, x, lo-hw, hi+hw, c, 1)
		if frac > 0 {
			olo, ohi, _ := cs.window(i, k+1)
			if olo < lo {
				vrun(img, clip, x, olo-hw, lo-hw, c, frac)
			}
			if ohi > hi {
				vrun(img, clip, x, hi+hw, ohi+hw, c, frac)
			}
		}
	}
}

// window returns the union of the ranges of columns i-k to i+k.
func (cs *columns) window(i, k int) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for j := max(0, i-k); j <= min(len(cs.cols)-1, i+k); j++ {
		if r := &cs.cols[j]; r.ok {
			lo, hi, ok = min(lo, r.lo), max(hi, r.hi), true
		}
	}
	return lo, hi, ok
}

// vrun paints column x from y = lo to y = hi at coverage scale, the end pixels at
// their share of it. Inner pixels of an opaque line are stored, not blended: they
// are most of the pixels of a redraw.
func vrun(img *image.RGBA, clip image.Rectangle, x int, lo, hi float64, c color.NRGBA, scale float64) {
	y0, y1 := max(int(math.Floor(lo)), clip.Min.Y), min(int(math.Ceil(hi)), clip.Max.Y)
	if y0 >= y1 {
		return
	}
	i := img.PixOffset(x, y0)
	for y := y0; y < y1; y, i = y+1, i+img.Stride {
		cov := min(hi, float64(y+1)) - max(lo, float64(y))
		k := uint32(cov*scale*255 + 0.5)
		if k == 0 {
			continue
		}
		px := img.Pix[i : i+4 : i+4]
		if k >= 255 && c.A == 255 {
			px[0], px[1], px[2], px[3] = c.R, c.G, c.B, 255
			continue
		}
		a := uint32(c.A) * k // alpha × 255
		na := 255*255 - a
		px[0] = uint8((uint32(c.R)*a + uint32(px[0])*na + 32512) / 65025)
		px[1] = uint8((uint32(c.G)*a + uint32(px[1])*na + 32512) / 65025)
		px[2] = uint8((uint32(c.B)*a + uint32(px[2])*na + 32512) / 65025)
		px[3] = uint8((255*a + uint32(px[3])*na + 32512) / 65025)
	}
}
