// Package layouts holds what the stores of every workload share to report their
// layout (workload.LayoutReporter): the facts and views of each container as it holds
// entities, read through the containers' read-only accessors. A workload's own layout
// file says what its frame visits and in what order; this package says what a slot
// map, a grid of row vectors or a loose grid look like inside.
//
// Nothing here runs in a frame: a layout is taken between frames, a few times a
// second, so closures and method values per slot are fine.
package layouts

import (
	"fmt"
	"math/bits"
	"unsafe"

	"localitylab/backings/rowvec"
	"localitylab/backings/slotmap"
	"localitylab/backings/spatialhash"
	"localitylab/internal/units"
	"localitylab/memlayout"
)

// Addr is p's address, for a walk.
func Addr[T any](p *T) uintptr { return uintptr(unsafe.Pointer(p)) }

// Size is the size of a T in bytes.
func Size[T any]() int64 {
	var v T
	return int64(unsafe.Sizeof(v))
}

// Entities adds the facts every layout starts with: the live entities, and the bytes
// per entity that the structure's arrays hold at their capacity, which what says.
func Entities(dst *memlayout.Layout, n int, bytes int64, what string) {
	dst.Fact(memlayout.FactEntities, float64(n), "entities", "")
	if n == 0 {
		dst.Unknown(memlayout.FactBytesPerEntity, "bytes", "no entities to divide by")
		return
	}
	dst.Fact(memlayout.FactBytesPerEntity, float64(bytes)/float64(n), "bytes", what)
}

// Dense walks a packed slice in index order: the straight line of the packed layouts,
// in constant time whatever its length.
func Dense[T any](dst *memlayout.Layout, vals []T, title, order string) {
	w := dst.Walk()
	if len(vals) > 0 {
		w.Run(Addr(&vals[0]), len(vals), uintptr(Size[T]()))
	}
	w.Finish(title, order)
}

// Pointers walks a pointer array in index order, each object at the address its
// pointer holds: the cloud the scattered heap makes. It reads the pointers only,
// which a frame's loop reads as well, never the objects.
func Pointers[T any](dst *memlayout.Layout, items []*T, title, order string) {
	w := dst.Walk()
	for _, p := range items {
		w.Add(Addr(p))
	}
	w.Finish(title, order)
}

// Map reports a store in Go's built-in map: what Go lets a program see of it, and a
// line saying what it does not. Go gives no address of a map value, exposes neither
// its table's size nor its groups, and ranges over it in a different random order
// every time, so the map has no scatter, no gap histogram and no median gap: any
// figure for them would be made up. What can be shown is the entries, the declared
// sizes of key and value, and, from outside, the heap the load added per entry.
func Map(dst *memlayout.Layout, entries int, key, value int64, what string) {
	dst.Fact(memlayout.FactEntities, float64(entries), "entities", "")
	dst.Unknown(memlayout.FactBytesPerEntity, "bytes",
		"Go's map does not expose its table (slots, groups, control bytes); see heap_bytes_per_entity, measured from outside")
	dst.Unknown(memlayout.FactMedianGap, "bytes",
		"Go gives no address of a map value (&m[k] does not compile), and a range visits the entries in a random order each time")
	dst.Fact("key_bytes", float64(key), "bytes", "as declared")
	dst.Fact("value_bytes", float64(value), "bytes", "as declared")
	if dst.LoadHeap > 0 {
		b := dst.View(memlayout.Bars, "Bytes per entry")
		b.Bar("key + value, as declared", key+value, 0, "bytes")
		b.Bar("heap the load added, per entry", int64(dst.LoadHeap+0.5), 0, "bytes")
	}
	t := dst.View(memlayout.Text, "What Go shows of a map")
	t.Line(fmt.Sprintf("Visible: %s entries (%s), each a %d-byte key and a %d-byte value as declared, and the heap the load added per entry, which the lab measures around the load.",
		units.Count(float64(entries)), what, key, value))
	t.Line("Not visible: where an entry's value sits (Go gives no address of a map value), the table's capacity and load, its groups, control bytes and probe lengths, nor the order the next range will take.")
	t.Line("So there is no address scatter, gap histogram or median gap for a map: any figure for them would be invented.")
}

// SlotMap reports a slot map's own structure: its slots (live, free, retired), the
// free list's length, and the dense array's fill, with the slot table as a strip
// coloured by generation.
func SlotMap[T any](dst *memlayout.Layout, m *slotmap.Map[T]) {
	slots, live, free := m.Slots(), m.Len(), m.FreeLen()
	SlotTable(dst, slots, live, free, m.Cap(), m.SlotAt)
}

// SlotTable reports a generation-checked slot table of slots slots, live of them in
// use and free on its free list, in front of a dense array of capacity capacity (0
// when the values are not in one array); at reads one slot.
func SlotTable(dst *memlayout.Layout, slots, live, free, capacity int, at func(i int) (gen uint32, live bool)) {
	retired := slots - live - free
	dst.Fact("slots", float64(slots), "slots", "live, free and retired; a slot is reused, never freed")
	dst.Fact("free_list_length", float64(free), "slots", "")
	dst.Fact("retired_slots", float64(retired), "slots", "generation used up; never reused")
	s := dst.View(memlayout.Strip, "Slot table: live and free slots, by generation")
	s.SlotTable(slots, at)
	b := dst.View(memlayout.Bars, "Slots and free list")
	if capacity > 0 {
		b.Title = "Dense array and free list"
		b.Bar("dense array", int64(live), int64(capacity), "entities")
	}
	b.Bar("slots live", int64(live), int64(slots), "slots")
	b.Bar("free list", int64(free), int64(slots), "slots")
	if retired > 0 {
		b.Bar("retired", int64(retired), int64(slots), "slots")
	}
}

// RowVectors reports a grid of per-row vectors: per row its entities, its vector's
// capacity and its free slots, and their totals.
func RowVectors[T any](dst *memlayout.Layout, g *rowvec.Grid[T]) {
	var live, free, capacity int64
	for r := range g.Rows() {
		row := g.Row(r)
		live += int64(row.Len())
		free += int64(row.Free())
		capacity += int64(cap(row.Ents))
	}
	dst.Fact("rows", float64(g.Rows()), "rows", "")
	dst.Fact("row_entries_free", float64(free), "entries", "free slots on the rows' free lists")
	dst.Fact("row_entries_spare", float64(capacity-live-free), "entries", "capacity beyond the vectors' lengths")
	v := dst.View(memlayout.Rows, "Row vectors: live entries, free slots and spare capacity")
	v.RowTable(g.Rows(), func(r int) (int64, int64, int64) {
		row := g.Row(r)
		return int64(row.Len()), int64(cap(row.Ents)), int64(row.Free())
	})
	v.Note = fmt.Sprintf("%s entries of %d bytes in %d rows", units.Count(float64(live)), g.EntryBytes(), g.Rows())
	if v.PerCell > 1 {
		v.Note += fmt.Sprintf("; one row in %d shown", v.PerCell)
	}
}

// Grid reports a loose grid (the spatial hash): cell fill as a heat map over bounds
// with mark (the camera or window) on it, entries per cell as a histogram, and, since
// it has no hash table, what it has instead of a table's load factor and probe
// lengths: how full its packed slots are, what waits for a repack, and the cells and
// items the last query q read. The cells' counts leave out pending items, which are
// in no cell's run until the next repack.
func Grid[T any](dst *memlayout.Layout, g *spatialhash.Grid[T], bounds spatialhash.Box, mark memlayout.Rect, q spatialhash.Box) {
	cols, rows := g.Cells()
	cell := int64(g.Cell())
	area := memlayout.Rect{X0: int64(bounds.X), Y0: int64(bounds.Y), X1: int64(bounds.X) + int64(cols)*cell, Y1: int64(bounds.Y) + int64(rows)*cell}
	h := dst.View(memlayout.Heatmap, "Cell fill over the world")
	h.StartHeat(cols, rows, area, "entries per cell")
	hist := dst.View(memlayout.Histogram, "Entries per cell")
	hist.StartCounts("entries")
	nonEmpty, most, listed := 0, 0, 0
	var bins counts
	for cy := range rows {
		for cx := range cols {
			_, n := g.CellRun(cy*cols + cx)
			if n > 0 {
				h.HeatAdd(cx, cy, int64(n))
				nonEmpty++
				most = max(most, n)
				listed += n
			}
			bins.add(n)
		}
	}
	bins.fill(hist)
	h.Heat.Mark = mark
	if h.Heat.Block > 1 {
		h.Note = fmt.Sprintf("each square sums %d×%d cells of side %d", h.Heat.Block, h.Heat.Block, cell)
	}
	hist.Note = fmt.Sprintf("all %s cells", units.Count(float64(cols*rows)))
	cx0, cy0, cx1, cy1 := g.QueryCells(q)
	qCells, qItems := 0, 0
	for cy := cy0; cy <= cy1; cy++ {
		for cx := cx0; cx <= cx1; cx++ {
			_, n := g.CellRun(cy*cols + cx)
			qCells++
			qItems += n
		}
	}
	dst.Fact("cells", float64(cols*rows), "cells", fmt.Sprintf("%d×%d, side %d", cols, rows, cell))
	dst.Fact("empty_cells", float64(cols*rows-nonEmpty), "cells", "")
	dst.Fact("max_entries_per_cell", float64(most), "entries", "")
	if nonEmpty > 0 {
		dst.Fact("entries_per_nonempty_cell", float64(listed)/float64(nonEmpty), "entries", "mean")
	}
	if placed := g.Placed(); placed > 0 {
		dst.Fact("slot_fill", 100*float64(listed)/float64(placed), "%", "items ÷ slots laid out for the cells (the rest is room to grow)")
	}
	dst.Fact("pending_items", float64(g.Pending()), "entries", "in no cell until the next repack")
	dst.Fact("stale_cells", float64(g.StaleCells()), "cells", "corner copies a query will refresh")
	dst.Fact("cells_per_query", float64(qCells), "cells", "the last query's cells: its rectangle widened by the largest box")
	dst.Fact("items_per_query", float64(qItems), "entries", "items in those cells")
	t := dst.View(memlayout.Text, "A loose grid has no probe lengths")
	t.Line("There is no hash table to probe: a cell is an index computed from a corner by two multiplies, and a query reads each of its cells' runs of items as one stretch of memory.")
	t.Line(fmt.Sprintf("What it has instead: the last query read %s cells holding %s items; %s of the slots hold items, the rest is room to grow; %s items wait for a repack; %s cells are stale.",
		units.Count(float64(qCells)), units.Count(float64(qItems)), pct(listed, g.Placed()), units.Count(float64(g.Pending())), units.Count(float64(g.StaleCells()))))
}

func pct(a, b int) string {
	if b == 0 {
		return "none"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(a)/float64(b))
}

// GridWalk walks the items of the cells the query q reads, in its order: row by row,
// each cell's run of items side by side.
func GridWalk[T any](dst *memlayout.Layout, g *spatialhash.Grid[T], q spatialhash.Box, title string) {
	w := dst.Walk()
	cols, _ := g.Cells()
	cx0, cy0, cx1, cy1 := g.QueryCells(q)
	size := uintptr(g.SlotBytes())
	for cy := cy0; cy <= cy1; cy++ {
		for cx := cx0; cx <= cx1; cx++ {
			if start, n := g.CellRun(cy*cols + cx); n > 0 {
				w.Run(g.SlotAddr(start), n, size)
			}
		}
	}
	w.Finish(title, "the last query's cells, row by row")
}

// Index reports a loose grid index rebuilt every frame: cell fill as a heat map over
// bounds and entries per cell as a histogram, as the last Build left them.
func Index(dst *memlayout.Layout, ix *spatialhash.Index, bounds memlayout.Rect) {
	cols, rows := ix.Cells()
	h := dst.View(memlayout.Heatmap, "Index cell fill over the arena")
	h.StartHeat(cols, rows, bounds, "entries per cell")
	hist := dst.View(memlayout.Histogram, "Entries per cell")
	hist.StartCounts("entries")
	nonEmpty, most := 0, 0
	var bins counts
	for cy := range rows {
		for cx := range cols {
			n := ix.CellLen(cy*cols + cx)
			bins.add(n)
			if n > 0 {
				h.HeatAdd(cx, cy, int64(n))
				nonEmpty++
				most = max(most, n)
			}
		}
	}
	bins.fill(hist)
	hist.Note = fmt.Sprintf("all %s cells, as the last rebuild sorted them", units.Count(float64(cols*rows)))
	dst.Fact("cells", float64(cols*rows), "cells", fmt.Sprintf("%d×%d", cols, rows))
	dst.Fact("empty_cells", float64(cols*rows-nonEmpty), "cells", "")
	dst.Fact("max_entries_per_cell", float64(most), "entries", "")
	if nonEmpty > 0 {
		dst.Fact("entries_per_nonempty_cell", float64(ix.Len())/float64(nonEmpty), "entries", "mean")
	}
	dst.Fact("index_bytes", float64(ix.Bytes()), "bytes", "rebuilt every frame by a counting sort; no probing, a cell's boxes lie side by side")
}

// counts tallies entries per cell by the histogram's bins, [0, 1), [1, 2), [2, 4), …,
// in a plain array, so that a grid of millions of cells costs an increment per cell.
type counts [65]int64

func (c *counts) add(n int) { c[bits.Len64(uint64(n))]++ }

// fill adds the tallies to a histogram of counts: the bins up to the last one used.
func (c *counts) fill(v *memlayout.View) {
	top := 0
	for i, k := range c {
		if k > 0 {
			top = i
		}
	}
	for i := 0; i <= top; i++ {
		lo := int64(0)
		if i > 0 {
			lo = 1 << (i - 1)
		}
		v.Count(lo, c[i])
	}
}

// Column adds a column of rows rows to a Columns view: read is how many of its rows
// the last frame read, and it is hot when that was every row.
func Column[T any](v *memlayout.View, name string, data []T, read, rows int) {
	size := Size[T]()
	v.Column(name, size, int64(cap(data))*size, int64(rows), int64(read), rows > 0 && read >= rows)
}
