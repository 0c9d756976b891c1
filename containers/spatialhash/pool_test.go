package spatialhash

import (
	"math/rand/v2"
	"testing"
)

// TestListsGrowAndShrink fills one cell past several size classes and empties it again,
// in an order that takes entries from anywhere in the list, checking every invariant
// (lists, block ownership, fill thresholds) after each step.
func TestListsGrowAndShrink(t *testing.T) {
	for _, n := range []int{1, 4, 5, 17, 300} {
		h := New[int](100, 0)
		ids := make([]int32, n)
		for i := range ids {
			ids[i] = h.Insert(Box{int32(i % 90), 5, 3, 3}, i)
			checkHash(t, h)
		}
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		for _, e := range ids {
			h.Remove(e)
			checkHash(t, h)
		}
		if h.Cells() != 0 || h.cells.used != 0 {
			t.Fatalf("n = %d: %d cells left after removing every entry", n, h.Cells())
		}
	}
}

// TestEmptiedCellsLeave: cells that lose their last entry leave the table, whatever
// the order, so that the probe runs of the cells left still find them (backward-shift
// deletion), and a world that wanders keeps as many cells as it occupies.
func TestEmptiedCellsLeave(t *testing.T) {
	tests := []struct {
		name string
		cell int32
		side int32 // boxes of side×side cells of 1
	}{
		{"one cell each", 1, 1},
		{"four cells each", 1, 2},
		{"across borders", 3, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := New[int](tt.cell, 0)
			rng := rand.New(rand.NewPCG(5, uint64(tt.side)))
			boxes := map[int32]Box{}
			for i := range 400 { // a crowded 40×40 patch: long probe runs in the table
				b := Box{rng.Int32N(40), rng.Int32N(40), tt.side, tt.side}
				boxes[h.Insert(b, i)] = b
			}
			checkHash(t, h)
			for step := range 3000 { // wander, one unit at a time, across a wider patch
				e := rng.Int32N(400)
				b := boxes[e]
				b.X = min(max(b.X+rng.Int32N(3)-1, -60), 100)
				b.Y = min(max(b.Y+rng.Int32N(3)-1, -60), 100)
				h.Move(e, b)
				boxes[e] = b
				if step%100 == 0 {
					checkHash(t, h)
					checkQuery(t, h, boxes, Box{rng.Int32N(100) - 60, rng.Int32N(100) - 60, 30, 30})
				}
			}
			checkHash(t, h)
			for e := range boxes {
				h.Remove(e)
			}
			checkHash(t, h)
			if h.Cells() != 0 {
				t.Fatalf("%d cells left after removing every entry", h.Cells())
			}
		})
	}
}

// TestWanderingAllocatesNothing: once a world of wandering entries has reached its
// steady state, moving them allocates nothing, even though they keep reaching cells
// none of them touched before (the world has far more cells than entries). Before the
// pool, every new cell and every list that outgrew its largest size so far allocated:
// hundreds of times in the measured moves here.
func TestWanderingAllocatesNothing(t *testing.T) {
	const n, side = 2000, 4000 // a torus of 500×500 cells of 8
	h := New[int](8, n)
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range n {
		h.Insert(Box{rng.Int32N(side), rng.Int32N(side), 4 + rng.Int32N(8), 4 + rng.Int32N(8)}, i)
	}
	moves := func(k int) {
		for range k {
			e := rng.Int32N(n)
			b := h.Box(e)
			b.X = (b.X + rng.Int32N(17) - 8 + side) % side
			b.Y = (b.Y + rng.Int32N(17) - 8 + side) % side
			h.Move(e, b)
		}
	}
	moves(500_000)
	cells := h.Cells()
	// AllocsPerRun truncates to whole allocations per run: one run of many moves.
	if a := testing.AllocsPerRun(1, func() { moves(100_000) }); a != 0 {
		t.Fatalf("%.0f allocations in 100,000 moves after warm-up, want 0", a)
	}
	if got := h.Cells(); got > cells+cells/10 || got < cells-cells/10 {
		t.Fatalf("cells went from %d to %d while the entries stayed as many", cells, got)
	}
	checkHash(t, h)
}
