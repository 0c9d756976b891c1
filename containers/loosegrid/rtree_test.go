package loosegrid

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tidwall/rtree"
)

// BenchmarkRTree compares the grid with github.com/tidwall/rtree, a well-tuned Go
// R-tree (leaves of up to 64 entries kept sorted), on the same million boxes of
// BenchmarkQuery, with int32 coordinates on both sides:
//
//   - query: a still world, one 1920×1080 view per iteration, stepping across it;
//   - frame: 10,000 moves of random boxes by up to ±16 units each way, then one view
//     query, as a game frame would do (rtree moves by Replace: a delete and an insert).
//
// The result sets of every view are checked equal, before and after the frames,
// against each other and against a brute-force scan.
//
//	go test -run '^$' -bench 'RTree' -count 5 ./containers/loosegrid/
func BenchmarkRTree(b *testing.B) {
	const n = 1_000_000
	if testing.Short() {
		b.Skip("a million boxes: run without -short")
	}
	base := worldOf(n, benchCell)
	for _, s := range []string{"grid", "rtree"} {
		b.Run("query/"+s, func(b *testing.B) {
			w := cloneWorld(base)
			tr := w.tree(s)
			dst := make([]int32, 0, 4*onScreen)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				dst = w.query(tr, w.views[i%len(w.views)], dst[:0])
				i++
			}
			b.StopTimer()
			w.checkViews(b, tr)
		})
		b.Run("frame/"+s, func(b *testing.B) {
			w := cloneWorld(base)
			tr := w.tree(s)
			rng := rand.New(rand.NewPCG(3, 4))
			dst := make([]int32, 0, 4*onScreen)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				for range 10_000 {
					id := rng.Int32N(n)
					old := w.boxes[id]
					nb := old
					nb.X = min(max(nb.X+rng.Int32N(33)-16, 0), w.side-1)
					nb.Y = min(max(nb.Y+rng.Int32N(33)-16, 0), w.side-1)
					w.boxes[id] = nb
					w.move(tr, id, old, nb)
				}
				dst = w.query(tr, w.views[i%len(w.views)], dst[:0])
				i++
			}
			b.StopTimer()
			w.checkViews(b, tr)
		})
	}
}

type tree = rtree.RTreeGN[int32, int32]

// cloneWorld copies w's boxes and grid, so that a benchmark that moves boxes leaves the
// shared world as it was.
func cloneWorld(w *world) *world {
	c := &world{side: w.side, boxes: slices.Clone(w.boxes), views: w.views}
	c.g = New[int32](Box{0, 0, w.side, w.side}, w.g.Cell(), len(w.boxes))
	for i, bx := range c.boxes {
		c.g.Insert(bx, int32(i))
	}
	c.g.Pack()
	return c
}

// tree builds the R-tree of w's boxes for structure s, or nil for the grid.
func (w *world) tree(s string) *tree {
	if s == "grid" {
		return nil
	}
	tr := new(tree)
	for i, bx := range w.boxes {
		tr.Insert(rmin(bx), rmax(bx), int32(i))
	}
	return tr
}

// rmin and rmax are a box's corners as the R-tree's closed rectangles: with integer
// coordinates, [X, X+W) is [X, X+W-1].
func rmin(b Box) [2]int32 { return [2]int32{b.X, b.Y} }
func rmax(b Box) [2]int32 { return [2]int32{b.X + b.W - 1, b.Y + b.H - 1} }

// query appends the ids of the boxes overlapping view, from the grid or from tr.
func (w *world) query(tr *tree, view Box, dst []int32) []int32 {
	if tr == nil {
		w.found = w.g.Query(view, w.found[:0])
		for _, e := range w.found {
			dst = append(dst, e.ID)
		}
		return dst
	}
	tr.Search(rmin(view), rmax(view), func(_, _ [2]int32, id int32) bool {
		dst = append(dst, id)
		return true
	})
	return dst
}

// move moves box id from old to nb in the grid or in tr.
func (w *world) move(tr *tree, id int32, old, nb Box) {
	if tr == nil {
		w.g.MoveTo(id, nb.X, nb.Y) // the size stays: only the corner moves
		return
	}
	tr.Replace(rmin(old), rmax(old), id, rmin(nb), rmax(nb), id)
}

// checkViews fails unless, for every view, the structure finds what a brute-force scan
// of w's boxes finds.
func (w *world) checkViews(b *testing.B, tr *tree) {
	b.Helper()
	for _, v := range w.views {
		got := w.query(tr, v, nil)
		slices.Sort(got)
		if want := scan(w.boxes, v, nil); !slices.Equal(got, want) {
			b.Fatal(fmt.Sprintf("view %+v: found %d boxes, a scan %d (or other ones)", v, len(got), len(want)))
		}
	}
}
