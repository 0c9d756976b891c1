package sprites

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"localitylab/workloads/workload"
)

// TestScanColumns: the four-at-a-time scans of soa's columns, of the slot map's values
// and of the pointer array find exactly the rows a plain per-row test finds, whatever
// the length (so that every remainder after the blocks of four is exercised) and
// wherever the hits fall.
func TestScanColumns(t *testing.T) {
	view := rect{X0: 10, Y0: 10, X1: 20, Y1: 20}
	r := rand.New(rand.NewPCG(3, 4))
	for n := range 14 {
		for trial := range 20 {
			t.Run(fmt.Sprintf("n=%d/%d", n, trial), func(t *testing.T) {
				xs, ys, ws, hs := make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
				var want []int
				vals := make([]record[[0]byte], n)
				fat := make([]record[[32]byte], n) // records of 56 bytes: a stride other than a sprite's 24
				for i := range n {
					xs[i], ys[i] = r.Int32N(30), r.Int32N(30)
					ws[i], hs[i] = 1+r.Int32N(8), 1+r.Int32N(8)
					vals[i].sprite = sprite{X: xs[i], Y: ys[i], W: ws[i], H: hs[i]}
					fat[i].sprite = vals[i].sprite
					if xs[i] < view.X1 && xs[i]+ws[i] > view.X0 && ys[i] < view.Y1 && ys[i]+hs[i] > view.Y0 {
						want = append(want, i)
					}
				}
				ptrs := make([]*record[[0]byte], n)
				for i := range vals {
					ptrs[i] = &vals[i]
				}
				for _, sc := range []struct {
					name string
					scan func(i int) int // the first hit from row i on, or n
				}{
					{"scanColumns", func(i int) int { return scanColumns(xs, ys, ws, hs, view, i) }},
					{"scanValues", func(i int) int { return scanValues(vals, view, i) }},
					{"scanPointers", func(i int) int { return scanPointers(ptrs, view, i) }},
					{"scanValues over records with cold bytes", func(i int) int { return scanValues(fat, view, i) }},
				} {
					var got []int
					for i := sc.scan(0); i < n; i = sc.scan(i + 1) {
						got = append(got, i)
					}
					if !slices.Equal(got, want) {
						t.Fatalf("%s found rows %v, want %v", sc.name, got, want)
					}
				}
			})
		}
	}
}

// scanPointers is scanColumns over an array of pointers: the shape soa's and the slot
// map's culls have, kept here to measure against the pointer array's own loop.
func scanPointers[C coldArray](items []*record[C], view rect, i int) int {
	n := len(items)
	x0, x1, y0, y1 := view.X0, view.X1, view.Y0, view.Y1
	for ; i+4 <= n; i += 4 {
		v := items[i : i+4 : i+4]
		a, b, c, d := v[0], v[1], v[2], v[3]
		m := (a.X - x1) & (x0 - a.X - a.W) & (a.Y - y1) & (y0 - a.Y - a.H)
		m |= (b.X - x1) & (x0 - b.X - b.W) & (b.Y - y1) & (y0 - b.Y - b.H)
		m |= (c.X - x1) & (x0 - c.X - c.W) & (c.Y - y1) & (y0 - c.Y - c.H)
		m |= (d.X - x1) & (x0 - d.X - d.W) & (d.Y - y1) & (y0 - d.Y - d.H)
		if m < 0 {
			break
		}
	}
	for ; i < n; i++ {
		if p := items[i]; view.overlaps(p.X, p.Y, p.W, p.H) {
			return i
		}
	}
	return n
}

// BenchmarkCullShape times the pointer array's cull as it is written (a test and a
// branch per sprite) against the same cull four sprites per step (scanPointers, the
// shape of soa's and the slot map's), on the default world at frame 0's view, the two
// alternating so that a loaded machine slows both alike:
//
//	go test -run '^$' -bench 'CullShape' -benchtime 30x ./workloads/sprites/
func BenchmarkCullShape(b *testing.B) {
	p := resolve(b, nil)
	st := load(b, p, workload.PtrArray).(*ptrStore[[0]byte])
	view := st.viewAt(0)
	st.cull(view)
	want := st.vis.draw()
	for round := range 3 {
		for _, shape := range []string{"per-sprite", "four-per-step"} {
			b.Run(fmt.Sprintf("%s/%d", shape, round), func(b *testing.B) {
				cpu := startCPU()
				for b.Loop() {
					if shape == "per-sprite" {
						st.cull(view)
						continue
					}
					st.vis.reset()
					items := st.a.Items
					for i := scanPointers(items, view, 0); i < len(items); i = scanPointers(items, view, i+1) {
						st.vis.add(items[i].ID, items[i].Depth, items[i].X, items[i].Y)
					}
				}
				cpu.report(b)
				if got := st.vis.draw(); got != want {
					b.Fatalf("%s cull drew %016x, the store's own %016x", shape, got, want)
				}
			})
		}
	}
}
