package spatialhash

// Index is the loose grid for worlds where everything moves every frame: equally
// sized boxes are added by their corners, then Build sorts them by cell in one
// counting sort (count per cell, prefix sums, scatter), and queries walk the cells as
// a Grid's do. Rebuilding costs two passes over the boxes and one over the cells,
// where moving each box between lists costs each a few cache misses; so a particle
// system or a hail of bullets rebuilds its grid every frame rather than updating it.
//
// Boxes are named by the order they were added in, 0, 1, 2, …, so a caller that adds
// the elements of a dense array in order gets their indexes back from Query.
type Index struct {
	geo   geometry
	w, h  int32
	start []int32 // by cell, then one more: where the cell's boxes begin in sorted
	next  []int32 // by cell: Build's scatter cursor
	cell  []int32 // by box, as added: its cell, for Build
	at    []point // by box, as added: its corner
	// sorted is the boxes' numbers in cell order. Numbers alone, not corners: the
	// scatter that fills it writes to as many places at once as there are cells, and
	// 4-byte numbers keep it within the cache, where 12-byte boxes with their corners
	// made the bullets workload's whole frame about 1.5× as slow (BenchmarkFrame in
	// workloads/bullets); a query reads the few corners it tests from at.
	sorted []int32
}

// NewIndex returns an empty index of boxes of size w×h, both at least 1, in square
// cells of side cell over bounds, with room for capacity boxes.
func NewIndex(bounds Box, cell, w, h int32, capacity int) *Index {
	checkBox("NewIndex", Box{W: w, H: h})
	ix := &Index{geo: newGeometry(bounds, cell), w: w, h: h}
	nc := ix.geo.cells()
	ix.start = make([]int32, nc+1)
	ix.next = make([]int32, nc)
	capacity = max(capacity, 0)
	ix.cell = make([]int32, 0, capacity)
	ix.at = make([]point, 0, capacity)
	ix.sorted = make([]int32, 0, capacity)
	return ix
}

// Reset empties the index, keeping its memory.
func (ix *Index) Reset() { ix.at = ix.at[:0] }

// Add adds the box with corner (x, y); it is named by how many were added before it.
// Query finds it only after the next Build. Add only records the corner, so that it
// inlines into the caller's loop; Build does the rest in loops of its own.
func (ix *Index) Add(x, y int32) {
	ix.at = append(ix.at, point{x, y})
}

// Len is the number of boxes added since the last Reset.
func (ix *Index) Len() int { return len(ix.at) }

// Build sorts the boxes added since the last Reset by cell, for Query. It must follow
// the Adds and precede the next Reset.
func (ix *Index) Build() {
	n := len(ix.at)
	if cap(ix.cell) < n {
		ix.cell = make([]int32, n, cap(ix.at))
	}
	cells := ix.cell[:n]
	clear(ix.start)
	for i, p := range ix.at {
		c := ix.geo.cellOf(p.x, p.y)
		cells[i] = c
		ix.start[c+1]++
	}
	for c := 1; c < len(ix.start); c++ {
		ix.start[c] += ix.start[c-1]
	}
	copy(ix.next, ix.start)
	if cap(ix.sorted) < len(ix.at) {
		ix.sorted = make([]int32, len(ix.at), cap(ix.at))
	}
	ix.sorted = ix.sorted[:len(ix.at)]
	for i, c := range cells {
		j := ix.next[c]
		ix.next[c]++
		ix.sorted[j] = int32(i)
	}
}

// Query appends to dst the number of every box overlapping q, each once, and returns
// the extended slice. Only boxes added before the last Build are found.
func (ix *Index) Query(q Box, dst []int32) []int32 {
	if q.Empty() || len(ix.sorted) == 0 {
		return dst
	}
	r, cols := ix.geo.reach(q, ix.w, ix.h), ix.geo.cols
	for cy := r.cy0; cy <= r.cy1; cy++ {
		base := cy * cols
		rowInside := r.iy0 <= cy && cy <= r.iy1
		for cx := r.cx0; cx <= r.cx1; cx++ {
			boxes := ix.sorted[ix.start[base+cx]:ix.start[base+cx+1]]
			if rowInside && r.ix0 <= cx && cx <= r.ix1 {
				dst = append(dst, boxes...)
				continue
			}
			for _, i := range boxes {
				if p := ix.at[i]; overlaps(p.x, p.y, ix.w, ix.h, q) {
					dst = append(dst, i)
				}
			}
		}
	}
	return dst
}
