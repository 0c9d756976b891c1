// Package rowvec keeps entities on the tiles of a grid map in per-row vectors (seed
// 000): every row owns one vector of entities and, per column, the index of the first
// entity on that tile; the entities on one tile form a list threaded through the row's
// vector. A sweep that finishes a row before starting the next works in one vector at
// a time, small enough to stay in cache, where one vector for the whole map would not,
// and without the allocation per tile that a vector per tile costs.
//
// Unlike the seed, each entry carries a Prev link as well as Next, so Remove unlinks
// from any position of a tile's list in constant time. Without it a remove from the
// middle walks the list from its head, and at the seed's own load case (a million
// 10×10 rectangles in a 107×80 grid, about 11,700 entries per tile) that walk is
// thousands of steps. The link costs 4 bytes per entry: an Entry[int32] (value, Next,
// Prev) takes 12 bytes, about 12.7 with the vectors' spare capacity, so that load needs
// about 1.27 GB where the seed reports 410 MB (about 4 bytes per entry: its entries
// held a next index and nothing else).
//
// Free slots stay in the row's vector, linked from FirstFree through Next, and are
// marked by Prev == Freed. A store sweeping a row's Ents directly, which streams
// memory where walking tiles follows links, skips them so:
//
//	for i := range row.Ents {
//		if row.Ents[i].Prev == rowvec.Freed {
//			continue
//		}
//		… row.Ents[i].Val …
//	}
//
// Measured (go test -bench . ./backings/rowvec/, medians of 3 runs on the shared
// 2-core project machine; ratios):
//
//   - Remove from a random position of an 11,700-entry tile list: about 1,300× faster
//     than the seed's singly linked walk (BenchmarkRemove prev vs walk); at 10 entries
//     per tile still about 1.7× faster.
//   - Insert: about 4–6× a plain append of the same entry (the free-list check, the
//     tile's head, and the old head's Prev).
//   - source 000's load (100M entries, vectors grown by append as in the seed):
//     rectangle by rectangle into per-row vectors is about 2.3× faster than into one
//     vector for the whole map (1.0× to 2.5× across runs: the single vector's copies of
//     gigabytes make it noisy); loading row by row with Fill (one band of rows per core,
//     2 cores) about 2.5× faster again (BenchmarkLoadRects, -benchtime 1x -count 3).
//   - Walking tile lists is a chain of dependent loads: visiting every entity tile by
//     tile, row by row, takes about 8× a scan of the same rows' Ents on the tiles
//     workload's sparse map (2048×2048 tiles, a million entities), and about 24× on a
//     dense one (107×80 tiles, 117 per tile), once churn has scattered the lists.
//
// A Grid is not safe for concurrent use, except that distinct rows share nothing, so
// goroutines may each change their own rows (see Fill).
package rowvec

import "fmt"

// Link values that are not indexes.
const (
	// None ends a tile's list or the free list, and marks a tile with no entity.
	None int32 = -1
	// Freed is the Prev of a free slot: no live entry has it.
	Freed int32 = -2
)

// Grid is a map of Cols × Rows tiles, each holding a list of values of type T.
type Grid[T any] struct {
	cols int
	rows []Row[T]
}

// Row is one row of the grid. Stores' hot loops read First and Ents directly; they
// change the row only through Insert and Remove.
type Row[T any] struct {
	First     []int32    // per column: index in Ents of the tile's first entity, None if none
	Ents      []Entry[T] // this row's entities, live and free
	FirstFree int32      // head of the free list through Entry.Next, None if none

	index int // row number, for panic messages
	live  int // live entities in Ents
}

// Entry is one slot of a row's vector.
type Entry[T any] struct {
	Val T
	// Next is the next entity on the same tile (None at the end) or, in a free slot,
	// the next free slot.
	Next int32
	// Prev is the previous entity on the same tile, None for the tile's first, and
	// Freed in a free slot.
	Prev int32
}

// New returns an empty grid of cols × rows tiles. Both must be at least 1.
func New[T any](cols, rows int) *Grid[T] {
	if cols < 1 || rows < 1 {
		panic(fmt.Sprintf("rowvec.New: cols = %d, rows = %d; both must be ≥ 1", cols, rows))
	}
	g := &Grid[T]{cols: cols, rows: make([]Row[T], rows)}
	heads := make([]int32, cols*rows) // one allocation for every row's heads
	for i := range heads {
		heads[i] = None
	}
	for r := range g.rows {
		g.rows[r] = Row[T]{First: heads[r*cols : (r+1)*cols : (r+1)*cols], FirstFree: None, index: r}
	}
	return g
}

// Cols is the number of columns (tiles per row).
func (g *Grid[T]) Cols() int { return g.cols }

// Rows is the number of rows.
func (g *Grid[T]) Rows() int { return len(g.rows) }

// Row gives raw access to row r, for loops that walk First and Ents themselves.
func (g *Grid[T]) Row(r int) *Row[T] { return &g.rows[r] }

// Len is the number of live entities in the grid. It sums the rows' counts, so that
// rows filled concurrently need no shared counter: O(Rows).
func (g *Grid[T]) Len() int {
	n := 0
	for r := range g.rows {
		n += g.rows[r].live
	}
	return n
}

// Insert puts v on tile (col, row) and returns its index in that row's Ents.
func (g *Grid[T]) Insert(col, row int, v T) int32 { return g.rows[row].Insert(col, v) }

// Remove takes the entity at index idx of row's Ents off tile (col, row). See
// Row.Remove for what it checks.
func (g *Grid[T]) Remove(col, row int, idx int32) { g.rows[row].Remove(col, idx) }

// Get returns the value at index idx of row's Ents. The pointer stays valid until the
// row's next Insert (which may grow Ents).
func (g *Grid[T]) Get(row int, idx int32) *T { return g.rows[row].Get(idx) }

// Len is the number of live entities in the row.
func (r *Row[T]) Len() int { return r.live }

// Live reports whether idx is a live entity of the row.
func (r *Row[T]) Live(idx int32) bool {
	return uint(idx) < uint(len(r.Ents)) && r.Ents[idx].Prev != Freed
}

// Get returns the value at index idx; it panics if idx is not live, which is a stale
// index kept by the caller.
func (r *Row[T]) Get(idx int32) *T {
	if !r.Live(idx) {
		panic(fmt.Sprintf("rowvec: Get of index %d in row %d, which holds no live entity", idx, r.index))
	}
	return &r.Ents[idx].Val
}

// Clear empties the row, keeping its vector's capacity for the entities to come.
func (r *Row[T]) Clear() {
	for c := range r.First {
		r.First[c] = None
	}
	clear(r.Ents) // drop what the values point to
	r.Ents = r.Ents[:0]
	r.FirstFree = None
	r.live = 0
}

// Clear empties every row, keeping their capacity.
func (g *Grid[T]) Clear() {
	for r := range g.rows {
		g.rows[r].Clear()
	}
}

// Grow makes room for n more entities in the row beyond its free slots, so that a
// bulk load appends without repeated reallocation. It allocates with make rather than
// slices.Grow, which clears the new capacity even when the allocator hands out memory
// fresh from the system and already zero: that clear was about a third of the tiles
// rowvec store's load of source 000's case (rows of 1.25 million entries).
func (r *Row[T]) Grow(n int) {
	if n -= cap(r.Ents) - len(r.Ents); n > 0 {
		ents := make([]Entry[T], len(r.Ents), cap(r.Ents)+n)
		copy(ents, r.Ents)
		r.Ents = ents
	}
}
