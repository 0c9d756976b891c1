package spatialhash

import "fmt"

// join lists e in every cell of its span s.
func (h *Hash[T]) join(e int32, s span) {
	for cx, cy := range s.all() {
		c := h.cells.get(cx, cy)
		c.ids = append(c.ids, refOf(e, flagsIn(s, cx, cy)))
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
			c := h.cells.get(cx, cy)
			c.ids = append(c.ids, refOf(e, f))
		case !sameStart && flagsIn(olds, cx, cy) != f:
			c, i := h.locate(e, cx, cy)
			c.ids[i] = refOf(e, f)
		}
	}
}

// unlist removes e from cell (cx, cy). Lists are unordered, so the last ref fills the
// hole.
func (h *Hash[T]) unlist(e int32, cx, cy int32) {
	c, i := h.locate(e, cx, cy)
	last := len(c.ids) - 1
	c.ids[i] = c.ids[last]
	c.ids = c.ids[:last]
}

// locate finds e in cell (cx, cy), where its box says it is listed.
func (h *Hash[T]) locate(e int32, cx, cy int32) (*cell, int) {
	if c := h.cells.find(cx, cy); c != nil {
		for i, r := range c.ids {
			if r.id() == e {
				return c, i
			}
		}
	}
	panic(fmt.Sprintf("spatialhash: entry %d missing from cell (%d, %d) that its box overlaps", e, cx, cy))
}
