package rowvec

import (
	"slices"
	"testing"

	"localitylab/internal/testcheck"
)

// model is the reference the fuzz target checks Grid against: per tile a plain slice,
// front first, and per row a stack of free slots, from which it predicts every index
// Insert must return.
type model struct {
	cols  int
	tiles [][]slotVal // by row*cols+col
	slots []int       // per row: slots ever made
	free  [][]int32   // per row: free slots, last freed on top
}

type slotVal struct {
	idx int32
	val uint16
}

// bytes reads the fuzz input as a stream of small numbers, zero once exhausted.
type bytes struct{ b []byte }

func (r *bytes) next(n int) int {
	if len(r.b) == 0 {
		return 0
	}
	v := int(r.b[0]) % n
	r.b = r.b[1:]
	return v
}

func FuzzOps(f *testing.F) {
	f.Add([]byte{2, 1, 0, 0, 0, 7, 0, 0, 0, 9, 1, 0, 0, 2, 0, 0, 1})
	f.Add([]byte{0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 1, 0, 1, 1, 0, 0, 3, 0, 0})
	f.Add([]byte{3, 2, 0, 3, 2, 5, 0, 1, 1, 6, 0, 3, 2, 8, 1, 2, 0, 1, 0, 0, 2, 1, 3, 3, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		in := &bytes{data}
		cols, rows := 1+in.next(5), 1+in.next(4)
		g := New[uint16](cols, rows)
		m := &model{cols: cols, tiles: make([][]slotVal, cols*rows), slots: make([]int, rows), free: make([][]int32, rows)}
		for step := 0; len(in.b) > 0; step++ {
			switch in.next(4) {
			case 0: // insert
				c, r, v := in.next(cols), in.next(rows), uint16(in.next(256))
				m.insert(t, g, c, r, v)
			case 1: // insert on a run of columns
				c, r, v := in.next(cols), in.next(rows), uint16(in.next(256))
				m.insertSpan(t, g, c, r, v, in.next(cols-c+1))
			case 2: // remove the k-th entity of a tile
				c, r := in.next(cols), in.next(rows)
				m.remove(t, g, c, r, in.next(256))
			case 3: // misuse: must panic and change nothing
				m.misuse(t, g, in.next(rows), in.next(256))
			}
			m.compare(t, g, step)
		}
	})
}

func (m *model) insert(t *testing.T, g *Grid[uint16], c, r int, v uint16) {
	want := int32(m.slots[r])
	if f := m.free[r]; len(f) > 0 {
		want, m.free[r] = f[len(f)-1], f[:len(f)-1]
	} else {
		m.slots[r]++
	}
	if got := g.Insert(c, r, v); got != want {
		t.Fatalf("Insert(%d, %d) = %d, want %d", c, r, got, want)
	}
	tile := &m.tiles[r*m.cols+c]
	*tile = slices.Insert(*tile, 0, slotVal{want, v})
}

// insertSpan is InsertSpan on k columns from c, which the model takes as k inserts.
func (m *model) insertSpan(t *testing.T, g *Grid[uint16], c, r int, v uint16, k int) {
	want := make([]int32, k)
	for j := range want {
		want[j] = int32(m.slots[r])
		if f := m.free[r]; len(f) > 0 {
			want[j], m.free[r] = f[len(f)-1], f[:len(f)-1]
		} else {
			m.slots[r]++
		}
		tile := &m.tiles[r*m.cols+c+j]
		*tile = slices.Insert(*tile, 0, slotVal{want[j], v})
	}
	got := make([]int32, k)
	g.Row(r).InsertSpan(c, v, got)
	if !slices.Equal(got, want) {
		t.Fatalf("InsertSpan(%d, row %d, %d columns) = %v, want %v", c, r, k, got, want)
	}
}

func (m *model) remove(t *testing.T, g *Grid[uint16], c, r, k int) {
	tile := &m.tiles[r*m.cols+c]
	if len(*tile) == 0 {
		return
	}
	k %= len(*tile)
	idx := (*tile)[k].idx
	g.Remove(c, r, idx)
	*tile = slices.Delete(*tile, k, k+1)
	m.free[r] = append(m.free[r], idx)
}

// misuse removes a free slot, or a tile's first entity under a column it is not on.
func (m *model) misuse(t *testing.T, g *Grid[uint16], r, k int) {
	var idx int32
	col := 0
	if f := m.free[r]; len(f) > 0 && k%2 == 0 {
		idx = f[k%len(f)]
	} else {
		idx = int32(m.slots[r]) // never issued
		for c := range m.cols {
			if tile := m.tiles[r*m.cols+c]; len(tile) > 0 && m.cols > 1 {
				idx, col = tile[0].idx, (c+1)%m.cols
				break
			}
		}
	}
	if testcheck.PanicOf(func() { g.Remove(col, r, idx) }) == "" {
		t.Fatalf("Remove(%d, %d, %d) did not panic", col, r, idx)
	}
}

func (m *model) compare(t *testing.T, g *Grid[uint16], step int) {
	t.Helper()
	checkGrid(t, g)
	n := 0
	for r := range len(m.slots) {
		for c := range m.cols {
			want := m.tiles[r*m.cols+c]
			n += len(want)
			var got []slotVal
			for i, v := range g.Tile(c, r) {
				got = append(got, slotVal{i, *v})
			}
			if !slices.Equal(got, want) {
				t.Fatalf("step %d: tile (%d, %d) = %v, want %v", step, c, r, got, want)
			}
			for _, sv := range want {
				if got := *g.Get(r, sv.idx); got != sv.val {
					t.Fatalf("step %d: Get(%d, %d) = %d, want %d", step, r, sv.idx, got, sv.val)
				}
			}
		}
	}
	if g.Len() != n {
		t.Fatalf("step %d: Len = %d, want %d", step, g.Len(), n)
	}
}
