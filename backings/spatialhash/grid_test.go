package spatialhash

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"localitylab/internal/testcheck"
)

func TestQueryMatchesBruteForce(t *testing.T) {
	tests := []struct {
		name    string
		bounds  Box
		cell    int32
		n       int
		spread  int32 // corners in [-spread, spread)
		maxSide int32
	}{
		{"small boxes", Box{-200, -200, 400, 400}, 16, 300, 200, 12},
		{"boxes larger than cells", Box{-100, -100, 200, 200}, 8, 200, 100, 50},
		{"one cell for all", Box{-100, -100, 200, 200}, 1 << 20, 100, 100, 20},
		{"unit cells", Box{-30, -30, 60, 60}, 1, 100, 30, 4},
		{"corners beyond the bounds", Box{0, 0, 50, 30}, 7, 300, 120, 40},
		{"bounds of one unit", Box{5, 5, 1, 1}, 3, 50, 20, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(tt.cell)))
			box := func() Box {
				return Box{rng.Int32N(2*tt.spread) - tt.spread, rng.Int32N(2*tt.spread) - tt.spread,
					1 + rng.Int32N(tt.maxSide), 1 + rng.Int32N(tt.maxSide)}
			}
			g := New[int32](tt.bounds, tt.cell, 0)
			boxes, vals := map[int32]Box{}, map[int32]int32{}
			for i := range tt.n {
				b := box()
				id := g.Insert(b, int32(i))
				boxes[id], vals[id] = b, int32(i)
			}
			for range 200 {
				q := box()
				q.W, q.H = q.W*3-tt.maxSide, q.H*3-tt.maxSide // some empty
				checkQuery(t, g, boxes, vals, q)
			}
			checkGrid(t, g)
			for _, q := range []Box{
				{math.MinInt32, math.MinInt32, math.MaxInt32, math.MaxInt32},
				{-tt.spread - 100, -tt.spread - 100, 2*tt.spread + 200, 2*tt.spread + 200}, // everything
				{math.MaxInt32 - 5, math.MaxInt32 - 5, math.MaxInt32, math.MaxInt32},
				{0, 0, 0, 0},
			} {
				checkQuery(t, g, boxes, vals, q)
			}
		})
	}
}

// TestRandomOps runs a long random mix of inserts, removes, moves and queries on
// grids whose room runs short, against the reference model, and requires that the
// paths a short run might miss were taken: entries taking room from neighbours on
// either side, and entries left pending.
func TestRandomOps(t *testing.T) {
	for _, cell := range []int32{1, 3, 10} {
		rng := rand.New(rand.NewPCG(7, uint64(cell)))
		g := New[int32](Box{0, 0, 60, 40}, cell, 0)
		boxes, vals := map[int32]Box{}, map[int32]int32{}
		var ids []int32
		var shiftedLeft, shiftedRight, pended int
		for step := range 20_000 {
			before := slices.Clone(g.cells)
			wasPending := g.pending()
			switch op := rng.IntN(10); {
			case op < 4 || len(ids) == 0:
				b := Box{rng.Int32N(70) - 5, rng.Int32N(50) - 5, 1 + rng.Int32N(6), 1 + rng.Int32N(6)}
				id := g.Insert(b, int32(step))
				boxes[id], vals[id] = b, int32(step)
				ids = append(ids, id)
			case op < 6:
				k := rng.IntN(len(ids))
				id := ids[k]
				ids[k] = ids[len(ids)-1]
				ids = ids[:len(ids)-1]
				g.Remove(id)
				delete(boxes, id)
				delete(vals, id)
			case op < 9:
				id := ids[rng.IntN(len(ids))]
				b := boxes[id]
				b.X += rng.Int32N(9) - 4
				b.Y += rng.Int32N(9) - 4
				g.Move(id, b)
				boxes[id] = b
			default:
				checkQuery(t, g, boxes, vals, Box{rng.Int32N(70) - 5, rng.Int32N(50) - 5, rng.Int32N(30), rng.Int32N(30)})
			}
			if !wasPending && g.pending() {
				pended++
			}
			if len(before) == len(g.cells) && !wasPending {
				for c := range len(before) - 1 {
					if g.cells[c].start > before[c].start {
						shiftedRight++
					} else if g.cells[c].start < before[c].start {
						shiftedLeft++
					}
				}
			}
			if step%97 == 0 {
				checkGrid(t, g)
			}
		}
		checkGrid(t, g)
		checkQuery(t, g, boxes, vals, Box{-10, -10, 100, 100})
		if shiftedLeft == 0 || shiftedRight == 0 || pended == 0 {
			t.Errorf("cell %d: cells shifted left %d times, right %d times, entries left pending %d times: want each at least once",
				cell, shiftedLeft, shiftedRight, pended)
		}
	}
}

// TestMoveWithinCellTouchesNoList: a move that keeps the corner's cell writes the new
// box into the entry's own item and changes no cell, no other item and no stale bit;
// one to another cell moves the item.
func TestMoveWithinCellTouchesNoList(t *testing.T) {
	tests := []struct {
		name     string
		from, to Box
		same     bool
	}{
		{"within its cell", Box{1, 1, 3, 3}, Box{5, 6, 3, 3}, true},
		{"corner into the next cell", Box{8, 1, 3, 3}, Box{10, 1, 3, 3}, false},
		{"growing from the same corner", Box{1, 1, 3, 3}, Box{1, 1, 40, 40}, true},
		{"beyond the bounds, both clamped to the border cell", Box{-5, 1, 3, 3}, Box{-50, 2, 3, 3}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New[string](Box{0, 0, 100, 100}, 10, 4)
			other := g.Insert(Box{0, 0, 20, 20}, "other")
			id := g.Insert(tt.from, "moving")
			g.Pack()
			cells, slots := slices.Clone(g.cells), slices.Clone(g.slots)
			g.Move(id, tt.to)
			checkGrid(t, g)
			if got := g.Box(id); got != tt.to {
				t.Errorf("Box after Move = %+v, want %+v", got, tt.to)
			}
			if g.Get(id) != "moving" || g.Get(other) != "other" {
				t.Errorf("values changed by Move")
			}
			if g.StaleCells() != 0 {
				t.Errorf("%d stale cells after Move, want 0: Move writes the item itself", g.StaleCells())
			}
			s := g.slot[id]
			want := slices.Clone(slots)
			want[s] = item[string]{val: "moving", x: tt.to.X, y: tt.to.Y, w: tt.to.W, h: tt.to.H, id: id}
			if same := slices.Equal(cells, g.cells) && slices.Equal(want, g.slots); same != tt.same {
				t.Errorf("cells and other items unchanged, the item rewritten in place = %v, want %v", same, tt.same)
			}
		})
	}
}

// TestGrowKeepsArrays: after Grow(n), n Inserts move none of the grid's arrays, and
// the grid holds what was inserted, before and after a Pack.
func TestGrowKeepsArrays(t *testing.T) {
	g := New[int](Box{0, 0, 100, 100}, 10, 0)
	boxes, vals := map[int32]Box{}, map[int32]int{}
	insert := func(k int) {
		for i := range k {
			b := Box{int32(i*7) % 100, int32(i*13) % 100, 3, 4}
			id := g.Insert(b, i)
			boxes[id], vals[id] = b, i
		}
	}
	insert(5)
	g.Grow(200)
	at, slot, slots := &g.at[0], &g.slot[0], &g.slots[0]
	insert(200)
	if &g.at[0] != at || &g.slot[0] != slot || &g.slots[0] != slots {
		t.Error("Inserts after Grow moved an array")
	}
	checkGrid(t, g)
	checkQuery(t, g, boxes, vals, Box{0, 0, 100, 100})
	g.Grow(0)
	g.Grow(-3)
	checkGrid(t, g)
}

func TestIDsAreReused(t *testing.T) {
	g := New[int](Box{0, 0, 16, 16}, 4, 0)
	a := g.Insert(Box{0, 0, 1, 1}, 1)
	b := g.Insert(Box{0, 0, 9, 9}, 2)
	c := g.Insert(Box{5, 5, 1, 1}, 3)
	g.Remove(a)
	g.Remove(c)
	tests := []struct {
		val  int
		want int32
	}{{4, c}, {5, a}, {6, 3}}
	for _, tt := range tests {
		if got := g.Insert(Box{1, 1, 1, 1}, tt.val); got != tt.want {
			t.Errorf("Insert(%d) = id %d, want %d", tt.val, got, tt.want)
		}
	}
	checkGrid(t, g)
	if g.Len() != 4 || g.Get(b) != 2 {
		t.Errorf("Len = %d, Get(b) = %d; want 4, 2", g.Len(), g.Get(b))
	}
	*g.Ptr(b) = 7
	if g.Get(b) != 7 {
		t.Errorf("write through Ptr not seen by Get")
	}
}

// TestSteadyStateAllocatesNothing: once a world of drifting entries has been packed,
// moving them and querying allocates nothing.
func TestSteadyStateAllocatesNothing(t *testing.T) {
	const n, side = 5000, 4000
	g := New[int](Box{0, 0, side, side}, 40, n)
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range n {
		g.Insert(Box{rng.Int32N(side), rng.Int32N(side), 4 + rng.Int32N(30), 4 + rng.Int32N(30)}, i)
	}
	g.Pack()
	view := Box{1000, 1000, 800, 450}
	dst := g.Query(view, nil)
	if len(dst) == 0 {
		t.Fatal("the view holds no entry: the test would prove nothing")
	}
	steps := make([]Step, 100)
	for i := range steps {
		steps[i] = Step{rng.Int32N(n), rng.Int32N(17) - 8, rng.Int32N(17) - 8}
	}
	frame := func() {
		for range 100 {
			id := rng.Int32N(n)
			b := g.Box(id)
			b.X = min(max(b.X+rng.Int32N(17)-8, 0), side-1)
			b.Y = min(max(b.Y+rng.Int32N(17)-8, 0), side-1)
			g.Move(id, b)
		}
		ShiftEach(g, steps)
		dst = g.Query(view, dst[:0])
	}
	if a := testing.AllocsPerRun(200, frame); a != 0 {
		t.Errorf("%v allocations per frame of moves and a query, want 0", a)
	}
	checkGrid(t, g)
}

func TestMisusePanics(t *testing.T) {
	setup := func() (*Grid[int], int32) {
		g := New[int](Box{0, 0, 64, 64}, 8, 0)
		g.Insert(Box{0, 0, 4, 4}, 1)
		id := g.Insert(Box{0, 0, 4, 4}, 2)
		g.Remove(id)
		return g, id
	}
	tests := []struct {
		name string
		op   func()
		want string
	}{
		{"remove twice", func() { g, id := setup(); g.Remove(id) }, "Remove of id 1, which is not in the grid"},
		{"move removed", func() { g, id := setup(); g.Move(id, Box{0, 0, 1, 1}) }, "Move of id 1"},
		{"get never issued", func() { g, _ := setup(); g.Get(5) }, "Get of id 5"},
		{"box negative", func() { g, _ := setup(); g.Box(-1) }, "Box of id -1"},
		{"insert empty", func() { g, _ := setup(); g.Insert(Box{0, 0, 0, 3}, 0) }, "covers nothing"},
		{"move to empty", func() { g, _ := setup(); g.Move(0, Box{0, 0, 3, -1}) }, "covers nothing"},
		{"zero cell", func() { New[int](Box{0, 0, 1, 1}, 0, 0) }, "cell = 0"},
		{"empty bounds", func() { New[int](Box{0, 0, 0, 1}, 1, 0) }, "cover nothing"},
		{"too many cells", func() { New[int](Box{0, 0, 1 << 20, 1 << 20}, 1, 0) }, "more than"},
		{"shift removed", func() { g, id := setup(); ShiftEach(g, []Step{{0, 1, 1}, {id, 1, 1}}) }, "ShiftEach of id 1"},
		{"shift never issued", func() { g, _ := setup(); ShiftEach(g, []Step{{-3, 0, 0}}) }, "ShiftEach of id -3"},
		{"shift in bounds beyond int32", func() {
			ShiftEach(New[int](Box{math.MaxInt32 - 9, 0, 20, 20}, 8, 0), []Step(nil))
		}, "end beyond int32"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if msg := testcheck.PanicOf(tt.op); !strings.Contains(msg, tt.want) {
				t.Errorf("panic %q, want one containing %q", msg, tt.want)
			}
		})
	}
}
