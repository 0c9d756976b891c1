package spatialhash

import "testing"

// bytes reads the fuzz input as a stream of small numbers, zero once exhausted.
type bytes struct{ b []byte }

func (r *bytes) next(n int) int32 {
	if len(r.b) == 0 {
		return 0
	}
	v := int32(r.b[0]) % int32(n)
	r.b = r.b[1:]
	return v
}

// box reads a non-empty box with its corner in [-16, 112) and sides in [1, 32]: the
// grids below span [0, 96)², so corners fall outside them on every side.
func (r *bytes) box() Box {
	return Box{r.next(128) - 16, r.next(128) - 16, 1 + r.next(32), 1 + r.next(32)}
}

// query reads a query box, sometimes empty, sometimes past the world's edges.
func (r *bytes) query() Box {
	return Box{r.next(160) - 32, r.next(160) - 32, r.next(100) - 2, r.next(100) - 2}
}

const maxSteps = 200

// model is the reference the fuzz targets of a grid and of an overlap hash compare
// with: maps from id to box and value, and a stack of free ids, the last freed given
// out first.
type model struct {
	in     *bytes
	boxes  map[int32]Box
	vals   map[int32]int32
	free   []int32
	issued int32
}

func newModel(in *bytes) *model {
	return &model{in: in, boxes: map[int32]Box{}, vals: map[int32]int32{}}
}

// insert adds b and v and returns the id the structure must give them.
func (m *model) insert(b Box, v int32) int32 {
	id := m.issued
	if k := len(m.free); k > 0 {
		id, m.free = m.free[k-1], m.free[:k-1]
	} else {
		m.issued++
	}
	m.boxes[id], m.vals[id] = b, v
	return id
}

func (m *model) remove(id int32) {
	delete(m.boxes, id)
	delete(m.vals, id)
	m.free = append(m.free, id)
}

// pick reads the k-th live id, in id order, from the input.
func (m *model) pick() (int32, bool) {
	if len(m.boxes) == 0 {
		return 0, false
	}
	k := m.in.next(256) % int32(len(m.boxes))
	for id := int32(0); ; id++ {
		if _, ok := m.boxes[id]; ok {
			if k == 0 {
				return id, true
			}
			k--
		}
	}
}

// FuzzOps applies a random sequence of operations (insert, remove, Move to a new box,
// MoveTo a new corner, ShiftEach, Grow, query) to a Grid and to a reference model (maps from id to box and value, a stack of
// free ids, brute-force queries, steps wrapped by around) and
// compares them after every step. Small cells and few entries keep the grid's room
// scarce, so entries often shift between cells and wait pending.
func FuzzOps(f *testing.F) {
	f.Add([]byte{10, 0, 1, 2, 30, 30, 0, 0, 70, 70, 20, 20, 3, 0, 0, 127, 127})
	f.Add([]byte{3, 0, 60, 60, 10, 10, 2, 0, 61, 59, 12, 12, 1, 0, 0, 10, 10, 10, 3, 50, 50, 20, 20})
	f.Add([]byte{0, 0, 0, 0, 0, 41, 41, 0, 0, 64, 64, 1, 1, 0, 2, 1, 1, 1, 0, 0, 3, 0, 0, 127, 127, 4})
	f.Add([]byte{9, 0, 0, 10, 10, 5, 5, 1, 90, 3, 9, 9, 5, 3, 0, 80, 1, 0, 0, 5, 2, 0, 0, 5, 1, 1, 0, 40, 40})
	// MoveTo in and out of cells, then Move of the same entries, queried between.
	f.Add([]byte{5, 1, 0, 20, 20, 4, 4, 0, 30, 22, 6, 6, 6, 0, 24, 20, 0, 0, 6, 1, 60, 70, 0, 0, 4, 10, 10, 60, 60, 3, 0, 25, 21, 30, 2, 4, 0, 0, 100, 100})
	f.Fuzz(func(t *testing.T, data []byte) {
		in := &bytes{data}
		g := New[int32](Box{0, 0, 96, 96}, 1+in.next(24), int(in.next(8)))
		m := newModel(in)
		boxes, vals, pick := m.boxes, m.vals, m.pick
		for step := 0; len(in.b) > 0 && step < maxSteps; step++ {
			switch in.next(8) {
			case 0, 1: // insert, twice as often as the others so that grids fill up
				b, v := in.box(), int32(step)
				if got, want := g.Insert(b, v), m.insert(b, v); got != want {
					t.Fatalf("step %d: Insert = id %d, want %d", step, got, want)
				}
			case 2: // remove
				if id, ok := pick(); ok {
					g.Remove(id)
					m.remove(id)
				}
			case 3: // move
				if id, ok := pick(); ok {
					b := in.box()
					g.Move(id, b)
					boxes[id] = b
				}
			case 4:
				checkQuery(t, g, boxes, vals, in.query())
			case 7: // room for a few more, which changes nothing a caller sees
				g.Grow(int(in.next(16)))
			case 6: // move the corner only, keeping the size
				if id, ok := pick(); ok {
					b := boxes[id]
					c := in.box()
					g.MoveTo(id, c.X, c.Y)
					b.X, b.Y = c.X, c.Y
					boxes[id] = b
				}
			case 5: // shift a few entries around the torus of the bounds, by up to ±40
				var steps []Step
				for range in.next(4) {
					if id, ok := pick(); ok {
						steps = append(steps, Step{id, in.next(81) - 40, in.next(81) - 40})
					}
				}
				ShiftEach(g, steps)
				for _, st := range steps {
					b := boxes[st.ID]
					b.X, b.Y = around(b.X, st.DX, 0, 96), around(b.Y, st.DY, 0, 96)
					boxes[st.ID] = b
				}
			}
			checkGrid(t, g)
			for id, b := range boxes {
				if g.Box(id) != b || g.Get(id) != vals[id] {
					t.Fatalf("step %d: id %d holds %+v, %d; want %+v, %d", step, id, g.Box(id), g.Get(id), b, vals[id])
				}
			}
		}
		checkQuery(t, g, boxes, vals, Box{-100, -100, 300, 300})
		checkGrid(t, g)
	})
}

// FuzzIndex builds an index of random boxes of one size, rebuilds it after moving
// them, and compares queries with a brute-force scan.
func FuzzIndex(f *testing.F) {
	f.Add([]byte{3, 4, 5, 10, 20, 30, 40, 50, 60, 1, 2, 3, 4})
	f.Add([]byte{0, 0, 0, 127, 127, 0, 0, 64, 64, 5, 5, 90, 90})
	f.Fuzz(func(t *testing.T, data []byte) {
		in := &bytes{data}
		w, h := 1+in.next(30), 1+in.next(30)
		ix := NewIndex(Box{0, 0, 96, 96}, 1+in.next(40), w, h, int(in.next(8)))
		var corners []point
		for range in.next(64) {
			corners = append(corners, point{in.next(128) - 16, in.next(128) - 16})
		}
		for round := 0; round < 3 && len(in.b) > 0; round++ {
			ix.Reset()
			for _, p := range corners {
				ix.Add(p.x, p.y)
			}
			ix.Build()
			for range 8 {
				q := in.query()
				got := ix.Query(q, nil)
				seen := map[int32]bool{}
				for _, i := range got {
					if seen[i] || i < 0 || int(i) >= len(corners) {
						t.Fatalf("Query(%+v) = %v: %d twice or out of range", q, got, i)
					}
					seen[i] = true
				}
				for i, p := range corners {
					if want := (Box{p.x, p.y, w, h}).Overlaps(q); want != seen[int32(i)] {
						t.Fatalf("Query(%+v): box %d at (%d, %d) found = %v, overlaps = %v", q, i, p.x, p.y, seen[int32(i)], want)
					}
				}
			}
			for i := range corners {
				corners[i].x += in.next(9) - 4
				corners[i].y += in.next(9) - 4
			}
		}
	})
}
