package spatialhash

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMagicIsFloorDivision checks ShiftEach's multiply-and-shift against the division
// it stands for, around multiples of the cell and at the ends of its range, [0, 2^31).
func TestMagicIsFloorDivision(t *testing.T) {
	cells := []int32{1, 2, 3, 7, 72, 216, 1000, 1<<20 + 1, 1<<30 + 7, math.MaxInt32 - 1, math.MaxInt32}
	rng := rand.New(rand.NewPCG(6, 7))
	ds := []uint64{0, 1, 71, 72, 73, 215, 216, 217, 1<<31 - 2, 1<<31 - 1}
	for range 3000 {
		ds = append(ds, uint64(rng.Uint32N(1<<31)))
	}
	for _, c := range cells {
		magic, shift := magicOf(c)
		if magic > 1<<32 {
			t.Fatalf("cell %d: magic %d above 2^32, so a product may overflow", c, magic)
		}
		for _, d0 := range ds {
			for _, d := range []uint64{d0, d0 - d0%uint64(c), d0 - d0%uint64(c) - 1} {
				if d >= 1<<31 {
					continue
				}
				if got, want := d*magic>>shift, d/uint64(c); got != want {
					t.Fatalf("cell %d: %d·magic >> %d = %d, want %d", c, d, shift, got, want)
				}
			}
		}
	}
}

// TestSpanIsExactModulo32 checks the premises of ShiftEach's fast path: an int32
// difference v-x0 read modulo 2^32 falls below the span only for a v truly within
// it, whatever the origin; a v outside has a column by the magic beyond the area's;
// and a freed id's corner (away) lies outside.
func TestSpanIsExactModulo32(t *testing.T) {
	tests := []struct {
		name   string
		bounds Box
		cell   int32
	}{
		{"origin 0", Box{0, 0, 1000, 1000}, 216},
		{"negative origin", Box{-500, -70, 1000, 100}, 7},
		{"lowest origin", Box{math.MinInt32, math.MinInt32, math.MaxInt32, math.MaxInt32}, 1 << 24},
		{"ending at 2^31", Box{math.MaxInt32 - 999, 5, 1000, 1000}, 100},
		{"cut short at 2^31 within a cell", Box{math.MaxInt32 - 1049, 5, 1100, 1000}, 100},
		{"cells past the bounds", Box{1 << 30, 0, 1<<30 + 5, 64}, 1 << 29},
		{"cell 1", Box{-3, -3, 50, 50}, 1},
	}
	edges := []int32{math.MinInt32, math.MinInt32 + 1, -1 << 30, -501, -500, -1, 0, 1, 499, 500, 1 << 30, math.MaxInt32 - 1000, math.MaxInt32 - 1, math.MaxInt32}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGeometry(tt.bounds, tt.cell)
			if g.spanX == 0 || g.spanY == 0 {
				t.Fatalf("span %d×%d: the fast path would never run", g.spanX, g.spanY)
			}
			vs := slices.Clone(edges)
			for _, o := range []int64{int64(g.x0), int64(g.x0) + int64(g.spanX)} {
				for d := int64(-2); d <= 2; d++ {
					if v := o + d; v >= math.MinInt32 && v <= math.MaxInt32 {
						vs = append(vs, int32(v))
					}
				}
			}
			for _, v := range vs {
				fast := uint64(uint32(v-g.x0)) < g.spanX
				d := int64(v) - int64(g.x0)
				if exact := d >= 0 && d < int64(g.spanX); fast != exact {
					t.Errorf("x %d: fast test %v, exact %v (span %d)", v, fast, exact, g.spanX)
				}
				if fast && g.cellOf(v, g.y0) != int32(uint64(d)*g.magic>>g.shift) {
					t.Errorf("x %d: column %d by the magic, %d by cellOf", v, uint64(d)*g.magic>>g.shift, g.cellOf(v, g.y0))
				}
				// ShiftEach does not test the old corner: outside the area, its column
				// by the magic must lie beyond every column inside it.
				if m, last := uint64(uint32(v-g.x0)), (g.spanX-1)/uint64(g.cell); !fast && m*g.magic>>g.shift <= last {
					t.Errorf("x %d, outside the area: column %d by the magic, not beyond the area's last, %d", v, m*g.magic>>g.shift, last)
				}
			}
			if a := g.away(); uint64(uint32(a.x-g.x0)) < g.spanX || uint64(uint32(a.y-g.y0)) < g.spanY {
				t.Errorf("away() = %+v lies inside the area", a)
			}
		})
	}
}

// TestShiftEachMatchesModel steps entries of grids of several shapes, their corners
// inside and outside the bounds, by small and large steps, and compares every box and
// several queries with a model that wraps each step by around.
func TestShiftEachMatchesModel(t *testing.T) {
	tests := []struct {
		name   string
		bounds Box
		cell   int32
		step   int32 // steps are drawn from [-step, step]
	}{
		{"sprites-like drift", Box{0, 0, 2000, 2000}, 216, 8},
		{"steps across cells", Box{0, 0, 2000, 2000}, 50, 120},
		{"steps beyond the world", Box{0, 0, 300, 200}, 32, 1000},
		{"negative origin, cells past the bounds", Box{-700, -300, 1000, 650}, 64, 40},
		{"ending at 2^31", Box{math.MaxInt32 - 999, math.MaxInt32 - 999, 1000, 1000}, 100, 30},
		{"cell 1", Box{0, 0, 40, 40}, 1, 2},
		{"huge steps", Box{-5000, 0, 9000, 3000}, 100, math.MaxInt32},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, uint64(tt.cell)))
			g := New[int32](tt.bounds, tt.cell, 0)
			boxes, vals := map[int32]Box{}, map[int32]int32{}
			coord := func(o, n int32) int32 { // mostly inside, some before and after
				return int32(int64(o) + int64(rng.Int32N(n+n/4)) - int64(n/8))
			}
			for i := range int32(400) {
				b := Box{coord(tt.bounds.X, tt.bounds.W), coord(tt.bounds.Y, tt.bounds.H), 1 + rng.Int32N(40), 1 + rng.Int32N(40)}
				id := g.Insert(b, i)
				boxes[id], vals[id] = b, i
			}
			for id := int32(0); id < 400; id += 7 {
				g.Remove(id)
				delete(boxes, id)
				delete(vals, id)
			}
			g.Pack()
			var live []int32
			for id := range boxes {
				live = append(live, id)
			}
			slices.Sort(live)
			for round := range 6 {
				steps := make([]Step, 0, len(live))
				for _, id := range live {
					if rng.IntN(3) > 0 {
						dx := int32(rng.Int64N(2*int64(tt.step)+1) - int64(tt.step))
						dy := int32(rng.Int64N(2*int64(tt.step)+1) - int64(tt.step))
						steps = append(steps, Step{id, dx, dy})
					}
				}
				rng.Shuffle(len(steps), func(i, j int) { steps[i], steps[j] = steps[j], steps[i] })
				ShiftEach(g, steps)
				for _, st := range steps {
					b := boxes[st.ID]
					b.X, b.Y = around(b.X, st.DX, tt.bounds.X, tt.bounds.W), around(b.Y, st.DY, tt.bounds.Y, tt.bounds.H)
					boxes[st.ID] = b
				}
				checkGrid(t, g)
				for id, b := range boxes {
					if got := g.Box(id); got != b {
						t.Fatalf("round %d: id %d at %+v, want %+v", round, id, got, b)
					}
				}
				for range 4 {
					q := Box{coord(tt.bounds.X, tt.bounds.W), coord(tt.bounds.Y, tt.bounds.H), 1 + rng.Int32N(tt.bounds.W/2+1), 1 + rng.Int32N(tt.bounds.H/2+1)}
					checkQuery(t, g, boxes, vals, q)
				}
			}
		})
	}
}

// TestShiftWithinCellTouchesNoList checks that a step keeping the corner in its cell
// changes no cell list and no item, only the corner by id and the cell's stale bit,
// and that one to another cell moves the item. A corner beyond the bounds belongs to
// the border cell, so wrapping it into the bounds may keep its cell: that step takes
// the general move, which writes the item in place as MoveTo does, marking nothing
// stale.
func TestShiftWithinCellTouchesNoList(t *testing.T) {
	const (
		deferred = iota // the corner by id and a stale bit only
		inPlace         // the item rewritten where it lies, no stale bit
		moved           // the item listed in another cell
	)
	tests := []struct {
		name   string
		from   Box
		dx, dy int32
		want   int
	}{
		{"within its cell", Box{11, 12, 3, 3}, 5, 6, deferred},
		{"wrapping into the far cell", Box{1, 50, 3, 3}, -2, 0, moved},
		{"into the next cell", Box{18, 50, 3, 3}, 2, 0, moved},
		{"from beyond the bounds into the border cell it was listed in", Box{-5, 1, 3, 3}, 6, 0, inPlace},
		{"from beyond the bounds into the next cell", Box{-5, 1, 3, 3}, 16, 0, moved},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New[string](Box{0, 0, 100, 100}, 10, 4)
			g.Insert(Box{0, 0, 20, 20}, "other")
			id := g.Insert(tt.from, "moving")
			g.Pack()
			cells, slots := slices.Clone(g.cells), slices.Clone(g.slots)
			ShiftEach(g, []Step{{id, tt.dx, tt.dy}})
			checkGrid(t, g)
			want := Box{around(tt.from.X, tt.dx, 0, 100), around(tt.from.Y, tt.dy, 0, 100), tt.from.W, tt.from.H}
			if got := g.Box(id); got != want {
				t.Errorf("Box after ShiftEach = %+v, want %+v", got, want)
			}
			rewritten := slices.Clone(slots)
			s := g.slot[id]
			rewritten[s] = item[string]{val: "moving", x: want.X, y: want.Y, w: want.W, h: want.H, id: id}
			var got int
			switch {
			case slices.Equal(cells, g.cells) && slices.Equal(slots, g.slots):
				got = deferred
			case slices.Equal(cells, g.cells) && slices.Equal(rewritten, g.slots):
				got = inPlace
			default:
				got = moved
			}
			if got != tt.want {
				t.Errorf("step made as %d (0 deferred, 1 in place, 2 moved), want %d", got, tt.want)
			}
			if stale := g.StaleCells(); (tt.want == deferred) != (stale == 1) || stale > 1 {
				t.Errorf("%d stale cells after the step, want 1 only for a deferred step", stale)
			}
		})
	}
}
