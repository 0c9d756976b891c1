package spatialhash

import (
	"fmt"
	"math/bits"
)

// Box is an axis-aligned rectangle covering [X, X+W) × [Y, Y+H) in world units. The
// grid holds boxes with W and H of at least 1; a query box with W or H ≤ 0 covers
// nothing and finds nothing.
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

// MaxCells is the most cells a grid may have: each costs 8 bytes, whether it holds
// anything or not.
const MaxCells = 1 << 28

// geometry cuts a bounded rectangle of the plane into cols × rows square cells, cell
// (0, 0) at (x0, y0). A corner outside the rectangle belongs to the nearest border
// cell, so every point of the plane has a cell; the rectangle only decides where the
// cells are fine-grained.
type geometry struct {
	x0, y0     int32
	cell       int32
	cols, rows int32
	lastCol    uint64 // cols - 1
	lastRow    uint64 // rows - 1
	recip      uint64 // ceil(2^63 / cell), so that a division is a multiplication
	w, h       int32  // the bounds' size: the period of ShiftEach's torus
	// spanX and spanY bound the cells' own area, [x0, x0+spanX) × [y0, y0+spanY):
	// the cells' extent, cut short so that x0+spanX and y0+spanY stay within 2^31.
	// There a corner's offset d from the origin is exact as an int32 difference taken
	// modulo 2^32, and its column is d·magic >> shift (see magicOf): the cheap test
	// of a move that stays in its cell, where index must also clamp.
	spanX, spanY uint64
	magic        uint64
	shift        uint8
}

func newGeometry(bounds Box, cell int32) geometry {
	if cell < 1 {
		panic(fmt.Sprintf("spatialhash: cell = %d; want ≥ 1", cell))
	}
	if bounds.Empty() {
		panic(fmt.Sprintf("spatialhash: bounds %+v cover nothing", bounds))
	}
	cols := (int64(bounds.W) + int64(cell) - 1) / int64(cell)
	rows := (int64(bounds.H) + int64(cell) - 1) / int64(cell)
	if cols*rows > MaxCells {
		panic(fmt.Sprintf("spatialhash: bounds %+v in cells of %d make %d×%d cells, more than %d", bounds, cell, cols, rows, MaxCells))
	}
	magic, shift := magicOf(cell)
	return geometry{
		x0: bounds.X, y0: bounds.Y, cell: cell,
		cols: int32(cols), rows: int32(rows),
		lastCol: uint64(cols - 1), lastRow: uint64(rows - 1),
		recip: reciprocal(cell),
		w:     bounds.W, h: bounds.H,
		spanX: span(bounds.X, cols, cell), spanY: span(bounds.Y, rows, cell),
		magic: magic, shift: shift,
	}
}

// reciprocal is ceil(2^63 / cell), for index.
func reciprocal(cell int32) uint64 { return (1<<63-1)/uint64(cell) + 1 }

// span is the extent of the cells' own area along an axis from origin o whose n
// cells of side cell reach past it: cut short, in whole cells, at 2^31 - max(o, 0), so
// that an offset below it names a coordinate below 2^31, and an int32 difference v-o
// read modulo 2^32 falls below it only for a v that truly lies within it. Whole cells,
// so that an offset d at or beyond it has d·magic >> shift at or beyond its cells'
// count (the product is monotone in d, and exact below 2^64, as magic ≤ 2^32 and
// d < 2^32): a cell test between a corner inside the area and one outside it fails.
func span(o int32, n int64, cell int32) uint64 {
	return uint64(min(n, (1<<31-max(int64(o), 0))/int64(cell)) * int64(cell))
}

// magicOf is the multiplier and shift that divide by cell any d below 2^31 (Granlund
// and Montgomery's division by invariant integers, for 31-bit dividends): with
// l = ceil(log2 cell) and magic = ceil(2^(31+l) / cell), floor(d / cell) equals
// d·magic >> (31+l), since magic·cell exceeds 2^(31+l) by less than cell ≤ 2^l; and
// the product stays below 2^63, as magic ≤ 2^32. One multiply and one shift, where
// index needs a 128-bit product and a clamp.
func magicOf(cell int32) (magic uint64, shift uint8) {
	l := uint(bits.Len32(uint32(cell) - 1))
	return (1<<(31+l) + uint64(cell) - 1) / uint64(cell), uint8(31 + l)
}

// away is a corner outside the cells' own area, the one a freed id keeps: its offset
// from the origin, -1, read modulo 2^32 is 2^32-1, beyond any span.
func (g *geometry) away() point { return point{g.x0 - 1, g.y0 - 1} }

// around is v moved by d around the torus of period n from origin o: o + (v-o+d) mod n,
// in [o, o+n). It takes 64 bits, so that no sum overflows.
func around(v, d, o, n int32) int32 {
	r := (int64(v) - int64(o) + int64(d)) % int64(n)
	if r < 0 {
		r += int64(n)
	}
	return int32(int64(o) + r)
}

// cells is how many cells the grid has.
func (g *geometry) cells() int { return int(g.cols) * int(g.rows) }

// cellOf is the index of the cell holding corner (x, y), row-major.
func (g *geometry) cellOf(x, y int32) int32 {
	return g.index(max(int64(y)-int64(g.y0), 0), g.lastRow)*g.cols + g.index(max(int64(x)-int64(g.x0), 0), g.lastCol)
}

// col and row are the column and row of the cell holding coordinate v, which may lie
// anywhere within ±2^33.
func (g *geometry) col(v int64) int32 { return g.index(min(max(v-int64(g.x0), 0), 1<<32-1), g.lastCol) }
func (g *geometry) row(v int64) int32 { return g.index(min(max(v-int64(g.y0), 0), 1<<32-1), g.lastRow) }

// index is floor(d / cell) clamped to [0, last], for 0 ≤ d < 2^32. The quotient is a
// 64×64-bit multiply by the reciprocal instead of a division, which the processor
// cannot overlap with its neighbours: exact there, since the reciprocal's error, at
// most d / 2^63 < 2^-31, is less than the 1/cell by which a quotient's fraction stays
// below 1. It has no branch, so that cellOf inlines into a move.
func (g *geometry) index(d int64, last uint64) int32 {
	hi, lo := bits.Mul64(uint64(d), g.recip)
	return int32(min(hi<<1|lo>>63, last))
}

// reach is what a query visits: the columns [cx0, cx1] and rows [cy0, cy1] of the
// cells whose corners could hold a box overlapping q, the largest box being w×h, and
// the columns [ix0, ix1] and rows [iy0, iy1] of those that lie wholly inside q. The
// grid's and the index's queries differ only in what a cell holds, so they share it.
type reach struct{ cx0, cx1, cy0, cy1, ix0, ix1, iy0, iy1 int32 }

func (g *geometry) reach(q Box, w, h int32) reach {
	qx1, qy1 := int64(q.X)+int64(q.W), int64(q.Y)+int64(q.H)
	var r reach
	r.cx0, r.cx1 = g.col(int64(q.X)-int64(w)+1), g.col(qx1-1)
	r.cy0, r.cy1 = g.row(int64(q.Y)-int64(h)+1), g.row(qy1-1)
	r.ix0, r.ix1 = g.inside(int64(q.X), qx1, g.x0, g.cols)
	r.iy0, r.iy1 = g.inside(int64(q.Y), qy1, g.y0, g.rows)
	return r
}

// inside is the range [first, last] of cells along one axis whose every coordinate
// lies in [lo, hi), for a grid of n cells from origin o: the cells a loose query takes
// whole, without testing their entries. Border cells are never inside, since they
// also hold the corners beyond the grid. An empty range has first > last.
func (g *geometry) inside(lo, hi int64, o int32, n int32) (first, last int32) {
	c := int64(g.cell)
	f := ceilDiv(lo-int64(o), c)
	l := floorDiv(hi-int64(o), c) - 1
	return int32(min(max(f, 1), int64(n))), int32(max(min(l, int64(n)-2), 0))
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 { return -floorDiv(-a, b) }
