package rowvec

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"unsafe"
)

// seedRow is source 000's row as published, singly linked, with a remove that walks the
// tile's list to find the predecessor (and compares where the seed assigned): the
// baseline the Prev link is measured against.
type seedRow struct {
	first     []int32
	ents      []seedEntry
	firstFree int32
}

type seedEntry struct{ val, next int32 }

func (r *seedRow) insert(col int, v int32) int32 {
	idx := r.firstFree
	if idx != None {
		r.firstFree = r.ents[idx].next
		r.ents[idx] = seedEntry{val: v}
	} else {
		idx = int32(len(r.ents))
		r.ents = append(r.ents, seedEntry{val: v})
	}
	r.ents[idx].next, r.first[col] = r.first[col], idx
	return idx
}

func (r *seedRow) remove(col int, idx int32) {
	if r.first[col] == idx {
		r.first[col] = r.ents[idx].next
	} else {
		p := r.first[col]
		for r.ents[p].next != idx {
			p = r.ents[p].next
		}
		r.ents[p].next = r.ents[idx].next
	}
	r.ents[idx].next, r.firstFree = r.firstFree, idx
}

// BenchmarkRemove removes a random entity of one tile and inserts it again, at the
// tile length of source 000's load case (11,700) and at a short one.
func BenchmarkRemove(b *testing.B) {
	for _, n := range []int{10, 11_700} {
		b.Run(fmt.Sprintf("prev/%d", n), func(b *testing.B) {
			g := New[int32](1, 1)
			for i := range n {
				g.Insert(0, 0, int32(i))
			}
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			for b.Loop() {
				idx := rng.Int32N(int32(n))
				g.Remove(0, 0, idx)
				if got := g.Insert(0, 0, idx); got != idx {
					b.Fatalf("reinsert gave %d, want %d", got, idx)
				}
			}
			if g.Len() != n {
				b.Fatalf("Len = %d, want %d", g.Len(), n)
			}
		})
		b.Run(fmt.Sprintf("walk/%d", n), func(b *testing.B) {
			r := &seedRow{first: []int32{None}, firstFree: None}
			for i := range n {
				r.insert(0, int32(i))
			}
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			for b.Loop() {
				idx := rng.Int32N(int32(n))
				r.remove(0, idx)
				if got := r.insert(0, idx); got != idx {
					b.Fatalf("reinsert gave %d, want %d", got, idx)
				}
			}
		})
	}
}

// BenchmarkLoadRects loads rectangles of about 10×10 tiles into a 107×80 map, seed
// 000's load case (1M rectangles, 100M entries; only 10,000 under -short), and reports
// the bytes each entry costs. "rows" inserts rectangle by rectangle into per-row
// vectors; "single" does the same into one vector for the whole map (a grid of one row
// whose columns are the map's tiles), the seed's "before"; "fill" loads the per-row
// vectors with Fill, one band of rows per processor.
func BenchmarkLoadRects(b *testing.B) {
	const cols, rows = 107, 80
	for _, n := range []int{10_000, 1_000_000} {
		if testing.Short() && n > 10_000 {
			continue
		}
		rects := makeRects(n, cols, rows)
		want := 0
		for _, rc := range rects {
			want += int(rc.w) * int(rc.h)
		}
		for _, mode := range []string{"rows", "single", "fill"} {
			b.Run(fmt.Sprintf("%s/%d", mode, n), func(b *testing.B) {
				b.ReportAllocs()
				var g *Grid[int32]
				for b.Loop() {
					g = loadRects(mode, rects, cols, rows)
				}
				if g.Len() != want {
					b.Fatalf("Len = %d, want %d", g.Len(), want)
				}
				b.ReportMetric(float64(gridBytes(g))/float64(want), "B/entry")
			})
		}
	}
}

func loadRects(mode string, rects []rect, cols, rows int) *Grid[int32] {
	switch mode {
	case "single":
		g := New[int32](cols*rows, 1)
		for id, rc := range rects {
			for r := int(rc.y); r < int(rc.y+rc.h); r++ {
				for c := int(rc.x); c < int(rc.x+rc.w); c++ {
					g.Insert(r*cols+c, 0, int32(id))
				}
			}
		}
		return g
	case "fill":
		g := New[int32](cols, rows)
		g.Fill(runtime.GOMAXPROCS(0), func(r int, row *Row[int32]) { loadRow(row, r, rects) })
		return g
	}
	g := New[int32](cols, rows)
	for id, rc := range rects {
		for r := int(rc.y); r < int(rc.y+rc.h); r++ {
			for c := int(rc.x); c < int(rc.x+rc.w); c++ {
				g.Insert(c, r, int32(id))
			}
		}
	}
	return g
}

type rect struct{ x, y, w, h int32 }

// makeRects places n rectangles of 8–12 tiles a side at random in a cols×rows grid.
func makeRects(n, cols, rows int) []rect {
	rng := rand.New(rand.NewPCG(3, 4))
	rects := make([]rect, n)
	for i := range rects {
		w, h := 8+rng.Int32N(5), 8+rng.Int32N(5)
		rects[i] = rect{rng.Int32N(int32(cols) - w + 1), rng.Int32N(int32(rows) - h + 1), w, h}
	}
	return rects
}

// loadRow inserts into row r every rectangle's tiles on that row.
func loadRow(row *Row[int32], r int, rects []rect) {
	for id, rc := range rects {
		if int32(r) < rc.y || int32(r) >= rc.y+rc.h {
			continue
		}
		for c := rc.x; c < rc.x+rc.w; c++ {
			row.Insert(int(c), int32(id))
		}
	}
}

// gridBytes is the memory the grid's vectors hold, capacity included.
func gridBytes[T any](g *Grid[T]) int {
	var e Entry[T]
	n := g.Cols() * g.Rows() * 4
	for r := range g.Rows() {
		n += cap(g.Row(r).Ents) * int(unsafe.Sizeof(e))
	}
	return n
}

// BenchmarkSweep visits every entity of a grid holding a million, tile by tile and row
// by row as a store's hot loop would, against a plain scan of each row's Ents, after
// churn has scattered each tile's list across its row. Sparse is the tiles workload's
// map (2048×2048 tiles, a quarter of an entity per tile, so the heads dominate); dense
// is source 000's grid (107×80 tiles, about 117 per tile).
func BenchmarkSweep(b *testing.B) {
	const n = 1_000_000
	for _, size := range []struct {
		name       string
		cols, rows int
	}{{"sparse", 2048, 2048}, {"dense", 107, 80}} {
		g := churnedGrid(size.cols, size.rows, n)
		want := int64(n) * (n - 1) / 2
		// One call of sweep per iteration walks all n entities: the indirect call is
		// per sweep, never per entity, and the walks themselves stay concrete.
		for _, walk := range []struct {
			name  string
			sweep func(*Grid[int32]) int64
		}{{"tiles", sweepTiles}, {"slots", sweepSlots}} {
			b.Run(size.name+"/"+walk.name, func(b *testing.B) {
				b.ReportAllocs()
				var sum int64
				for b.Loop() {
					sum = walk.sweep(g)
				}
				if sum != want {
					b.Fatalf("sum = %d, want %d", sum, want)
				}
			})
		}
	}
}

// churnedGrid puts entities 0…n-1 on random tiles, then steps n random ones to another
// random tile of their row.
func churnedGrid(cols, rows, n int) *Grid[int32] {
	g := New[int32](cols, rows)
	rng := rand.New(rand.NewPCG(5, 6))
	type at struct {
		col, row int
		idx      int32
	}
	live := make([]at, n)
	for i := range live {
		c, r := rng.IntN(cols), rng.IntN(rows)
		live[i] = at{c, r, g.Insert(c, r, int32(i))}
	}
	for range n {
		i := rng.IntN(n)
		l := &live[i]
		g.Remove(l.col, l.row, l.idx)
		l.col = rng.IntN(cols)
		l.idx = g.Insert(l.col, l.row, int32(i))
	}
	return g
}

func sweepTiles(g *Grid[int32]) (sum int64) {
	for r := range g.Rows() {
		row := g.Row(r)
		ents := row.Ents
		for _, head := range row.First {
			for i := head; i != None; i = ents[i].Next {
				sum += int64(ents[i].Val)
			}
		}
	}
	return sum
}

func sweepSlots(g *Grid[int32]) (sum int64) {
	for r := range g.Rows() {
		ents := g.Row(r).Ents
		for i := range ents {
			if ents[i].Prev != Freed {
				sum += int64(ents[i].Val)
			}
		}
	}
	return sum
}

// BenchmarkInsert appends entities to random tiles of a fresh row, against appending
// the same values to a plain slice.
func BenchmarkInsert(b *testing.B) {
	const cols, n = 2048, 4096
	b.Run("rowvec", func(b *testing.B) {
		row := New[int32](cols, 1).Row(0)
		row.Grow(n)
		b.ReportAllocs()
		for b.Loop() {
			row.Clear()
			for i := range n {
				row.Insert(i*7919%cols, int32(i))
			}
		}
		if row.Len() != n {
			b.Fatalf("Len = %d, want %d", row.Len(), n)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/insert")
	})
	b.Run("append", func(b *testing.B) {
		s := make([]Entry[int32], 0, n)
		b.ReportAllocs()
		for b.Loop() {
			s = s[:0]
			for i := range n {
				s = append(s, Entry[int32]{Val: int32(i), Next: int32(i * 7919 % cols)})
			}
		}
		if len(s) != n {
			b.Fatal("short slice")
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/insert")
	})
}
