package spatialhash

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/tidwall/rtree"
)

// BenchmarkRTree compares the grid with github.com/tidwall/rtree, a well-tuned Go
// R-tree (leaves of up to 64 entries kept sorted), on the same million boxes of
// BenchmarkQuery, with int32 coordinates on both sides:
//
//   - query: a still world, one 1920×1080 view per iteration, stepping across it (with
//     the CPU time of the benchmark's thread per query, cpu-ns/op, beside wall time);
//   - frame: 10,000 moves of random boxes by up to ±16 units each way, then one view
//     query, as a game frame would do. Each move is what a user of either structure
//     would write, one call per box: the grid's Move with the box's new box, the
//     R-tree's Replace (a delete and an insert). Moves are not clamped to the bounds:
//     a box near an edge drifts past it, as a thing leaving the map does;
//   - frame-moveto: the grid's frame with MoveTo, the move that keeps the size;
//   - frame-shift: the grid's frame with the same moves handed over as one list to
//     ShiftEach, whose moves within a cell leave the cell stale for the query to
//     refresh. Its boxes wrap around the bounds instead of drifting past them.
//
// Besides the frame's time per iteration, a frame reports the query inside the frame
// on its own (query-ns: it comes after the moves, with what they left in the caches
// and, for ShiftEach, the stale cells) and the moves' share (move-ns, per move). As
// the machines this runs on are shared, it also reports the frame's and the query's
// CPU time of the benchmark's thread (frame-cpu-ns, query-cpu-ns), which does not grow
// while the thread waits for a core; the clock reads cost every structure alike.
//
// The result sets of every view are checked equal, before and after the frames,
// against each other and against a brute-force scan.
//
//	go test -run '^$' -bench 'RTree' -count 5 ./backings/spatialhash/
func BenchmarkRTree(b *testing.B) {
	const n = 1_000_000
	if testing.Short() {
		b.Skip("a million boxes: run without -short")
	}
	base := worldOf(n, benchCell)
	base.checkViews(b, base.tree(byRTree))
	base.checkViews(b, nil)
	for _, m := range []mover{byMove, byRTree} {
		b.Run("query/"+m.structure(), func(b *testing.B) {
			w := cloneWorld(base)
			tr := w.tree(m)
			dst := make([]int32, 0, 4*onScreen)
			b.ReportAllocs()
			cpu := startCPU()
			i := 0
			for b.Loop() {
				dst = w.query(tr, w.views[i%len(w.views)], dst[:0])
				i++
			}
			cpu.report(b)
			b.StopTimer()
			w.checkViews(b, tr)
		})
	}
	for _, m := range []mover{byMove, byRTree, byMoveTo, byShift} {
		b.Run(m.frame()+"/"+m.structure(), func(b *testing.B) { benchFrame(b, base, m) })
	}
}

// mover is how a frame of BenchmarkRTree moves its boxes.
type mover int

const (
	byMove   mover = iota // Grid.Move, one call per box
	byRTree               // rtree's Replace, one call per box
	byMoveTo              // Grid.MoveTo, one call per box
	byShift               // ShiftEach, one call per frame, the boxes wrapping at the bounds
)

func (m mover) structure() string {
	if m == byRTree {
		return "rtree"
	}
	return "grid"
}

func (m mover) frame() string {
	return [...]string{"frame", "frame", "frame-moveto", "frame-shift"}[m]
}

// frameMoves is how many boxes a frame of BenchmarkRTree moves.
const frameMoves = 10_000

// benchFrame times frames of frameMoves random moves and one view query in a copy of
// base, moving by m.
func benchFrame(b *testing.B, base *world, m mover) {
	w := cloneWorld(base)
	tr := w.tree(m)
	n := int32(len(w.boxes))
	rng := rand.New(rand.NewPCG(3, 4))
	dst := make([]int32, 0, 4*onScreen)
	steps := make([]Step, 0, frameMoves)
	var moving, querying, frameCPU, queryCPU time.Duration
	runtime.LockOSThread() // one thread, so that its CPU clock covers the frames
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c0, t0 := threadCPU(), time.Now()
		steps = steps[:0]
		for range frameMoves {
			id := rng.Int32N(n)
			old := w.boxes[id]
			nb := old
			dx, dy := rng.Int32N(33)-16, rng.Int32N(33)-16
			nb.X += dx
			nb.Y += dy
			switch m {
			case byMove:
				w.g.Move(id, nb)
			case byMoveTo:
				w.g.MoveTo(id, nb.X, nb.Y)
			case byRTree:
				tr.Replace(rmin(old), rmax(old), id, rmin(nb), rmax(nb), id)
			case byShift:
				steps = append(steps, Step{id, dx, dy})
				nb.X, nb.Y = around(old.X, dx, 0, w.side), around(old.Y, dy, 0, w.side)
			}
			w.boxes[id] = nb
		}
		if m == byShift {
			ShiftEach(w.g, steps)
		}
		t1, c1 := time.Now(), threadCPU()
		dst = w.query(tr, w.views[i%len(w.views)], dst[:0])
		t2, c2 := time.Now(), threadCPU()
		moving += t1.Sub(t0)
		querying += t2.Sub(t1)
		frameCPU += c2 - c0
		queryCPU += c2 - c1
		i++
	}
	b.ReportMetric(float64(moving.Nanoseconds())/float64(i*frameMoves), "move-ns")
	b.ReportMetric(float64(querying.Nanoseconds())/float64(i), "query-ns")
	if frameCPU > 0 {
		b.ReportMetric(float64(frameCPU.Nanoseconds())/float64(i), "frame-cpu-ns")
		b.ReportMetric(float64(queryCPU.Nanoseconds())/float64(i), "query-cpu-ns")
	}
	b.StopTimer()
	w.checkViews(b, tr)
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

// tree builds the R-tree of w's boxes for mover m, or nil for the grid's movers.
func (w *world) tree(m mover) *tree {
	if m != byRTree {
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

// checkViews fails unless, for every view, the structure finds what a brute-force scan
// of w's boxes finds.
func (w *world) checkViews(b *testing.B, tr *tree) {
	b.Helper()
	for _, v := range w.views {
		got := w.query(tr, v, nil)
		slices.Sort(got)
		if want := scan(w.boxes, v, nil); !slices.Equal(got, want) {
			b.Fatalf("view %+v: found %d boxes, a scan %d (or other ones)", v, len(got), len(want))
		}
	}
}
