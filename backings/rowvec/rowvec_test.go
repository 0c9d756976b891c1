package rowvec

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"localitylab/internal/testcheck"
)

func TestRemoveAnyPosition(t *testing.T) {
	tests := []struct {
		name   string
		insert []int // values put on tile (1, 0) in this order
		remove int   // value whose entity is removed
		want   []int // the tile's list afterwards, front first
	}{
		{"only", []int{7}, 7, nil},
		{"head", []int{1, 2, 3}, 3, []int{2, 1}},
		{"middle", []int{1, 2, 3}, 2, []int{3, 1}},
		{"tail", []int{1, 2, 3}, 1, []int{3, 2}},
		{"middle of long list", []int{1, 2, 3, 4, 5, 6}, 4, []int{6, 5, 3, 2, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New[int](3, 2)
			idx := map[int]int32{}
			for _, v := range tt.insert {
				idx[v] = g.Insert(1, 0, v)
				g.Insert(2, 0, -v) // a neighbouring tile in the same row must not be disturbed
			}
			g.Remove(1, 0, idx[tt.remove])
			checkGrid(t, g)
			if got := tileVals(g, 1, 0); !slices.Equal(got, tt.want) {
				t.Errorf("tile after remove = %v, want %v", got, tt.want)
			}
			if got, want := len(tileVals(g, 2, 0)), len(tt.insert); got != want {
				t.Errorf("neighbour tile holds %d, want %d", got, want)
			}
			if got, want := g.Len(), 2*len(tt.insert)-1; got != want {
				t.Errorf("Len = %d, want %d", got, want)
			}
		})
	}
}

func TestInsertReusesFreeSlots(t *testing.T) {
	g := New[string](4, 1)
	a := g.Insert(0, 0, "a")
	b := g.Insert(1, 0, "b")
	c := g.Insert(2, 0, "c")
	g.Remove(0, 0, a)
	g.Remove(2, 0, c)
	// The free list is a stack: the last slot freed is the first reused.
	tests := []struct {
		col  int
		val  string
		want int32
	}{
		{3, "d", c},
		{3, "e", a},
		{3, "f", 3},
	}
	for _, tt := range tests {
		if got := g.Insert(tt.col, 0, tt.val); got != tt.want {
			t.Errorf("Insert(%q) = index %d, want %d", tt.val, got, tt.want)
		}
	}
	checkGrid(t, g)
	if got := *g.Get(0, b); got != "b" {
		t.Errorf("Get(b) = %q after reuse of other slots", got)
	}
	if got, want := tileVals(g, 3, 0), []string{"f", "e", "d"}; !slices.Equal(got, want) {
		t.Errorf("tile 3 = %v, want %v", got, want)
	}
	if got := len(g.Row(0).Ents); got != 4 {
		t.Errorf("row holds %d slots, want 4 (two reused)", got)
	}
}

func TestEntitiesSkipsFreeSlots(t *testing.T) {
	g := New[int](2, 2)
	var idx []int32
	for v := range 6 {
		idx = append(idx, g.Insert(v%2, 1, v))
	}
	g.Remove(0, 1, idx[2])
	g.Remove(1, 1, idx[5])
	var got []int
	for i, v := range g.Entities(1) {
		if *v != int(i) {
			t.Errorf("index %d yielded value %d", i, *v)
		}
		got = append(got, *v)
	}
	if want := []int{0, 1, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("Entities(1) = %v, want %v", got, want)
	}
	for range g.Entities(0) {
		t.Error("Entities(0) yielded from an empty row")
	}
}

func TestTileRemoveWhileIterating(t *testing.T) {
	g := New[int](1, 1)
	for v := range 5 {
		g.Insert(0, 0, v)
	}
	for i, v := range g.Tile(0, 0) {
		if *v%2 == 0 {
			g.Remove(0, 0, i)
		}
	}
	checkGrid(t, g)
	if got, want := tileVals(g, 0, 0), []int{3, 1}; !slices.Equal(got, want) {
		t.Errorf("tile = %v, want %v", got, want)
	}
	n := 0
	for range g.Tile(0, 0) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("break after the first entity ran the body %d times", n)
	}
}

func TestFillMatchesSequential(t *testing.T) {
	const cols, rows = 7, 23
	fill := func(r int, row *Row[int]) {
		for i := range 50 + r {
			idx := row.Insert((i*31+r)%cols, i)
			if i%3 == 0 {
				row.Remove((i*31+r)%cols, idx)
			}
		}
	}
	for _, workers := range []int{0, 1, 2, 4, 100} {
		t.Run(fmt.Sprint("workers=", workers), func(t *testing.T) {
			par, seq := New[int](cols, rows), New[int](cols, rows)
			par.Fill(workers, fill)
			for r := range rows {
				fill(r, seq.Row(r))
			}
			checkGrid(t, par)
			if par.Len() != seq.Len() {
				t.Fatalf("Len = %d, want %d", par.Len(), seq.Len())
			}
			for r := range rows {
				p, s := par.Row(r), seq.Row(r)
				if !slices.Equal(p.First, s.First) || !slices.Equal(p.Ents, s.Ents) || p.FirstFree != s.FirstFree {
					t.Fatalf("row %d differs from a sequential fill", r)
				}
			}
		})
	}
}

func TestMisusePanics(t *testing.T) {
	setup := func() (*Grid[int], int32, int32) {
		g := New[int](3, 2)
		a := g.Insert(0, 1, 1)
		b := g.Insert(1, 1, 2)
		g.Remove(1, 1, b)
		return g, a, b
	}
	tests := []struct {
		name string
		op   func()
		want string
	}{
		{"remove free slot", func() { g, _, b := setup(); g.Remove(1, 1, b) }, "no live entity"},
		{"remove out of range", func() { g, _, _ := setup(); g.Remove(0, 1, 9) }, "no live entity"},
		{"remove negative", func() { g, _, _ := setup(); g.Remove(0, 1, -1) }, "no live entity"},
		{"remove head under other column", func() { g, a, _ := setup(); g.Remove(2, 1, a) }, "first entity of another tile"},
		{"remove column out of range", func() { g, a, _ := setup(); g.Remove(3, 1, a) }, "outside [0, 3)"},
		{"insert column out of range", func() { g, _, _ := setup(); g.Insert(-1, 0, 5) }, "outside [0, 3)"},
		{"insert span past the row's end", func() { g, _, _ := setup(); g.Row(0).InsertSpan(2, 5, make([]int32, 2)) }, "column 3 of row 0, outside [0, 3)"},
		{"insert span before column 0", func() { g, _, _ := setup(); g.Row(0).InsertSpan(-1, 5, make([]int32, 2)) }, "column -1 of row 0"},
		{"get free slot", func() { g, _, b := setup(); g.Get(1, b) }, "no live entity"},
		{"new without columns", func() { New[int](0, 5) }, "cols = 0"},
		{"new without rows", func() { New[int](5, 0) }, "rows = 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := testcheck.PanicOf(tt.op)
			if !strings.Contains(msg, tt.want) {
				t.Errorf("panic %q, want one containing %q", msg, tt.want)
			}
		})
	}
}

// TestInsertSpanMatchesInserts: a run of columns inserted in one call leaves the row
// exactly as one Insert per column would (same slots, lists, free list and count),
// whether the slots come from the free list, the end of Ents, or both.
func TestInsertSpanMatchesInserts(t *testing.T) {
	tests := []struct {
		name      string
		col, k    int
		freeSlots int // slots freed before the run
	}{
		{"empty run", 2, 0, 1},
		{"appended", 1, 3, 0},
		{"from the free list", 0, 2, 3},
		{"free list then appended", 2, 4, 2},
		{"whole row", 0, 6, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			build := func() *Grid[int] {
				g := New[int](6, 2)
				var idx []int32
				for c := range 6 { // a list on every tile, so the run links behind heads
					idx = append(idx, g.Insert(c, 1, 100+c))
				}
				for _, i := range idx[:tt.freeSlots] {
					g.Remove(*g.Get(1, i)-100, 1, i)
				}
				return g
			}
			want, got := build(), build()
			wantIdx := make([]int32, tt.k)
			for j := range wantIdx {
				wantIdx[j] = want.Insert(tt.col+j, 1, 7)
			}
			gotIdx := make([]int32, tt.k)
			got.Row(1).InsertSpan(tt.col, 7, gotIdx)
			checkGrid(t, got)
			if !slices.Equal(gotIdx, wantIdx) {
				t.Errorf("indexes %v, want %v", gotIdx, wantIdx)
			}
			w, g := want.Row(1), got.Row(1)
			if !slices.Equal(g.Ents, w.Ents) || !slices.Equal(g.First, w.First) || g.FirstFree != w.FirstFree || g.Len() != w.Len() {
				t.Errorf("row after InsertSpan differs from the row after %d Inserts", tt.k)
			}
		})
	}
}

// TestGrow: Grow leaves room for n appends past the row's length, keeps the entries
// and their links, and does not shrink a row that already has the room.
func TestGrow(t *testing.T) {
	tests := []struct {
		name     string
		have, n  int // entries before, room asked for
		wantRoom int // at least this much spare capacity after
	}{
		{"empty row", 0, 100, 100},
		{"filled row", 5, 10, 10},
		{"already has room", 5, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New[int](4, 1)
			for i := range tt.have {
				g.Insert(i%4, 0, i)
			}
			row := g.Row(0)
			row.Grow(tt.have) // room for as many again: the second Grow must keep it
			before := slices.Clone(row.Ents)
			capBefore := cap(row.Ents)
			row.Grow(tt.n)
			if room := cap(row.Ents) - len(row.Ents); room < tt.wantRoom {
				t.Fatalf("room for %d after Grow(%d), want at least %d", room, tt.n, tt.wantRoom)
			}
			if tt.n <= capBefore-len(before) && cap(row.Ents) != capBefore {
				t.Fatalf("Grow(%d) reallocated a row with room for %d", tt.n, capBefore-len(before))
			}
			if !slices.Equal(row.Ents, before) {
				t.Fatalf("entries changed by Grow")
			}
			checkGrid(t, g)
		})
	}
}
