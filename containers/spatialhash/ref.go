package spatialhash

import "iter"

// ref is one element of a cell's list: an entry id shifted left by two, with two flags
// saying whether the cell is the first column and the first row of the entry's own
// span. The flags let a query de-duplicate without reading the entry (see collect), so
// a cell that lies wholly inside the query is handled from its list alone.
type ref uint32

const (
	firstCol ref = 1 << iota
	firstRow
	flagBits = 2
)

// maxEntries is the most ids a ref can hold.
const maxEntries = 1<<(32-flagBits) - 1

func (r ref) id() int32        { return int32(r >> flagBits) }
func (r ref) flags() ref       { return r & (firstCol | firstRow) }
func refOf(e int32, f ref) ref { return ref(e)<<flagBits | f }

// flagsIn are the flags of cell (cx, cy) for an entry whose span is s.
func flagsIn(s span, cx, cy int32) ref {
	var f ref
	if cx == s.x0 {
		f |= firstCol
	}
	if cy == s.y0 {
		f |= firstRow
	}
	return f
}

// all yields every cell of s, row by row. Written to stop at x1 and y1 rather than
// past them, so a span ending at math.MaxInt32 does not wrap around.
func (s span) all() iter.Seq2[int32, int32] {
	return func(yield func(cx, cy int32) bool) {
		for cy := s.y0; ; cy++ {
			for cx := s.x0; ; cx++ {
				if !yield(cx, cy) {
					return
				}
				if cx == s.x1 {
					break
				}
			}
			if cy == s.y1 {
				return
			}
		}
	}
}
