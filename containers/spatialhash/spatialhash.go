// Package spatialhash finds the entries near a rectangle without scanning them all
// (seed 004): the plane is cut into square cells, a hash table keyed by cell coordinate
// lists, per cell, every entry whose box overlaps it (a box larger than a cell, or
// across a border, sits in several), and a query visits only the cells under its
// rectangle. Its cost follows the area asked about, not the size of the world; the
// price is paid by moving entries, which leave and join cells.
//
// A query reports each entry once without a set of seen entries: an entry is reported
// only in the first cell, along each axis, that it shares with the query. Each element
// of a cell's list carries, beside the entry's id, whether that cell is the first
// column and the first row of the entry's own cells, which decides this without
// reading the entry; and a cell strictly inside the query needs no overlap test, so
// only the cells on the query's border read entries at all. Queries therefore write
// nothing but dst, allocate nothing once dst has grown, and may run concurrently.
//
// Measured (go test -bench . ./containers/spatialhash/, medians of 5 runs on the
// shared 2-core project machine; ratios). The world is the sprites workload's: boxes
// of side 8–64 in cells of 72, the world sized so that a 1920×1080 view holds about
// 2,000.
//
//   - Query of the view: about 40× faster than testing every box at a million boxes,
//     about 18× at 100,000. The flags above make it about 2× faster than reading every
//     listed entry's box; the table's blocks of 8 cells along x another 10%.
//   - Move, at a million boxes, against writing the same box into a plain []Box:
//     within its cells about 14× (one cache miss on the entry and eight divisions to
//     compare cell ranges, against a loop the CPU overlaps freely); crossing one cell
//     border about 6× more again, since each cell left, joined or re-flagged costs a
//     table slot and a list, two more misses; a sprites-like drift of up to 8 units a
//     frame (about one move in five crosses) about 3.3× a move that stays. This is seed
//     004's caveat in numbers: a frame that moves 10,000 of a million entries spends
//     some 3 ms in Move against 0.09 ms in the query. The flags cost about 7% of the
//     drift moves (a move that shifts an entry's first column rewrites them).
//   - Insert: about half a crossing Move.
//   - The pool of list blocks (pool.go) made moves allocation-free once a world has
//     settled: the workloads' spatialhash frames went from about 190 (sprites), 1,770
//     (bullets) and 29,700 (tiles) allocations per frame to none, with Query and Move
//     times unchanged within the machine's noise (8 alternating runs each). Inserting
//     a million boxes makes about 150 allocations instead of 560,000, but allocates
//     1.7× the bytes, as the slabs grow by doubling.
//
// A cell size about twice the mean box side keeps both a query's cells and the entries
// per cell few. Memory: one entry (16-byte box, 4-byte link, the value) per Insert; 4
// bytes per (entry, cell) pair, in pooled blocks each at least a quarter full, plus
// the free blocks left from the largest number of lists of each size seen so far; and
// a 16-byte table slot, at most half full, per cell occupied now. A Hash is not safe
// for concurrent use, except for concurrent Query, Box, Get and Len calls.
package spatialhash

import "fmt"

// Hash holds values of type T, each with a box, in a grid of square cells.
type Hash[T any] struct {
	cell  int32
	ents  []entry[T]
	free  int32 // head of the free list through entry.next, none if empty
	live  int
	cells table
	pool  pool // the cells' lists
}

// entry is one inserted value. Box, liveness and value sit side by side, so a query's
// overlap test and the Box and Get calls that usually follow it read the same memory.
type entry[T any] struct {
	box  Box
	next int32 // alive in a live entry; in a free one, the next free id or none
	val  T
}

const (
	none  int32 = -1
	alive int32 = -2
)

// New returns an empty hash with square cells of side cell (≥ 1), with room for
// capacity entries before its entry array grows.
func New[T any](cell int32, capacity int) *Hash[T] {
	if cell < 1 {
		panic(fmt.Sprintf("spatialhash.New: cell = %d; want ≥ 1", cell))
	}
	return &Hash[T]{cell: cell, ents: make([]entry[T], 0, max(capacity, 0)), free: none}
}

// Cell is the side of a cell.
func (h *Hash[T]) Cell() int32 { return h.cell }

// Len is the number of live entries.
func (h *Hash[T]) Len() int { return h.live }

// Cells is the number of cells that list at least one entry.
func (h *Hash[T]) Cells() int { return h.cells.used }

// Insert adds v with box b to every cell b overlaps and returns the entry's id, which
// stays valid until Remove. The ids of removed entries are reused.
func (h *Hash[T]) Insert(b Box, v T) int32 {
	e := h.free
	if e != none {
		h.free = h.ents[e].next
		h.ents[e] = entry[T]{box: b, next: alive, val: v}
	} else {
		if len(h.ents) >= maxEntries {
			panic(fmt.Sprintf("spatialhash: Insert beyond %d entries, the most a cell list can name", maxEntries))
		}
		e = int32(len(h.ents))
		h.ents = append(h.ents, entry[T]{box: b, next: alive, val: v})
	}
	h.live++
	if s, ok := spanOf(b, h.cell); ok {
		h.join(e, s)
	}
	return e
}

// Remove takes entry e out of its cells and frees its id.
func (h *Hash[T]) Remove(e int32) {
	en := h.entry("Remove", e)
	if s, ok := spanOf(en.box, h.cell); ok {
		h.leave(e, s)
	}
	*en = entry[T]{next: h.free}
	h.free = e
	h.live--
}

// Move gives entry e the box b. Only when the set of cells changes does the entry
// leave the cells it no longer overlaps and join the new ones; otherwise Move is a
// write of the box.
func (h *Hash[T]) Move(e int32, b Box) {
	en := h.entry("Move", e)
	olds, oldOK := spanOf(en.box, h.cell)
	news, newOK := spanOf(b, h.cell)
	en.box = b
	if oldOK == newOK && olds == news {
		return
	}
	switch {
	case !oldOK:
		h.join(e, news)
	case !newOK:
		h.leave(e, olds)
	default:
		h.rebucket(e, olds, news)
	}
}

// Box is entry e's box.
func (h *Hash[T]) Box(e int32) Box { return h.entry("Box", e).box }

// Get is entry e's value.
func (h *Hash[T]) Get(e int32) T { return h.entry("Get", e).val }

// Ptr points at entry e's value, to change it in place; it is valid until the next
// Insert, which may grow the entry array.
func (h *Hash[T]) Ptr(e int32) *T { return &h.entry("Ptr", e).val }

// entry returns e's entry, panicking if e is not a live id: using a removed or never
// issued id is a caller bug.
func (h *Hash[T]) entry(op string, e int32) *entry[T] {
	if uint(e) >= uint(len(h.ents)) || h.ents[e].next != alive {
		panic(fmt.Sprintf("spatialhash: %s of id %d, which is not a live entry", op, e))
	}
	return &h.ents[e]
}
