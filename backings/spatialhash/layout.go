package spatialhash

// The slots array holds, in row-major cell order, each cell's items followed by its
// free room, then the pending items: those that found no room where they belong,
// waiting for the next repack. Within a cell the order of items is free, so an item
// leaves by having the cell's last item fill its slot.

// maxShift is how many cells away an item joining a full cell looks for room, in each
// direction, before it is left pending. Taking room from d cells away moves up to d
// items by one slot each; with a quarter of the slots free, room is nearly always
// within a few cells.
const maxShift = 64

// placed is where the placed items end and the pending ones begin.
func (g *Grid[T]) placed() int32 { return g.cells[len(g.cells)-1].start }

// pending reports whether any item waits for a repack.
func (g *Grid[T]) pending() bool { return int(g.placed()) < len(g.slots) }

// room is how many more items cell c can take without moving another cell.
func (g *Grid[T]) room(c int32) int32 {
	return g.cells[c+1].start - g.cells[c].start - g.cells[c].n
}

// add places it in the cell of its corner, taking room from the cells near it if
// that one is full, or leaves it pending.
func (g *Grid[T]) add(it item[T]) {
	if !g.pending() {
		c := g.geo.cellOf(it.x, it.y)
		if g.room(c) > 0 || g.makeRoom(c) {
			cl := &g.cells[c]
			g.put(cl.start+cl.n, it)
			cl.n++
			return
		}
	}
	g.slot[it.id] = int32(len(g.slots))
	g.slots = append(g.slots, it)
}

// put writes it into slot s and records where its entry's item now lies. Every write
// of an item goes through here, so that slot[id] stays exact.
func (g *Grid[T]) put(s int32, it item[T]) {
	g.slots[s] = it
	g.slot[it.id] = s
}

// unlist takes the item at slot s out: out of its cell, which the item's corner copy
// names (a copy goes stale only within its cell), or out of the pending items. The
// last item of the same list fills its slot.
func (g *Grid[T]) unlist(s int32) {
	if s >= g.placed() {
		last := int32(len(g.slots) - 1)
		g.put(s, g.slots[last])
		g.slots[last] = item[T]{} // drop what the value points to
		g.slots = g.slots[:last]
		return
	}
	cl := &g.cells[g.geo.cellOf(g.slots[s].x, g.slots[s].y)]
	cl.n--
	last := cl.start + cl.n
	g.put(s, g.slots[last])
	g.slots[last] = item[T]{}
}

// makeRoom gives full cell c one free slot at its end, taken from the nearest cell
// with room within maxShift cells (all cells between are full, by the order of the
// search). It reports false, changing nothing, when there is none.
func (g *Grid[T]) makeRoom(c int32) bool {
	nc := int32(len(g.cells) - 1)
	for k := int32(1); k <= maxShift; k++ {
		if d := c + k; d < nc && g.room(d) > 0 {
			g.shiftRight(c, d)
			return true
		}
		if d := c - k; d >= 0 && g.room(d) > 0 {
			g.shiftLeft(d, c)
			return true
		}
	}
	return false
}

// shiftRight moves the start of each cell in (c, d] one slot right, cell d having
// room: each cell, from d down, moves its first item into the free slot after its
// last, which its right neighbour has just given up.
func (g *Grid[T]) shiftRight(c, d int32) {
	for k := d; k > c; k-- {
		cl := &g.cells[k]
		if cl.n > 0 {
			g.put(cl.start+cl.n, g.slots[cl.start])
		}
		cl.start++
	}
}

// shiftLeft moves the start of each cell in (d, c] one slot left, cell d having room:
// each cell, from d+1 up, takes the free slot before it and moves its last item
// there, which frees the slot its right neighbour then takes.
func (g *Grid[T]) shiftLeft(d, c int32) {
	for k := d + 1; k <= c; k++ {
		cl := &g.cells[k]
		cl.start--
		if cl.n > 0 {
			g.put(cl.start, g.slots[cl.start+cl.n])
		}
	}
}

// Pack places every pending item, repacking the whole grid if any waits. Query packs
// by itself; a store calls Pack after loading, so that the load pays for it.
func (g *Grid[T]) Pack() {
	if g.pending() {
		g.repack()
	}
}

// repack lays every item out afresh in cell order, one counting sort into a new
// array, with its room (a quarter of the entries, plus one slot per 16 cells) spread
// evenly over the cells, and every corner copy refreshed.
func (g *Grid[T]) repack() {
	nc := len(g.cells) - 1
	old := g.slots
	for i := range old {
		p := g.at[old[i].id]
		old[i].x, old[i].y = p.x, p.y
	}
	clear(g.stale)
	placed := g.placed()
	fill := make([]int32, nc) // per cell: pending items, then where the next goes
	at := make([]int32, int32(len(old))-placed)
	for i := range at {
		it := &old[placed+int32(i)]
		c := g.geo.cellOf(it.x, it.y)
		at[i] = c
		fill[c]++
	}
	spare := int64(g.n/4 + nc/16)
	total := int64(g.n) + spare
	if total > maxIDs {
		panic("spatialhash: more items than an int32 slot can name")
	}
	ns := make([]item[T], total, total+total/8)
	var s int64
	for c := range nc {
		cl := &g.cells[c]
		to := int32(s)
		copy(ns[to:], old[cl.start:cl.start+cl.n])
		for k := range cl.n {
			g.slot[ns[to+k].id] = to + k
		}
		cl.start = to
		n := cl.n + fill[c]
		fill[c] = to + cl.n
		s += int64(n) + spare*int64(c+1)/int64(nc) - spare*int64(c)/int64(nc)
	}
	g.cells[nc].start = int32(s)
	for i, c := range at {
		it := old[placed+int32(i)]
		ns[fill[c]] = it
		g.slot[it.id] = fill[c]
		fill[c]++
		g.cells[c].n++
	}
	g.slots = ns
}

// refresh brings the corner copies of cell c's items up to date.
func (g *Grid[T]) refresh(c int32) {
	cl := g.cells[c]
	for s := cl.start; s < cl.start+cl.n; s++ {
		it := &g.slots[s]
		p := g.at[it.id]
		it.x, it.y = p.x, p.y
	}
	g.stale.clear(c)
}
