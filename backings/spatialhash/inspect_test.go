package spatialhash

import (
	"math/rand/v2"
	"testing"
)

// checkInspect compares the read-only accessors with what the grid holds: every
// entry's corner is in one cell, listed there or pending; the stale count is that of
// the stale bits.
func checkInspect[T any](t *testing.T, g *Grid[T]) {
	t.Helper()
	cols, rows := g.Cells()
	perCell := make([]int, cols*rows)
	for id := range g.at {
		if g.live.has(int32(id)) {
			perCell[g.geo.cellOf(g.at[id].x, g.at[id].y)]++
		}
	}
	listed := 0
	for c := range cols * rows {
		start, n := g.CellRun(c)
		if start < 0 || start+n > g.Placed() {
			t.Fatalf("cell %d: run from %d of %d items beyond the %d placed slots", c, start, n, g.Placed())
		}
		if n > perCell[c] {
			t.Fatalf("cell %d lists %d items, %d corners lie there", c, n, perCell[c])
		}
		listed += n
	}
	if listed+g.Pending() != g.Len() || g.Placed()+g.Pending() != g.Slots() {
		t.Fatalf("%d listed + %d pending, %d entries; %d placed + %d pending, %d slots", listed, g.Pending(), g.Len(), g.Placed(), g.Pending(), g.Slots())
	}
	stale := 0
	for c := range cols * rows {
		if g.stale.has(int32(c)) {
			stale++
		}
	}
	if g.StaleCells() != stale {
		t.Fatalf("StaleCells %d, %d bits set", g.StaleCells(), stale)
	}
}

func TestInspect(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	g := New[int32](Box{0, 0, 1000, 500}, 100, 0)
	if c, rw := g.Cells(); c != 10 || rw != 5 {
		t.Fatalf("cells %d×%d, want 10×5", c, rw)
	}
	for i := range 2000 {
		g.Insert(Box{r.Int32N(1000), r.Int32N(500), 1 + r.Int32N(20), 1 + r.Int32N(9)}, int32(i))
	}
	checkInspect(t, g)
	g.Pack()
	if g.Pending() != 0 {
		t.Errorf("%d pending after Pack", g.Pending())
	}
	x, y := g.Corner(7)
	g.MoveTo(7, x-x%100, y-y%100) // same cell
	if g.StaleCells() != 0 {
		t.Errorf("after MoveTo within a cell: %d stale cells, want 0", g.StaleCells())
	}
	ShiftEach(g, []Step{{7, 1, 1}}) // same cell again
	if g.StaleCells() != 1 {
		t.Errorf("after a ShiftEach step within a cell: %d stale cells, want 1", g.StaleCells())
	}
	checkInspect(t, g)
	if w, h := g.MaxSide(); w > 20 || h > 9 || w < 15 {
		t.Errorf("widest sides %d×%d, want up to 20×9", w, h)
	}
	if g.SlotBytes() != 24 {
		t.Errorf("an item of int32 takes %d bytes, want 24", g.SlotBytes())
	}
	if d := g.SlotAddr(1) - g.SlotAddr(0); d != 24 {
		t.Errorf("slots %d bytes apart, want 24", d)
	}
	if g.Bytes() < int64(g.Slots()*24) {
		t.Errorf("Bytes %d, less than the %d slots hold", g.Bytes(), g.Slots()*24)
	}

	// A query's results all have their corners in the cells QueryCells names.
	q := Box{310, 120, 200, 150}
	cx0, cy0, cx1, cy1 := g.QueryCells(q)
	if cx0 > 3 || cx1 != 5 || cy0 > 1 || cy1 != 2 {
		t.Errorf("QueryCells(%+v) = columns %d–%d, rows %d–%d; want to 5 and to 2, from 3 and 1 or before", q, cx0, cx1, cy0, cy1)
	}
	for _, e := range g.Query(q, nil) {
		if cx, cy := int(e.Box.X/100), int(e.Box.Y/100); cx < cx0 || cx > cx1 || cy < cy0 || cy > cy1 {
			t.Errorf("entry %d at cell (%d, %d), outside the cells QueryCells names", e.ID, cx, cy)
		}
	}
	if x0, _, x1, _ := g.QueryCells(Box{}); x0 <= x1 {
		t.Error("an empty query walks cells")
	}

	ix := NewIndex(Box{0, 0, 1000, 500}, 100, 4, 4, 0)
	want := make([]int, 50)
	for range 3000 {
		x, y := r.Int32N(1000), r.Int32N(500)
		ix.Add(x, y)
		want[y/100*10+x/100]++
	}
	ix.Build()
	for c := range 50 {
		if ix.CellLen(c) != want[c] {
			t.Fatalf("cell %d: %d boxes, want %d", c, ix.CellLen(c), want[c])
		}
	}
	if ix.Bytes() < 3000*(4+4+8) {
		t.Errorf("index Bytes %d, less than its boxes take", ix.Bytes())
	}
}
