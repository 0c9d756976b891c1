package spatialhash

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// world is the sprites workload's shape: n boxes of side 8–64 in a square world sized
// so that about 2,000 have their corner in a 1920×1080 view, hashed in cells of 72
// (twice the mean side, seed 004).
type world struct {
	side  int32
	boxes []Box
	h     *Hash[int32]
}

const (
	viewW, viewH = 1920, 1080
	onScreen     = 2000
	benchCell    = 72
)

var worlds = map[int]*world{}

// worldOf builds (once per size) the world of n boxes.
func worldOf(n int) *world {
	if w, ok := worlds[n]; ok {
		return w
	}
	side := int32(math.Sqrt(float64(n) * viewW * viewH / onScreen))
	rng := rand.New(rand.NewPCG(7, uint64(n)))
	w := &world{side: side, boxes: make([]Box, n), h: New[int32](benchCell, n)}
	for i := range w.boxes {
		b := Box{rng.Int32N(side), rng.Int32N(side), 8 + rng.Int32N(57), 8 + rng.Int32N(57)}
		w.boxes[i] = b
		w.h.Insert(b, int32(i))
	}
	worlds[n] = w
	return w
}

func benchSizes() []int {
	if testing.Short() {
		return []int{100_000}
	}
	return []int{100_000, 1_000_000}
}

// BenchmarkQuery finds the boxes overlapping a view that steps across the world, with
// the hash and by testing every box.
func BenchmarkQuery(b *testing.B) {
	for _, n := range benchSizes() {
		w := worldOf(n)
		views := make([]Box, 64)
		for i := range views {
			views[i] = Box{int32(i) * (w.side - viewW) / 64, int32(i) * (w.side - viewH) / 64, viewW, viewH}
		}
		b.Run(fmt.Sprintf("hash/%d", n), func(b *testing.B) {
			dst := make([]int32, 0, 4*onScreen)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				dst = w.h.Query(views[i%len(views)], dst[:0])
				i++
			}
			if got, want := len(w.h.Query(views[0], nil)), len(scan(w.boxes, views[0], nil)); got != want {
				b.Fatalf("hash found %d, scan %d", got, want)
			}
		})
		b.Run(fmt.Sprintf("scan/%d", n), func(b *testing.B) {
			dst := make([]int32, 0, 4*onScreen)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				dst = scan(w.boxes, views[i%len(views)], dst[:0])
				i++
			}
		})
	}
}

// scan is Query by brute force.
func scan(boxes []Box, view Box, dst []int32) []int32 {
	for e, bx := range boxes {
		if bx.Overlaps(view) {
			dst = append(dst, int32(e))
		}
	}
	return dst
}

// BenchmarkMove moves random entries of the world: "stay" by 2 units inside the cells
// they already cover, "cross" by a cell's side so that they leave a column of cells
// and join another, and "drift" by a random step of up to 8 units along each axis, the
// sprites workload's default, where about one move in five changes cells. "array"
// makes the drift moves in a plain []Box, the price a backing without an index pays.
// The ids are spread over the whole world, so each move pays the cache misses a
// frame's would.
func BenchmarkMove(b *testing.B) {
	for _, n := range benchSizes() {
		w := worldOf(n)
		b.Run(fmt.Sprintf("array/%d", n), func(b *testing.B) {
			moves := moveList(w, "drift", 1<<16)
			boxes := slices.Clone(w.boxes)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				mv := moves[i%len(moves)]
				bx := &boxes[mv.e]
				bx.X, bx.Y = bx.X+mv.dx, bx.Y+mv.dy
				i++
			}
			if slices.Equal(boxes, w.boxes) {
				b.Fatal("no box moved")
			}
		})
		for _, mode := range []string{"stay", "cross", "drift"} {
			b.Run(fmt.Sprintf("%s/%d", mode, n), func(b *testing.B) {
				moves := moveList(w, mode, 1<<16)
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					mv := moves[i%len(moves)]
					bx := w.h.Box(mv.e)
					bx.X, bx.Y = bx.X+mv.dx, bx.Y+mv.dy
					w.h.Move(mv.e, bx)
					i++
				}
				for _, mv := range moves { // put every entry back where worldOf had it
					w.h.Move(mv.e, w.boxes[w.h.Get(mv.e)])
				}
				if got, want := len(w.h.Query(Box{0, 0, w.side, w.side}, nil)), n; got != want {
					b.Fatalf("after the moves a query of the world finds %d entries, want %d", got, want)
				}
			})
		}
	}
}

type benchMove struct{ e, dx, dy int32 }

// moveList draws k moves of random entries; stay and cross alternate each entry's
// direction so that entries oscillate rather than wander off.
func moveList(w *world, mode string, k int) []benchMove {
	rng := rand.New(rand.NewPCG(8, 9))
	moves := make([]benchMove, 0, k)
	for len(moves) < k {
		e := rng.Int32N(int32(len(w.boxes)))
		switch mode {
		case "stay":
			if bx := w.h.Box(e); staysWhenNudged(bx) {
				moves = append(moves, benchMove{e, 2, 0}, benchMove{e, -2, 0})
			}
		case "cross":
			moves = append(moves, benchMove{e, benchCell, 0}, benchMove{e, -benchCell, 0})
		case "drift":
			moves = append(moves, benchMove{e, rng.Int32N(17) - 8, rng.Int32N(17) - 8})
		}
	}
	return moves
}

// BenchmarkInsert fills a fresh hash with the world's boxes and reports the cost per
// insert.
func BenchmarkInsert(b *testing.B) {
	for _, n := range benchSizes() {
		w := worldOf(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			var h *Hash[int32]
			for b.Loop() {
				h = New[int32](benchCell, n)
				for i, bx := range w.boxes {
					h.Insert(bx, int32(i))
				}
			}
			if h.Len() != n {
				b.Fatalf("Len = %d, want %d", h.Len(), n)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/insert")
		})
	}
}

// staysWhenNudged reports whether b covers the same cells 2 units to its right.
func staysWhenNudged(b Box) bool {
	s, _ := spanOf(b, benchCell)
	b.X += 2
	t, _ := spanOf(b, benchCell)
	return s == t
}
