package spatialhash

import (
	"math/bits"
	"unsafe"
)

// The accessors below let a layout view read a grid without changing it: unlike
// Query, none of them refreshes a stale cell or repacks, and none is on a frame path.
// A loose grid has no hash table to probe: a cell is an index computed from a corner,
// and a query reads the run of items of each cell under it. What it has instead of a
// table's load factor and probe lengths is what these report: how full its cells and
// its slots are, and how many items wait, out of place, for a repack.

// Cells is the grid's size in cells: cols across, rows down, numbered row-major.
func (g *Grid[T]) Cells() (cols, rows int) { return int(g.geo.cols), int(g.geo.rows) }

// CellRun is where cell c's items lie in the slots: n of them from slot start on.
func (g *Grid[T]) CellRun(c int) (start, n int) {
	r := g.cells[c]
	return int(r.start), int(r.n)
}

// QueryCells is the range of cells, columns cx0 … cx1 and rows cy0 … cy1, that a
// Query of q walks, row by row: q widened on its low sides by the largest box sides
// held. It runs no query. An empty q walks no cell, and cx0 > cx1.
func (g *Grid[T]) QueryCells(q Box) (cx0, cy0, cx1, cy1 int) {
	if q.Empty() || g.n == 0 {
		return 0, 0, -1, -1
	}
	geo := &g.geo
	qx1, qy1 := int64(q.X)+int64(q.W), int64(q.Y)+int64(q.H)
	return int(geo.col(int64(q.X) - int64(g.maxW) + 1)), int(geo.row(int64(q.Y) - int64(g.maxH) + 1)),
		int(geo.col(qx1 - 1)), int(geo.row(qy1 - 1))
}

// Slots is how many item slots the grid has laid out: the placed cells' items and
// room, then the pending items.
func (g *Grid[T]) Slots() int { return len(g.slots) }

// Placed is how many of the slots belong to cells, items and room; the rest are
// pending items.
func (g *Grid[T]) Placed() int { return int(g.placed()) }

// Pending is how many items wait after the cells for the next repack, having found no
// room near their own cell.
func (g *Grid[T]) Pending() int { return len(g.slots) - int(g.placed()) }

// StaleCells is how many cells hold corner copies that a move has made stale and the
// next query of the cell will refresh.
func (g *Grid[T]) StaleCells() int {
	n := 0
	for _, w := range g.stale {
		n += bits.OnesCount64(w)
	}
	return n
}

// MaxSide is the widest and the tallest box held so far, by which a query widens its
// rectangle on its low sides.
func (g *Grid[T]) MaxSide() (w, h int32) { return g.maxW, g.maxH }

// SlotBytes is the size of one item slot: the value, the box and the id.
func (g *Grid[T]) SlotBytes() int { return int(unsafe.Sizeof(item[T]{})) }

// SlotAddr is the address of slot s, for a layout view to measure the distances a
// query's reads cover. It panics when s is out of range.
func (g *Grid[T]) SlotAddr(s int) uintptr { return uintptr(unsafe.Pointer(&g.slots[s])) }

// Bytes is the memory of the grid at its arrays' capacities: the cells' runs and stale
// bits, the item slots, the corners by id, the live bits and the free ids.
func (g *Grid[T]) Bytes() int64 {
	return int64(cap(g.cells))*int64(unsafe.Sizeof(run{})) + int64(cap(g.stale)+cap(g.live))*8 +
		int64(cap(g.slots))*int64(g.SlotBytes()) + int64(cap(g.at))*int64(unsafe.Sizeof(point{})) + int64(cap(g.free))*4
}

// Cells is the index's size in cells: cols across, rows down, numbered row-major.
func (ix *Index) Cells() (cols, rows int) { return int(ix.geo.cols), int(ix.geo.rows) }

// CellLen is how many boxes the last Build put in cell c.
func (ix *Index) CellLen(c int) int { return int(ix.start[c+1] - ix.start[c]) }

// Bytes is the memory of the index at its arrays' capacities.
func (ix *Index) Bytes() int64 {
	return int64(cap(ix.start)+cap(ix.next)+cap(ix.cell)+cap(ix.sorted))*4 + int64(cap(ix.at))*int64(unsafe.Sizeof(point{}))
}
