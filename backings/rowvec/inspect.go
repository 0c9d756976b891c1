package rowvec

import "unsafe"

// Free is the number of free slots in the row's vector, all of them on its free list:
// the slots the row's next inserts reuse before its vector grows. It is read from the
// row's counts, without walking the list.
func (r *Row[T]) Free() int { return len(r.Ents) - r.live }

// EntryBytes is the size of one slot of a row's vector: the value and its two links.
func (g *Grid[T]) EntryBytes() int { return int(unsafe.Sizeof(Entry[T]{})) }

// Bytes is the memory of the grid: every row's vector at its capacity, the list heads
// (4 bytes per tile) and the rows' own headers.
func (g *Grid[T]) Bytes() int64 {
	n := int64(g.cols) * int64(len(g.rows)) * 4
	n += int64(len(g.rows)) * int64(unsafe.Sizeof(Row[T]{}))
	e := int64(g.EntryBytes())
	for r := range g.rows {
		n += int64(cap(g.rows[r].Ents)) * e
	}
	return n
}
