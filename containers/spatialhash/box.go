package spatialhash

import "math"

// Box is an axis-aligned rectangle covering [X, X+W) × [Y, Y+H) in world units. A box
// with W or H ≤ 0 covers nothing: it sits in no cell and overlaps nothing.
type Box struct{ X, Y, W, H int32 }

// Empty reports whether b covers nothing.
func (b Box) Empty() bool { return b.W <= 0 || b.H <= 0 }

// Overlaps reports whether b and o share a point. Sums are taken in 64 bits, so a box
// reaching past math.MaxInt32 is handled exactly.
func (b Box) Overlaps(o Box) bool {
	return !b.Empty() && !o.Empty() &&
		int64(b.X) < int64(o.X)+int64(o.W) && int64(o.X) < int64(b.X)+int64(b.W) &&
		int64(b.Y) < int64(o.Y)+int64(o.H) && int64(o.Y) < int64(b.Y)+int64(b.H)
}

// span is an inclusive range of cell coordinates, [x0, x1] × [y0, y1].
type span struct{ x0, y0, x1, y1 int32 }

// contains reports whether cell (cx, cy) lies in s.
func (s span) contains(cx, cy int32) bool {
	return s.x0 <= cx && cx <= s.x1 && s.y0 <= cy && cy <= s.y1
}

// cells is how many cells s holds, in 64 bits since a span can cover 2^64 of them.
func (s span) cells() uint64 {
	return uint64(int64(s.x1)-int64(s.x0)+1) * uint64(int64(s.y1)-int64(s.y0)+1)
}

// spanOf is the range of cells of side c that b overlaps; ok is false for an empty box.
// A box's far edge is clipped to math.MaxInt32: no box can start beyond it, so two boxes
// that overlap always share a point at or below it and the clipping loses no overlap.
func spanOf(b Box, c int32) (s span, ok bool) {
	if b.Empty() {
		return span{}, false
	}
	x1 := int32(min(int64(b.X)+int64(b.W)-1, math.MaxInt32))
	y1 := int32(min(int64(b.Y)+int64(b.H)-1, math.MaxInt32))
	return span{floorDiv(b.X, c), floorDiv(b.Y, c), floorDiv(x1, c), floorDiv(y1, c)}, true
}

// floorDiv is a / c rounded down (Go's / rounds toward zero), for c > 0.
func floorDiv(a, c int32) int32 {
	q := a / c
	if a < 0 && q*c != a {
		q--
	}
	return q
}
