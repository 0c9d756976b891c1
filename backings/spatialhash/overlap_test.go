package spatialhash

import (
	"slices"
	"testing"
)

// checkOverlap verifies the hash's invariants: each live object is listed once in
// every cell its box covers (by the geometry, clamped to the border cells) and in no
// other, no dead id is listed, and the count of live objects is Len.
func checkOverlap[T any](t *testing.T, o *Overlap[T]) {
	t.Helper()
	want := make(map[int32]map[int]bool)
	live := 0
	for id := range o.objs {
		if !o.live.has(int32(id)) {
			continue
		}
		live++
		ob := &o.objs[id]
		c0, c1, r0, r1 := o.span(ob.x, ob.y, ob.w, ob.h)
		if c0 != ob.c0 || c1 != ob.c1 || r0 != ob.r0 || r1 != ob.r1 {
			t.Fatalf("id %d keeps cells %d–%d × %d–%d, its box covers %d–%d × %d–%d", id, ob.c0, ob.c1, ob.r0, ob.r1, c0, c1, r0, r1)
		}
		cells := map[int]bool{}
		for r := r0; r <= r1; r++ {
			for c := c0; c <= c1; c++ {
				cells[int(r*o.geo.cols+c)] = true
			}
		}
		want[int32(id)] = cells
	}
	if live != o.Len() {
		t.Fatalf("Len %d, %d live objects", o.Len(), live)
	}
	for c, ids := range o.cells {
		seen := map[int32]bool{}
		for _, id := range ids {
			if seen[id] {
				t.Fatalf("cell %d lists id %d twice", c, id)
			}
			seen[id] = true
			if !want[id][c] {
				t.Fatalf("cell %d lists id %d, whose box does not cover it (or which is not held)", c, id)
			}
			delete(want[id], c)
		}
	}
	for id, cells := range want {
		if len(cells) > 0 {
			t.Fatalf("id %d is missing from %d of the cells its box covers", id, len(cells))
		}
	}
}

// checkOverlapQuery compares Query with a brute-force scan of the model: every
// object overlapping q, each once, with its box and value.
func checkOverlapQuery(t *testing.T, o *Overlap[int32], boxes map[int32]Box, vals map[int32]int32, q Box) {
	t.Helper()
	got := o.Query(q, nil)
	seen := map[int32]bool{}
	for _, e := range got {
		if seen[e.ID] {
			t.Fatalf("Query(%+v) returned id %d twice", q, e.ID)
		}
		seen[e.ID] = true
		if b, ok := boxes[e.ID]; !ok || b != e.Box || vals[e.ID] != e.Val {
			t.Fatalf("Query(%+v) returned id %d as %+v, %d; the model holds %+v, %d (held: %v)", q, e.ID, e.Box, e.Val, b, vals[e.ID], ok)
		}
	}
	for id, b := range boxes {
		if b.Overlaps(q) != seen[id] {
			t.Fatalf("Query(%+v): id %d at %+v found = %v, overlaps = %v", q, id, b, seen[id], b.Overlaps(q))
		}
	}
}

// TestOverlapCells: a box is listed in every cell it covers, at any size and place,
// and a move to other cells lists it there and nowhere else.
func TestOverlapCells(t *testing.T) {
	tests := []struct {
		name  string
		box   Box
		cells []int // row-major, in a 4×4 grid of cells of 10 over [0, 40)²
	}{
		{"inside one cell", Box{12, 12, 5, 5}, []int{5}},
		{"on a cell's last unit", Box{10, 10, 10, 10}, []int{5}},
		{"across a column border", Box{18, 12, 5, 5}, []int{5, 6}},
		{"across four cells", Box{18, 18, 5, 5}, []int{5, 6, 9, 10}},
		{"larger than a cell", Box{5, 5, 30, 10}, []int{0, 1, 2, 3, 4, 5, 6, 7}},
		{"past the bounds' corner", Box{-20, -20, 25, 25}, []int{0}},
		{"past the far edge", Box{35, 38, 50, 2}, []int{15}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := NewOverlap[int32](Box{0, 0, 40, 40}, 10, 0)
			id := o.Insert(tt.box, 7)
			var got []int
			for c, ids := range o.cells {
				if slices.Contains(ids, id) {
					got = append(got, c)
				}
			}
			if !slices.Equal(got, tt.cells) {
				t.Fatalf("listed in cells %v, want %v", got, tt.cells)
			}
			o.MoveTo(id, 31, 1)
			checkOverlap(t, o)
			if b := o.Box(id); b.X != 31 || b.Y != 1 || b.W != tt.box.W {
				t.Fatalf("after MoveTo the box is %+v", b)
			}
		})
	}
}

// TestOverlapQueryOnce: an object listed in many cells is returned once by a query
// over all of them, and again by the next query.
func TestOverlapQueryOnce(t *testing.T) {
	o := NewOverlap[int32](Box{0, 0, 100, 100}, 5, 4)
	big := o.Insert(Box{0, 0, 100, 100}, 1)
	small := o.Insert(Box{50, 50, 1, 1}, 2)
	for range 3 {
		got := o.Query(Box{0, 0, 100, 100}, nil)
		if len(got) != 2 || got[0].ID != big || got[1].ID != small {
			t.Fatalf("Query = %+v, want the big box (in all 400 cells) and the small one, once each", got)
		}
	}
	o.Remove(big)
	if got := o.Query(Box{0, 0, 100, 100}, nil); len(got) != 1 || got[0].ID != small {
		t.Fatalf("after Remove, Query = %+v", got)
	}
	if id := o.Insert(Box{1, 1, 1, 1}, 3); id != big {
		t.Fatalf("Insert after Remove gave id %d, want the freed %d", id, big)
	}
	checkOverlap(t, o)
}

// TestOverlapStampWraps: when the query stamp wraps to zero, no object is taken for
// already seen.
func TestOverlapStampWraps(t *testing.T) {
	o := NewOverlap[int32](Box{0, 0, 10, 10}, 5, 1)
	o.Insert(Box{0, 0, 10, 10}, 1)
	o.stamp = ^uint32(0) - 1
	for range 4 {
		if got := o.Query(Box{0, 0, 10, 10}, nil); len(got) != 1 {
			t.Fatalf("stamp %d: Query found %d objects, want 1", o.stamp, len(got))
		}
	}
}

// TestOverlapPanics: ids the hash does not hold and empty boxes are refused.
func TestOverlapPanics(t *testing.T) {
	o := NewOverlap[int32](Box{0, 0, 10, 10}, 5, 1)
	id := o.Insert(Box{1, 1, 1, 1}, 0)
	o.Remove(id)
	for name, f := range map[string]func(){
		"Remove twice":      func() { o.Remove(id) },
		"MoveTo a dead id":  func() { o.MoveTo(id, 1, 1) },
		"Get past the end":  func() { o.Get(5) },
		"Insert empty":      func() { o.Insert(Box{1, 1, 0, 1}, 0) },
		"negative id's box": func() { o.Box(-1) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic")
				}
			}()
			f()
		})
	}
}

// FuzzOverlap applies a random sequence of inserts, removes, moves and queries to an
// Overlap and to the reference model (model, and brute-force queries), and compares
// them after every step. Small cells make
// boxes span many cells, and corners fall outside the bounds on every side.
func FuzzOverlap(f *testing.F) {
	f.Add([]byte{10, 0, 1, 2, 30, 30, 0, 0, 70, 70, 20, 20, 3, 0, 0, 127, 127})
	f.Add([]byte{3, 0, 60, 60, 10, 10, 2, 0, 61, 59, 12, 12, 1, 0, 0, 10, 10, 10, 3, 50, 50, 20, 20})
	f.Add([]byte{0, 0, 0, 0, 0, 41, 41, 0, 0, 64, 64, 1, 1, 0, 2, 1, 1, 1, 0, 0, 3, 0, 0, 127, 127, 4})
	f.Add([]byte{5, 1, 0, 20, 20, 4, 4, 0, 30, 22, 6, 6, 3, 0, 24, 20, 0, 0, 3, 1, 60, 70, 0, 0, 4, 10, 10, 60, 60, 2, 0, 4, 0, 0, 100, 100})
	f.Fuzz(func(t *testing.T, data []byte) {
		in := &bytes{data}
		o := NewOverlap[int32](Box{0, 0, 96, 96}, 1+in.next(24), int(in.next(8)))
		m := newModel(in)
		boxes, vals, pick := m.boxes, m.vals, m.pick
		for step := 0; len(in.b) > 0 && step < maxSteps; step++ {
			switch in.next(5) {
			case 0, 1: // insert, twice as often as the others
				b, v := in.box(), int32(step)
				if got, want := o.Insert(b, v), m.insert(b, v); got != want {
					t.Fatalf("step %d: Insert = id %d, want %d", step, got, want)
				}
			case 2:
				if id, ok := pick(); ok {
					o.Remove(id)
					m.remove(id)
				}
			case 3: // move the corner, keeping the size: often within its cells
				if id, ok := pick(); ok {
					b := boxes[id]
					b.X += in.next(33) - 16
					b.Y += in.next(33) - 16
					o.MoveTo(id, b.X, b.Y)
					boxes[id] = b
				}
			case 4:
				checkOverlapQuery(t, o, boxes, vals, in.query())
			}
			checkOverlap(t, o)
			for id, b := range boxes {
				if o.Box(id) != b || o.Get(id) != vals[id] {
					t.Fatalf("step %d: id %d holds %+v, %d; want %+v, %d", step, id, o.Box(id), o.Get(id), b, vals[id])
				}
			}
		}
		checkOverlapQuery(t, o, boxes, vals, Box{-100, -100, 300, 300})
	})
}

// TestOverlapReserve: Reserve leaves every list as it was, with room for twice its
// ids and four more, so that the next joins do not allocate.
func TestOverlapReserve(t *testing.T) {
	o := NewOverlap[int32](Box{0, 0, 40, 40}, 10, 0)
	for i := range int32(30) {
		o.Insert(Box{i, i, 5 + i%7, 3}, i)
	}
	before := slices.Clone(o.cells)
	for c := range before {
		before[c] = slices.Clone(before[c])
	}
	o.Reserve()
	for c, ids := range o.cells {
		if !slices.Equal(ids, before[c]) || cap(ids) < 2*len(ids)+4 {
			t.Fatalf("cell %d: %v with room for %d after Reserve, was %v", c, ids, cap(ids), before[c])
		}
	}
	checkOverlap(t, o)
	if a := testing.AllocsPerRun(10, func() {
		id := o.Insert(Box{12, 12, 3, 3}, 0)
		o.Remove(id)
	}); a != 0 {
		t.Fatalf("an insert into reserved lists allocated %.0f times", a)
	}
}
