package spatialhash

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// world is the sprites workload's shape: n boxes of side 8–64 with corners in a square
// world sized so that about 2,000 have their corner in a 1920×1080 view.
type world struct {
	side  int32
	boxes []Box
	views []Box // 64 views stepping across the world
	g     *Grid[int32]
	found []Entry[int32] // the grid's query buffer, reused
}

const (
	viewW, viewH = 1920, 1080
	onScreen     = 2000
	benchCell    = 216 // the sprites workload's default: six times the mean side
)

var worlds = map[[2]int]*world{}

// worldOf builds (once per size and cell) the world of n boxes in a grid of cells of
// side cell.
func worldOf(n int, cell int32) *world {
	if w, ok := worlds[[2]int{n, int(cell)}]; ok {
		return w
	}
	side := int32(math.Sqrt(float64(n) * viewW * viewH / onScreen))
	rng := rand.New(rand.NewPCG(7, uint64(n)))
	w := &world{side: side, boxes: make([]Box, n), g: New[int32](Box{0, 0, side, side}, cell, n)}
	for i := range w.boxes {
		b := Box{rng.Int32N(side), rng.Int32N(side), 8 + rng.Int32N(57), 8 + rng.Int32N(57)}
		w.boxes[i] = b
		w.g.Insert(b, int32(i))
	}
	w.g.Pack()
	w.views = make([]Box, 64)
	for i := range w.views {
		w.views[i] = Box{int32(i) * (side - viewW) / 64, int32(i) * (side - viewH) / 64, viewW, viewH}
	}
	worlds[[2]int{n, int(cell)}] = w
	return w
}

func benchSizes() []int {
	if testing.Short() {
		return []int{100_000}
	}
	return []int{100_000, 1_000_000}
}

// BenchmarkQuery finds the boxes overlapping a view that steps across the world, with
// the grid and by testing every box of a plain []Box.
func BenchmarkQuery(b *testing.B) {
	for _, n := range benchSizes() {
		w := worldOf(n, benchCell)
		b.Run(fmt.Sprintf("grid/%d", n), func(b *testing.B) {
			dst := make([]Entry[int32], 0, 4*onScreen)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				dst = w.g.Query(w.views[i%len(w.views)], dst[:0])
				i++
			}
			checkFound(b, w, w.views[0], ids(w.g.Query(w.views[0], nil)))
		})
		b.Run(fmt.Sprintf("scan/%d", n), func(b *testing.B) {
			dst := make([]int32, 0, 4*onScreen)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				dst = scan(w.boxes, w.views[i%len(w.views)], dst[:0])
				i++
			}
		})
	}
}

// scan is Query by brute force: the ids of the boxes overlapping view.
func scan(boxes []Box, view Box, dst []int32) []int32 {
	for id, bx := range boxes {
		if bx.Overlaps(view) {
			dst = append(dst, int32(id))
		}
	}
	return dst
}

func ids[T any](es []Entry[T]) []int32 {
	out := make([]int32, len(es))
	for i, e := range es {
		out[i] = e.ID
	}
	return out
}

// checkFound fails the benchmark unless got, in any order, is what a scan of the
// world's boxes finds in view, and about as many boxes as the world was sized for.
func checkFound(b *testing.B, w *world, view Box, got []int32) {
	b.Helper()
	got = slices.Clone(got)
	slices.Sort(got)
	want := scan(w.boxes, view, nil)
	if !slices.Equal(got, want) {
		b.Fatalf("found %d boxes, a scan %d (or other ones)", len(got), len(want))
	}
	if len(want) < onScreen/2 || len(want) > 2*onScreen {
		b.Fatalf("%d boxes in view, the world is sized for about %d", len(want), onScreen)
	}
}

// BenchmarkMove moves random entries of the world: "stay" by 2 units inside the cell
// of their corner, "cross" by a cell's side so that their corner changes cell, and
// "drift" by a random step of up to 8 units along each axis, the sprites workload's
// default, where about one move in five changes cell. "soa" makes the drift moves in
// two plain []int32 columns, x and y, as the sprites workload's soa backing does: the
// price of a move with no index to keep. The ids are spread over the whole world, so
// each move pays the cache misses a frame's would. Beside wall time each reports the
// CPU time of its thread per move (cpu-ns/op), which a shared machine disturbs less.
func BenchmarkMove(b *testing.B) {
	for _, n := range benchSizes() {
		w := worldOf(n, benchCell)
		b.Run(fmt.Sprintf("soa/%d", n), func(b *testing.B) {
			moves := moveList(w, "drift", 1<<16)
			xs, ys := make([]int32, n), make([]int32, n)
			for i, bx := range w.boxes {
				xs[i], ys[i] = bx.X, bx.Y
			}
			b.ReportAllocs()
			cpu := startCPU()
			i := 0
			for b.Loop() {
				mv := moves[i%len(moves)]
				xs[mv.id] += mv.dx
				ys[mv.id] += mv.dy
				i++
			}
			cpu.report(b)
			if slices.Equal(xs[:1000], ys[:1000]) {
				b.Fatal("impossible: the columns are equal")
			}
		})
		for _, mode := range []string{"stay", "cross", "drift"} {
			b.Run(fmt.Sprintf("%s/%d", mode, n), func(b *testing.B) {
				moves := moveList(w, mode, 1<<16)
				b.ReportAllocs()
				cpu := startCPU()
				i := 0
				for b.Loop() {
					mv := moves[i%len(moves)]
					x, y := w.g.Corner(mv.id)
					w.g.MoveTo(mv.id, x+mv.dx, y+mv.dy)
					i++
				}
				cpu.report(b)
				b.StopTimer()
				for _, mv := range moves { // put every entry back where worldOf had it
					w.g.Move(mv.id, w.boxes[mv.id])
				}
				checkFound(b, w, w.views[0], ids(w.g.Query(w.views[0], nil)))
			})
		}
	}
}

type benchMove struct{ id, dx, dy int32 }

// moveList draws k moves of random entries. Stay and cross alternate each entry's
// direction, and drift undoes its first half in its second, so that a benchmark
// replaying the list makes entries wander back and forth as the workload's do rather
// than march off in one direction.
func moveList(w *world, mode string, k int) []benchMove {
	rng := rand.New(rand.NewPCG(8, 9))
	moves := make([]benchMove, 0, k)
	for len(moves) < k {
		id := rng.Int32N(int32(len(w.boxes)))
		switch mode {
		case "stay":
			if bx := w.boxes[id]; w.g.geo.cellOf(bx.X, bx.Y) == w.g.geo.cellOf(bx.X+2, bx.Y) {
				moves = append(moves, benchMove{id, 2, 0}, benchMove{id, -2, 0})
			}
		case "cross":
			moves = append(moves, benchMove{id, w.g.Cell(), 0}, benchMove{id, -w.g.Cell(), 0})
		case "drift":
			moves = append(moves, benchMove{id, rng.Int32N(17) - 8, rng.Int32N(17) - 8})
			if len(moves) == k/2 {
				for i := k/2 - 1; i >= 0; i-- {
					mv := moves[i]
					moves = append(moves, benchMove{mv.id, -mv.dx, -mv.dy})
				}
			}
		}
	}
	return moves
}

// BenchmarkLoad fills a fresh grid with the world's boxes, one Insert each, and packs
// it; it reports the cost per entry.
func BenchmarkLoad(b *testing.B) {
	for _, n := range benchSizes() {
		w := worldOf(n, benchCell)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			var g *Grid[int32]
			for b.Loop() {
				g = New[int32](Box{0, 0, w.side, w.side}, benchCell, n)
				for i, bx := range w.boxes {
					g.Insert(bx, int32(i))
				}
				g.Pack()
			}
			if g.Len() != n {
				b.Fatalf("Len = %d, want %d", g.Len(), n)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entry")
		})
	}
}
