package sprites

// The stride parameter: the same scan of the same array, its entries read in another
// order. With stride k a flat scan (ptrarray's pointers, the slot map's dense values,
// soa's columns) reads its array in k passes, every k-th entry in each: 0, k, 2k …,
// then 1, k+1, 2k+1 …, and so on to k-1. Every sprite is still tested once a frame,
// with the same test, so the frame's work, the sprites it draws and its checksum are
// the same at every stride; what changes is how far apart in memory two entries read
// one after the other lie: k × 4 bytes in soa's columns, k × 24 in the slot map's
// array, k × 8 in ptrarray's array of pointers (its objects are scattered at any
// stride). While that distance is less than a cache line, a line brought in for one
// entry is reused for the next ones of the same pass; past it, every entry costs a
// line of its own, and a line is fetched again in each pass that reads it (the array
// is larger than the caches). The hardware prefetcher follows a constant stride, but
// it cannot make a line fetched for one entry serve more than one.
//
// The map, rowvec and spatialhash have no array order to stride (Go's map walks its
// own groups from a random start; rowvec and spatialhash read only the tiles or cells
// near the view) and are left alone, as is the linked list of chain 2, which has no
// index to stride by. Stride 1 is each store's usual cull.

// maxStride bounds stride: past a few pages between two entries nothing new happens.
const maxStride = 4096

// scanColumnsStride is scanColumns over the rows i, i+k, i+2k … only: it returns the
// first of them whose sprite overlaps view, or a row at or past len(xs). It tests four
// rows per step with one branch, as scanColumns does, so that at stride k the loop
// differs from stride 1 only in the distance between the rows it reads.
func scanColumnsStride(xs, ys, ws, hs []int32, view rect, i, k int) int {
	n := len(xs)
	ys, ws, hs = ys[:n], ws[:n], hs[:n]
	x0, x1, y0, y1 := view.X0, view.X1, view.Y0, view.Y1
	for ; i+3*k < n; i += 4 * k {
		a, b, c, d := i, i+k, i+2*k, i+3*k
		m := (xs[a] - x1) & (x0 - xs[a] - ws[a]) & (ys[a] - y1) & (y0 - ys[a] - hs[a])
		m |= (xs[b] - x1) & (x0 - xs[b] - ws[b]) & (ys[b] - y1) & (y0 - ys[b] - hs[b])
		m |= (xs[c] - x1) & (x0 - xs[c] - ws[c]) & (ys[c] - y1) & (y0 - ys[c] - hs[c])
		m |= (xs[d] - x1) & (x0 - xs[d] - ws[d]) & (ys[d] - y1) & (y0 - ys[d] - hs[d])
		if m < 0 {
			break
		}
	}
	for ; i < n; i += k {
		if view.overlaps(xs[i], ys[i], ws[i], hs[i]) {
			return i
		}
	}
	return i
}

// scanValuesStride is scanValues over the entries i, i+k, i+2k … only (see
// scanColumnsStride).
func scanValuesStride[C coldArray](vals []record[C], view rect, i, k int) int {
	n := len(vals)
	x0, x1, y0, y1 := view.X0, view.X1, view.Y0, view.Y1
	for ; i+3*k < n; i += 4 * k {
		a, b, c, d := &vals[i], &vals[i+k], &vals[i+2*k], &vals[i+3*k]
		m := (a.X - x1) & (x0 - a.X - a.W) & (a.Y - y1) & (y0 - a.Y - a.H)
		m |= (b.X - x1) & (x0 - b.X - b.W) & (b.Y - y1) & (y0 - b.Y - b.H)
		m |= (c.X - x1) & (x0 - c.X - c.W) & (c.Y - y1) & (y0 - c.Y - c.H)
		m |= (d.X - x1) & (x0 - d.X - d.W) & (d.Y - y1) & (y0 - d.Y - d.H)
		if m < 0 {
			break
		}
	}
	for ; i < n; i += k {
		if sp := &vals[i]; view.overlaps(sp.X, sp.Y, sp.W, sp.H) {
			return i
		}
	}
	return i
}

// cullStrided is soaStore.cull at stride k > 1.
func (s *soaStore) cullStrided(view rect, k int) {
	xs, ys, ws, hs := s.x.Data, s.y.Data, s.w.Data, s.h.Data
	n := len(xs)
	cb := s.cfg.cold
	for start := range min(k, n) {
		for i := scanColumnsStride(xs, ys, ws, hs, view, start, k); i < n; i = scanColumnsStride(xs, ys, ws, hs, view, i+k, k) {
			s.vis.add(s.id.Data[i], s.depth.Data[i], xs[i], ys[i])
			if cb > 0 {
				s.vis.addCold(coldDigest(s.cold[i*cb : (i+1)*cb]))
			}
		}
	}
}

// cullStrided is slotStore.cull at stride k > 1.
func (s *slotStore[C]) cullStrided(view rect, k int) {
	cold := s.cfg.cold > 0
	vals := s.m.Values()
	n := len(vals)
	for start := range min(k, n) {
		for i := scanValuesStride(vals, view, start, k); i < n; i = scanValuesStride(vals, view, i+k, k) {
			sp := &vals[i]
			s.vis.add(sp.ID, sp.Depth, sp.X, sp.Y)
			if cold {
				s.vis.addCold(coldDigest(coldOf(&sp.cold, s.cfg.coldPtr)))
			}
		}
	}
}

// cullStrided is ptrStore.cull at stride k > 1: one sprite per step, as at stride 1.
func (s *ptrStore[C]) cullStrided(view rect, k int) {
	cold := s.cfg.cold > 0
	items := s.a.Items
	n := len(items)
	for start := range min(k, n) {
		for i := start; i < n; i += k {
			if p := items[i]; view.overlaps(p.X, p.Y, p.W, p.H) {
				s.vis.add(p.ID, p.Depth, p.X, p.Y)
				if cold {
					s.vis.addCold(coldDigest(coldOf(&p.cold, s.cfg.coldPtr)))
				}
			}
		}
	}
}

// cullArrayStrided is chainStore.cullArray (chain 1) at stride k > 1.
func (s *chainStore[C]) cullArrayStrided(view rect, k int) {
	cold := s.cfg.cold > 0
	items := s.a.Items
	n := len(items)
	for start := range min(k, n) {
		for i := start; i < n; i += k {
			if p := items[i]; view.overlaps(p.X, p.Y, p.W, p.H) {
				s.visit(&p.record, cold)
			}
		}
	}
}
