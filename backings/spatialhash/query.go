package spatialhash

// Query appends to dst every entry whose box overlaps q, each once, in row-major
// order of the cells of their corners, and returns the extended slice. It first places
// any pending items (see Pack) and refreshes the stale cells it visits.
//
// It walks the cells whose corners could overlap q: those under q widened on its low
// sides by the largest box sides held. A cell lying wholly inside q is taken whole,
// since any box with its corner there overlaps q; only the cells along q's edges test
// their items.
func (g *Grid[T]) Query(q Box, dst []Entry[T]) []Entry[T] {
	if q.Empty() || g.n == 0 {
		return dst
	}
	g.Pack()
	r, cols := g.geo.reach(q, g.maxW, g.maxH), g.geo.cols
	for cy := r.cy0; cy <= r.cy1; cy++ {
		base := cy * cols
		rowInside := r.iy0 <= cy && cy <= r.iy1
		for cx := r.cx0; cx <= r.cx1; cx++ {
			c := base + cx
			if g.stale.has(c) {
				g.refresh(c)
			}
			cl := g.cells[c]
			items := g.slots[cl.start : cl.start+cl.n]
			if rowInside && r.ix0 <= cx && cx <= r.ix1 {
				for i := range items {
					dst = append(dst, items[i].entry())
				}
				continue
			}
			for i := range items {
				if it := &items[i]; overlaps(it.x, it.y, it.w, it.h, q) {
					dst = append(dst, it.entry())
				}
			}
		}
	}
	return dst
}

func (it *item[T]) entry() Entry[T] {
	return Entry[T]{Box: Box{it.x, it.y, it.w, it.h}, ID: it.id, Val: it.val}
}

// overlaps reports whether the box at (x, y) of size w×h overlaps q, both non-empty.
func overlaps(x, y, w, h int32, q Box) bool {
	return int64(x) < int64(q.X)+int64(q.W) && int64(q.X) < int64(x)+int64(w) &&
		int64(y) < int64(q.Y)+int64(q.H) && int64(q.Y) < int64(y)+int64(h)
}
