package spatialhash

// Query appends to dst the id of every entry whose box overlaps b, each exactly once,
// in no particular order, and returns the extended slice.
//
// It walks the cells under b, or, when b spans more cells than the table has slots,
// sweeps the table, so that a huge rectangle costs no more than a full scan.
func (h *Hash[T]) Query(b Box, dst []int32) []int32 {
	s, ok := spanOf(b, h.cell)
	if !ok || h.cells.used == 0 {
		return dst
	}
	if s.cells() > uint64(len(h.cells.slots)) {
		return h.queryAll(b, s, dst)
	}
	for cx, cy := range s.all() {
		if i := h.cells.find(cx, cy); i >= 0 {
			c := &h.cells.slots[i]
			dst = h.collect(h.pool.list(c.blk, c.n), b, s, cx, cy, dst)
		}
	}
	return dst
}

// queryAll is Query by a sweep of the whole table.
func (h *Hash[T]) queryAll(b Box, s span, dst []int32) []int32 {
	for i := range h.cells.slots {
		c := &h.cells.slots[i]
		if c.n == 0 {
			continue
		}
		if cx, cy := c.coords(); s.contains(cx, cy) {
			dst = h.collect(h.pool.list(c.blk, c.n), b, s, cx, cy, dst)
		}
	}
	return dst
}

// collect appends the entries of cell (cx, cy), a cell of the query span s, that
// overlap b and have this cell as their first in common with s.
//
// That first cell is, along x, the larger of s.x0 and the entry's own first column,
// so in column s.x0 every entry qualifies and further right only those whose own span
// starts here (flag firstCol); likewise along y. Each overlapping entry thus has exactly
// one such cell, and the query visits it. A cell strictly inside s lies wholly inside
// b, so its entries overlap b without a test: only the cells on the border of s read
// the entries' boxes.
func (h *Hash[T]) collect(refs []ref, b Box, s span, cx, cy int32, dst []int32) []int32 {
	var want ref
	if cx != s.x0 {
		want |= firstCol
	}
	if cy != s.y0 {
		want |= firstRow
	}
	if s.x0 < cx && cx < s.x1 && s.y0 < cy && cy < s.y1 {
		for _, r := range refs {
			if r&want == want {
				dst = append(dst, r.id())
			}
		}
		return dst
	}
	for _, r := range refs {
		if r&want == want && h.ents[r.id()].box.Overlaps(b) {
			dst = append(dst, r.id())
		}
	}
	return dst
}
