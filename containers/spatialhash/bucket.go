package spatialhash

import "fmt"

// join lists e in every cell of its span s.
func (h *Hash[T]) join(e int32, s span) {
	for cx, cy := range s.all() {
		h.list(cx, cy, refOf(e, flagsIn(s, cx, cy)))
	}
}

// leave takes e out of every cell of its span s.
func (h *Hash[T]) leave(e int32, s span) {
	for cx, cy := range s.all() {
		h.unlist(e, cx, cy)
	}
}

// rebucket moves e from span olds to span news: it leaves the cells only olds holds,
// joins those only news holds, and in the cells both hold rewrites e's flags where the
// span's first column or row moved.
func (h *Hash[T]) rebucket(e int32, olds, news span) {
	for cx, cy := range olds.all() {
		if !news.contains(cx, cy) {
			h.unlist(e, cx, cy)
		}
	}
	sameStart := olds.x0 == news.x0 && olds.y0 == news.y0
	for cx, cy := range news.all() {
		f := flagsIn(news, cx, cy)
		switch {
		case !olds.contains(cx, cy):
			h.list(cx, cy, refOf(e, f))
		case !sameStart && flagsIn(olds, cx, cy) != f:
			_, refs, j := h.locate(e, cx, cy)
			refs[j] = refOf(e, f)
		}
	}
}

// list appends r to the list of cell (cx, cy), making the cell if it lists nothing yet.
func (h *Hash[T]) list(cx, cy int32, r ref) {
	c := h.cells.get(cx, cy)
	if c.n == 0 {
		c.blk = h.pool.alloc(0)
	}
	c.blk = h.pool.push(c.blk, c.n, r)
	c.n++
}

// unlist removes e from cell (cx, cy). Lists are unordered, so the last ref fills the
// hole; a list left empty gives its block back and its cell leaves the table, and a
// list left short moves to a smaller block.
func (h *Hash[T]) unlist(e int32, cx, cy int32) {
	i, refs, j := h.locate(e, cx, cy)
	c := &h.cells.slots[i]
	last := c.n - 1
	refs[j] = refs[last]
	c.n = last
	if last == 0 {
		h.pool.release(c.blk)
		h.cells.remove(i)
		return
	}
	c.blk = h.pool.shrunk(c.blk, last)
}

// locate finds e in cell (cx, cy), where its box says it is listed: the cell's slot,
// the cell's list, and e's index in it. The list is valid until the pool next changes.
func (h *Hash[T]) locate(e int32, cx, cy int32) (slot int, refs []ref, index int) {
	if i := h.cells.find(cx, cy); i >= 0 {
		c := &h.cells.slots[i]
		refs := h.pool.list(c.blk, c.n)
		for j, r := range refs {
			if r.id() == e {
				return i, refs, j
			}
		}
	}
	panic(fmt.Sprintf("spatialhash: entry %d missing from cell (%d, %d) that its box overlaps", e, cx, cy))
}
