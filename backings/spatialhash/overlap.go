package spatialhash

import (
	"fmt"
	"unsafe"
)

// Overlap is the spatial hash as source 004 builds it, beside the loose Grid of this
// package, so that the two can be measured on the same work:
//
//   - Every cell an object overlaps lists it: an object is added to each cell it
//     touches, "so that if any part of the object is in view it is drawn", and a query
//     that gathers the lists of the cells under it must make sure it does not return
//     an object twice (here a stamp per object, set by the query that took it).
//   - Cells about twice the average object: the caller chooses the side, as it does for
//     a Grid; the source's advice is the caller's default (workloads/sprites).
//   - The lists hold references, not copies: each cell holds the ids of its objects, in
//     an array of its own that grows as objects join it, and the objects (box and
//     value) lie in one array by id, which a query reads for every id it gathers.
//   - Each object keeps the range of cells it is in, as the source suggests ("you can
//     have each object store references to which cells it belongs to"), so that
//     removing it takes it out of exactly those lists. A move writes the new box and,
//     when the box now covers other cells, takes the object out of its old cells and
//     adds it to the new ones: the source's "keep removing and adding them to different
//     cells". A move that keeps its cells changes no list.
//
// Unlike the source's JavaScript hash keyed by "x,y" strings, the cells are a plain
// array over the bounds (a cell is an index computed by two multiplies, as the Grid's
// are); a box reaching outside the bounds is listed in the border cells it reaches.
// An Overlap is not safe for concurrent use, Query included (it writes the stamps).
type Overlap[T any] struct {
	geo   geometry
	cells [][]int32    // by cell: the ids of the objects whose box overlaps it
	objs  []overObj[T] // by id
	live  bitset       // by id
	free  []int32      // ids not in use, the last freed on top
	stamp uint32       // the last query's; objs[id].seen == stamp once it took id
	n     int
}

// overObj is one object: its box, the cells its box covers (columns c0–c1, rows
// r0–r1, inclusive), the stamp of the last query that took it, and its value.
type overObj[T any] struct {
	x, y, w, h     int32
	c0, c1, r0, r1 int32
	seen           uint32
	val            T
}

// NewOverlap returns an empty hash of square cells of side cell over bounds, with
// room for capacity objects.
func NewOverlap[T any](bounds Box, cell int32, capacity int) *Overlap[T] {
	o := &Overlap[T]{geo: newGeometry(bounds, cell)}
	o.cells = make([][]int32, o.geo.cells())
	capacity = max(capacity, 0)
	o.objs = make([]overObj[T], 0, capacity)
	o.live = newBitset(capacity)
	return o
}

// Len is the number of objects held.
func (o *Overlap[T]) Len() int { return o.n }

// Insert adds value v with box b (W and H at least 1) to every cell b overlaps and
// returns its id: the last id removed, or the next never used.
func (o *Overlap[T]) Insert(b Box, v T) int32 {
	checkBox("Insert", b)
	var id int32
	if k := len(o.free); k > 0 {
		id, o.free = o.free[k-1], o.free[:k-1]
	} else {
		id = int32(len(o.objs))
		o.objs = append(o.objs, overObj[T]{})
		o.live.grow(len(o.objs))
	}
	ob := &o.objs[id]
	*ob = overObj[T]{x: b.X, y: b.Y, w: b.W, h: b.H, seen: o.stamp, val: v}
	ob.c0, ob.c1, ob.r0, ob.r1 = o.span(b.X, b.Y, b.W, b.H)
	o.list(id, ob)
	o.live.set(id)
	o.n++
	return id
}

// Remove takes object id out of every cell it is in; its id may be given out again.
// It panics if id is not held.
func (o *Overlap[T]) Remove(id int32) {
	ob := o.obj("Remove", id)
	o.unlist(id, ob)
	o.live.clear(id)
	o.free = append(o.free, id)
	o.n--
}

// MoveTo moves object id's box to corner (x, y), keeping its size, and moves it to the
// cells it now covers when they changed. It panics if id is not held.
func (o *Overlap[T]) MoveTo(id, x, y int32) {
	ob := o.obj("MoveTo", id)
	ob.x, ob.y = x, y
	c0, c1, r0, r1 := o.span(x, y, ob.w, ob.h)
	if c0 == ob.c0 && c1 == ob.c1 && r0 == ob.r0 && r1 == ob.r1 {
		return
	}
	o.unlist(id, ob)
	ob.c0, ob.c1, ob.r0, ob.r1 = c0, c1, r0, r1
	o.list(id, ob)
}

// Reserve gives every cell's list room for twice the ids it holds and four more, so
// that moves seldom find a list full: a list that is grows by append, an allocation
// in the frame that moved into it. Call it once the objects are in.
func (o *Overlap[T]) Reserve() {
	for c, ids := range o.cells {
		if want := 2*len(ids) + 4; cap(ids) < want {
			o.cells[c] = append(make([]int32, 0, want), ids...)
		}
	}
}

// Box and Get return object id's box and value. They panic if id is not held.
func (o *Overlap[T]) Box(id int32) Box {
	ob := o.obj("Box", id)
	return Box{ob.x, ob.y, ob.w, ob.h}
}

func (o *Overlap[T]) Get(id int32) T { return o.obj("Get", id).val }

// Query appends to dst every object whose box overlaps q, each once, in the order it
// first meets them walking the cells under q row by row, and returns the extended
// slice.
func (o *Overlap[T]) Query(q Box, dst []Entry[T]) []Entry[T] {
	if q.Empty() || o.n == 0 {
		return dst
	}
	o.stamp++
	if o.stamp == 0 { // wrapped: no object may look taken by this query already
		for i := range o.objs {
			o.objs[i].seen = 0
		}
		o.stamp = 1
	}
	stamp := o.stamp
	c0, c1, r0, r1 := o.span(q.X, q.Y, q.W, q.H)
	cols := o.geo.cols
	for r := r0; r <= r1; r++ {
		for _, ids := range o.cells[r*cols+c0 : r*cols+c1+1] {
			for _, id := range ids {
				ob := &o.objs[id]
				if ob.seen == stamp {
					continue
				}
				ob.seen = stamp
				if overlaps(ob.x, ob.y, ob.w, ob.h, q) {
					dst = append(dst, Entry[T]{Box: Box{ob.x, ob.y, ob.w, ob.h}, ID: id, Val: ob.val})
				}
			}
		}
	}
	return dst
}

// Span is the range of cells box b lists in: columns c0–c1 and rows r0–r1 (row-major
// index r·cols + c), clamped to the border cells.
func (o *Overlap[T]) Span(b Box) (c0, c1, r0, r1 int32) { return o.span(b.X, b.Y, b.W, b.H) }

// span is the range of cells the box at (x, y) of size w×h covers: columns c0–c1 and
// rows r0–r1, clamped to the border cells.
func (o *Overlap[T]) span(x, y, w, h int32) (c0, c1, r0, r1 int32) {
	return o.geo.col(int64(x)), o.geo.col(int64(x) + int64(w) - 1), o.geo.row(int64(y)), o.geo.row(int64(y) + int64(h) - 1)
}

// list adds id to every cell of its span.
func (o *Overlap[T]) list(id int32, ob *overObj[T]) {
	cols := o.geo.cols
	for r := ob.r0; r <= ob.r1; r++ {
		for c := r*cols + ob.c0; c <= r*cols+ob.c1; c++ {
			o.cells[c] = append(o.cells[c], id)
		}
	}
}

// unlist takes id out of every cell of its span, each cell's last id filling its
// place, as the source takes an object out of the arrays it is part of.
func (o *Overlap[T]) unlist(id int32, ob *overObj[T]) {
	cols := o.geo.cols
	for r := ob.r0; r <= ob.r1; r++ {
		for c := r*cols + ob.c0; c <= r*cols+ob.c1; c++ {
			ids := o.cells[c]
			for i, x := range ids {
				if x == id {
					ids[i] = ids[len(ids)-1]
					o.cells[c] = ids[:len(ids)-1]
					break
				}
			}
		}
	}
}

func (o *Overlap[T]) obj(op string, id int32) *overObj[T] {
	if id < 0 || int(id) >= len(o.objs) || !o.live.has(id) {
		panic(fmt.Sprintf("spatialhash: %s of id %d, which the hash does not hold", op, id))
	}
	return &o.objs[id]
}

// Bytes is the memory the hash holds: its objects, the cells' list headers and the
// ids their lists have room for, and the live bits and free ids.
func (o *Overlap[T]) Bytes() int64 {
	b := int64(cap(o.objs))*int64(unsafe.Sizeof(overObj[T]{})) + int64(len(o.cells))*int64(unsafe.Sizeof([]int32(nil)))
	for _, ids := range o.cells {
		b += 4 * int64(cap(ids))
	}
	return b + 8*int64(len(o.live)) + 4*int64(cap(o.free))
}

// Listed is how many ids the cells' lists hold in all: each object once per cell it
// covers.
func (o *Overlap[T]) Listed() int {
	k := 0
	for _, ids := range o.cells {
		k += len(ids)
	}
	return k
}
