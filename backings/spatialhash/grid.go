// Package spatialhash is a spatial hash (source 004: cell → list of what is in it; a
// query walks the cells under its rectangle) in the variant a bounded world allows,
// built for a camera over many boxes that mostly stand still or drift.
//
//   - Loose: a box is listed once, in the cell of its corner (its smallest X and Y),
//     not in every cell it overlaps; a query widens its rectangle by the largest box
//     side held, on its low sides, to reach the boxes whose corner lies before it. So
//     nothing needs de-duplication, and a cell wholly inside the query is taken
//     without testing its boxes.
//   - Dense: the world's rectangle is cut into a plain array of cells, row-major, with
//     no hashing: a cell is an index computed by two multiplies. Corners outside the
//     rectangle go to its border cells, so any box may be held.
//   - Packed in cell order: the cells' lists lie in one array, each cell's items side
//     by side and the cells one after another in row-major order, with a little room
//     after each for items that arrive. A query reads each row of its cells as one
//     stretch of memory. An item joining a full cell takes a slot from the nearest
//     cell with room, shifting one item of each cell between (as a packed-memory
//     array does); when none is near, the grid is repacked with even room everywhere
//     at the next query.
//   - Corners and slots by id, copies in the cells: each entry's corner lies in a plain
//     array by id, as an array of positions would hold it, and so does its slot, where
//     its item lies in the cells' array. A move ([Grid.Move], [Grid.MoveTo]) reaches
//     the item through its slot in one read and writes the new box there and the
//     corner by id: while the corner stays in its cell it touches no list, and a move
//     to another cell takes the item out of its cell (the cell's last item fills its
//     slot) and into the new one. So a query reads every item as it is.
//   - [ShiftEach] makes a list of moves in a world that wraps, and defers what it can:
//     a step whose corner keeps its cell writes only the corner by id and marks the
//     cell's copies stale (a dirty flag), in a loop that calls nothing (a multiply and
//     a shift per axis find the cell; a freed id is told by its corner, so no live bit
//     is read), and the next query that visits a stale cell refreshes its copies, one
//     read by id per item. That saves the moves the item's miss and charges the query
//     a cell's worth of reads: it pays where many of a cell's entries move between
//     queries, and costs where few do, scattered.
//
// [Grid] is that structure, changed entry by entry. [Index] is the same loose grid
// rebuilt from scratch in one counting sort, for worlds where everything moves every
// frame (particles, bullets), where that is cheaper than moving items one by one.
//
// Measured (go test -run '^$' -bench 'RTree' -count 5 ./backings/spatialhash/ on the
// shared 2-core VM under a load average of 22 to 25: medians of the five runs, their
// range in brackets, in CPU time of the benchmark's thread, which the machine's load
// disturbs less than wall time; the world of BenchmarkQuery: a million boxes of side
// 8–64, cells of 216, views of 1920×1080 holding about 2,000; against
// github.com/tidwall/rtree v1.10 on the same boxes and views):
//
//   - Query of a view in a still world: 8.1 µs (8.1–8.2), 0.75× the R-tree's 10.8 µs
//     (10.1–12.5); the hash table this package replaced took about 100 µs, probing
//     some 430 cells.
//   - A frame of 10,000 Moves of random boxes by up to ±16 units each way, not clamped
//     to the bounds, then one view query: 3.5 ms (3.2–5.0), 3.5× faster than the
//     R-tree's 12.2 ms (11.5–12.5), whose move is a delete and an insert (in wall time
//     12.2 against 42.1 ms); about 350 ns per move against the R-tree's 1,200. The
//     query inside that frame, after the moves: 20 µs (19–29), 0.57× the R-tree's 35.5
//     µs (34–37). Before Move wrote the box into the item (it marked the cell stale and
//     searched the cell for the item), that frame took 4.9–5.9 ms and its query 58–65
//     µs, 1.7–1.9× the R-tree's, in runs alternating the two builds.
//   - The same frame by MoveTo: 4.0 ms (3.9–4.1); by ShiftEach, whose steps within a
//     cell leave the cell to the query: 2.1 ms (1.9–2.2), and its query 51 µs (49–54),
//     1.45× the R-tree's.
//   - Over three such runs in one afternoon (load averages 12 to 25) the ratios to the
//     R-tree were 3.05–3.5× faster for the frame of Moves, 0.56–0.61× for the query
//     inside it and 0.68–0.77× for the still query.
//   - A ShiftEach step that keeps its cell costs 1.04–1.28× the sprites workload's soa
//     move when last measured so (BenchmarkMoves stay in workloads/sprites, CPU time
//     per move), and 1.33–1.34× (4.1 ns against 3.1 ns) in three runs of this build
//     on a busier machine, where the build before the slots by id measured 1.15–1.54×
//     (4.1–4.7 ns) in turn with it: its loop did not change.
//
// Memory: per entry an 8-byte corner and a 4-byte slot by id, and its item (box, id,
// value) in an array with a quarter more slots than entries; per cell 8 bytes and a
// bit. A Grid is not safe for concurrent use, Query included (it refreshes stale
// cells).
package spatialhash

import "fmt"

// Entry is one box held by a grid, with the id Insert gave it and its value.
type Entry[T any] struct {
	Box Box
	ID  int32
	Val T
}

// Grid holds values of type T, each with a box, in a loose grid of square cells.
type Grid[T any] struct {
	geo geometry
	// at is each entry's corner, by id; a freed id's lies outside the cells' own area
	// (geometry.away), which ShiftEach's fast path relies on instead of the live bits.
	at []point
	// slot is where each entry's item lies in slots, by id: a move, a removal or a
	// read of a value goes straight to the item instead of searching its cell.
	slot  []int32
	stale bitset // by cell: an item's corner copy may be out of date
	// cells[c] is where cell c's items start in slots and how many there are; its
	// room ends where cell c+1's starts. The extra last cell marks the end of the
	// placed items: slots after it are pending, waiting for a repack.
	cells []run
	slots []item[T]
	live  bitset  // by id
	free  []int32 // ids not in use, the last freed on top
	n     int
	// maxW and maxH are the largest sides of any box held so far, by which a query
	// widens its rectangle.
	maxW, maxH int32
}

// run is where a cell's items lie: n of them from slot start on.
type run struct{ start, n int32 }

// item is an entry as its cell lists it, with a copy of the corner that at[id] holds.
// The value comes first so that a value of no size (struct{}) adds no padding.
type item[T any] struct {
	val        T
	x, y, w, h int32
	id         int32
}

type point struct{ x, y int32 }

// New returns an empty grid of square cells of side cell over bounds, with room for
// capacity entries before its arrays grow.
func New[T any](bounds Box, cell int32, capacity int) *Grid[T] {
	g := &Grid[T]{geo: newGeometry(bounds, cell)}
	nc := g.geo.cells()
	g.cells = make([]run, nc+1)
	g.stale = newBitset(nc)
	capacity = max(capacity, 0)
	g.slots = make([]item[T], 0, capacity)
	g.at = make([]point, 0, capacity)
	g.slot = make([]int32, 0, capacity)
	g.live = newBitset(capacity)
	return g
}

// Grow makes room for n more entries beyond Len, so that the next n Inserts reallocate
// none of the grid's arrays by id nor, while items wait for a repack (see Pack), the
// slots they wait in. A load that knows its size saves the copies of growing by
// append; one that asks each time for as many again as it holds grows as a C++ vector
// does, by doubling.
func (g *Grid[T]) Grow(n int) {
	if n <= 0 {
		return
	}
	ids := len(g.at) + n // free ids are taken first, so n entries need at most n new ones
	g.at = growTo(g.at, ids)
	g.slot = growTo(g.slot, ids)
	g.live = growTo(g.live, (ids+63)/64)
	g.slots = growTo(g.slots, len(g.slots)+n)
}

// growTo returns s with a capacity of at least c, its elements copied if it must move.
// It allocates with make and copies, as a growing vector does, rather than through
// append, which would clear the new room even when the memory is fresh.
func growTo[E any](s []E, c int) []E {
	if cap(s) >= c {
		return s
	}
	d := make([]E, len(s), c)
	copy(d, s)
	return d
}

// Cell is the side of a cell.
func (g *Grid[T]) Cell() int32 { return g.geo.cell }

// Len is the number of entries.
func (g *Grid[T]) Len() int { return g.n }

// Insert adds v with box b, which must cover at least one unit, and returns the
// entry's id, which stays valid until Remove. The ids of removed entries are reused,
// the last removed first; a grid that was never removed from hands out 0, 1, 2, ….
func (g *Grid[T]) Insert(b Box, v T) int32 {
	checkBox("Insert", b)
	var id int32
	if k := len(g.free); k > 0 {
		id = g.free[k-1]
		g.free = g.free[:k-1]
		g.at[id] = point{b.X, b.Y}
	} else {
		if len(g.at) == maxIDs {
			panic(fmt.Sprintf("spatialhash: Insert beyond %d entries", maxIDs))
		}
		id = int32(len(g.at))
		g.at = append(g.at, point{b.X, b.Y})
		g.slot = append(g.slot, 0) // add sets it
		g.live.grow(len(g.at))
	}
	g.live.set(id)
	g.widen(b)
	g.n++
	g.add(item[T]{x: b.X, y: b.Y, w: b.W, h: b.H, id: id, val: v})
	return id
}

const maxIDs = 1<<31 - 1

// Remove takes entry id out of the grid and frees its id.
func (g *Grid[T]) Remove(id int32) {
	g.check("Remove", id)
	g.unlist(g.slot[id])
	g.live.clear(id)
	g.at[id] = g.geo.away()
	g.free = append(g.free, id)
	g.n--
}

// Move gives entry id the box b, which must cover at least one unit.
func (g *Grid[T]) Move(id int32, b Box) {
	if !g.live.has(id) { // check, written out (see rebucket)
		badID("Move", id)
	}
	checkBox("Move", b)
	g.widen(b)
	s := g.slot[id]
	it := &g.slots[s]
	it.w, it.h = b.W, b.H                                                      // the size goes wherever the item goes
	if g.geo.cellOf(it.x, it.y) == g.geo.cellOf(b.X, b.Y) || s >= g.placed() { // it stays (see rebucket)
		it.x, it.y = b.X, b.Y
		g.at[id] = point{b.X, b.Y}
		return
	}
	g.relist(id, s, b.X, b.Y)
}

// MoveTo moves entry id's corner to (x, y), keeping its size: the move of a sprite or
// a unit.
func (g *Grid[T]) MoveTo(id int32, x, y int32) {
	if !g.live.has(id) {
		badID("MoveTo", id)
	}
	s := g.slot[id]
	it := &g.slots[s]
	if g.geo.cellOf(it.x, it.y) == g.geo.cellOf(x, y) || s >= g.placed() { // it stays (see rebucket)
		it.x, it.y = x, y
		g.at[id] = point{x, y}
		return
	}
	g.relist(id, s, x, y)
}

// A move (Move, MoveTo, and ShiftEach's general move) writes the new corner into the
// entry's item, which the slot by id reaches in one read, and by id, and marks no cell
// stale, so that a query reads the item as it is. An item whose corner keeps its cell,
// or that waits pending, stays where it lies; one whose corner changes cell moves to
// the new cell's list. The corner copy of a placed item lies in the cell it is listed
// in, even when the cell is stale, so the item's own copy names its cell. Move and
// MoveTo make the first case in their own bodies, with no call: the compiler inlined
// neither a method for it nor check into them, and with those calls a frame of
// MoveTo measured about a tenth slower (BenchmarkRTree frame-moveto, CPU time, four
// alternating runs; Move's within the noise).

// rebucket moves entry id, whose item lies in slot s, to corner (x, y): in place when
// it stays in its cell or is pending, otherwise to the new corner's cell (relist).
func (g *Grid[T]) rebucket(id, s int32, x, y int32) {
	it := &g.slots[s]
	if g.geo.cellOf(it.x, it.y) == g.geo.cellOf(x, y) || s >= g.placed() {
		it.x, it.y = x, y
		g.at[id] = point{x, y}
		return
	}
	g.relist(id, s, x, y)
}

// relist moves entry id, whose placed item in slot s leaves its cell, to corner (x, y):
// out of its cell's list and into that of the new corner's cell.
func (g *Grid[T]) relist(id, s int32, x, y int32) {
	g.at[id] = point{x, y}
	moved := g.slots[s]
	g.unlist(s)
	moved.x, moved.y = x, y
	g.add(moved)
}

// Step is one move of ShiftEach: entry ID's corner moves by (DX, DY).
type Step struct{ ID, DX, DY int32 }

// ShiftEach moves the corner of each entry steps[i].ID by (DX, DY) around the torus
// that g's bounds make, keeping its size: a corner that leaves one edge comes back at
// the other, as X = bounds.X + (X - bounds.X + DX) mod bounds.W (and so for Y), the
// move of a sprite in a world that wraps. Any struct type of the same fields will
// do for a step, so that a caller hands over its own list of moves as it is.
// The bounds must end within int32: bounds.X+bounds.W and bounds.Y+bounds.H ≤ 2^31.
//
// A step whose corner stays in its cell is made inside the loop, calling nothing:
// one read and one write of the corner by id, a compare and at most one add of the
// period for the wrap (no division), a multiply
// and a shift for each coordinate's cell, and a stale bit set. It reads no live bit:
// a freed id's corner lies outside the cells' own area (see Remove), so such an id,
// a corner outside the area, and a step to another cell go to the general move,
// which checks the id.
func ShiftEach[T any, S ~struct{ ID, DX, DY int32 }](g *Grid[T], steps []S) {
	geo := &g.geo
	if int64(geo.x0)+int64(geo.w) > 1<<31 || int64(geo.y0)+int64(geo.h) > 1<<31 {
		panic(fmt.Sprintf("spatialhash: ShiftEach in bounds %+v, which end beyond int32", Box{geo.x0, geo.y0, geo.w, geo.h}))
	}
	for i := shiftRun(&g.geo, g.at, g.stale, steps, 0); i < len(steps); i = shiftRun(&g.geo, g.at, g.stale, steps, i+1) {
		g.shift(Step(steps[i]))
	}
}

// shiftRun makes the steps of ShiftEach from i on while they stay in their cells, and
// returns the index of the first that does not, or len(steps). It calls nothing: with
// a call in the loop, even one rarely made, the compiler reloaded a dozen values from
// the stack on every step. It reads the geometry through geo rather than copying it
// into locals, which left too few registers and measured slower.
func shiftRun[S ~struct{ ID, DX, DY int32 }](geo *geometry, at []point, stale bitset, steps []S, i int) int {
	for ; i < len(steps); i++ {
		st := Step(steps[i])
		if uint(st.ID) >= uint(len(at)) {
			return i
		}
		p := &at[st.ID]
		// The offsets are exact within the area. A corner outside it is not tested
		// here: its offset, at or beyond the span, gives a cell index at or beyond the
		// cells' count (see span), which no corner inside the area matches, and the
		// new corner is tested below.
		ox, oy := uint64(uint32(p.x-geo.x0)), uint64(uint32(p.y-geo.y0))
		// The wrap adds or takes one period, which is the whole wrap for a step
		// shorter than the period from a corner inside the bounds; anything else ends
		// outside [0, period) and goes to the general move.
		w, h := int64(geo.w), int64(geo.h)
		nx, ny := int64(ox)+int64(st.DX), int64(oy)+int64(st.DY)
		if nx < 0 {
			nx += w
		} else if nx >= w {
			nx -= w
		}
		if ny < 0 {
			ny += h
		} else if ny >= h {
			ny -= h
		}
		sh := geo.shift & 63
		cx, cy := uint64(nx)*geo.magic>>sh, uint64(ny)*geo.magic>>sh
		if uint64(nx) >= uint64(w) || uint64(ny) >= uint64(h) || uint64(nx) >= geo.spanX || uint64(ny) >= geo.spanY || cx != ox*geo.magic>>sh || cy != oy*geo.magic>>sh {
			return i
		}
		*p = point{geo.x0 + int32(nx), geo.y0 + int32(ny)}
		stale.set(int32(cy)*geo.cols + int32(cx))
	}
	return i
}

// shift is ShiftEach's general move, out of its loop: the move MoveTo makes.
func (g *Grid[T]) shift(st Step) {
	g.check("ShiftEach", st.ID)
	p := g.at[st.ID]
	g.rebucket(st.ID, g.slot[st.ID], around(p.x, st.DX, g.geo.x0, g.geo.w), around(p.y, st.DY, g.geo.y0, g.geo.h))
}

// Box is entry id's box.
func (g *Grid[T]) Box(id int32) Box {
	g.check("Box", id)
	it := &g.slots[g.slot[id]]
	p := g.at[id]
	return Box{p.x, p.y, it.w, it.h}
}

// Corner is entry id's corner, its box's X and Y: the one read a move makes.
func (g *Grid[T]) Corner(id int32) (x, y int32) {
	g.check("Corner", id)
	p := g.at[id]
	return p.x, p.y
}

// Get is entry id's value.
func (g *Grid[T]) Get(id int32) T {
	g.check("Get", id)
	return g.slots[g.slot[id]].val
}

// Ptr points at entry id's value, to change it in place; it is valid until the grid
// next changes (an Insert, Remove, Move, Pack or Query may move the item).
func (g *Grid[T]) Ptr(id int32) *T {
	g.check("Ptr", id)
	return &g.slots[g.slot[id]].val
}

// check panics if id is not in use: using a removed or never issued id is a caller
// bug.
func (g *Grid[T]) check(op string, id int32) {
	if !g.live.has(id) {
		badID(op, id)
	}
}

// badID panics for check, out of line so that check inlines.
//
//go:noinline
func badID(op string, id int32) {
	panic(fmt.Sprintf("spatialhash: %s of id %d, which is not in the grid", op, id))
}

// checkBox panics unless b covers at least one unit; the panic is built out of line
// so that the check inlines.
func checkBox(op string, b Box) {
	if b.Empty() {
		badBox(op, b)
	}
}

//go:noinline
func badBox(op string, b Box) {
	panic(fmt.Sprintf("spatialhash: %s of box %+v, which covers nothing", op, b))
}

// widen records b's sides if they are the largest so far.
func (g *Grid[T]) widen(b Box) {
	g.maxW, g.maxH = max(g.maxW, b.W), max(g.maxH, b.H)
}

// bitset is a set of small non-negative integers.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

// has reports whether i is in the set; i outside the set's range is not.
func (b bitset) has(i int32) bool {
	return uint(i>>6) < uint(len(b)) && b[i>>6]&(1<<(i&63)) != 0
}
func (b bitset) set(i int32)   { b[i>>6] |= 1 << (i & 63) }
func (b bitset) clear(i int32) { b[i>>6] &^= 1 << (i & 63) }

// grow makes room for n members.
func (b *bitset) grow(n int) {
	for len(*b)*64 < n {
		*b = append(*b, 0)
	}
}
