package sprites

import "testing"

// BenchmarkMapFill measures what the maps-vs-slices lesson's load claim rests on,
// source 001's fill of a map against a slice, two ways:
//
//   - "source": the source's own loop, 9,999,999 ints: a map made with no size
//     (map[int]int{}, as the source made it), the same map made at its final size, and
//     a slice allocated before the clock starts (as the source's was), filled with
//     slice[i] = i;
//   - "sprites": the default world's million sprites, each generated from its seed as
//     every store's load does, into a map by id made with no size, one made at its
//     final size (what the map store does), and six columns allocated at their final
//     size and then filled (what the soa store does).
//
// ns/op (or cpu-ns/op, this thread's CPU time, less disturbed by a busy machine) of
// each against its slice or columns is the claim's ratio:
//
//	go test -run '^$' -bench MapFill -benchtime 3x ./workloads/sprites/
func BenchmarkMapFill(b *testing.B) {
	const n = 9_999_999
	benchmarkMapFill(b, "source", n, func(m map[int]int) {
		for i := range n {
			m[i] = i
		}
	})
	b.Run("source/slice", func(b *testing.B) {
		s := make([]int, n)
		cpu := startCPU()
		for b.Loop() {
			for i := range n {
				s[i] = i
			}
		}
		cpu.report(b)
		if s[n-1] != n-1 {
			b.Fatal(s[n-1])
		}
	})

	p := resolve(b, nil)
	c, err := newConfig(p)
	if err != nil {
		b.Fatal(err)
	}
	w := newWorld(c)
	w.prepare()
	sprites := c.n
	benchmarkMapFill(b, "sprites", sprites, func(m map[int32]sprite) {
		for i := range sprites {
			sp := w.spriteAt(i)
			m[sp.ID] = sp
		}
	})
	b.Run("sprites/columns", func(b *testing.B) {
		cpu := startCPU()
		for b.Loop() {
			var cols [6][]int32
			for k := range cols {
				cols[k] = make([]int32, sprites)
			}
			for i := range sprites {
				sp := w.spriteAt(i)
				cols[0][i], cols[1][i], cols[2][i], cols[3][i], cols[4][i], cols[5][i] = sp.X, sp.Y, sp.W, sp.H, sp.Depth, sp.ID
			}
			if cols[5][sprites-1] != int32(sprites-1) {
				b.Fatal(cols[5][sprites-1])
			}
		}
		cpu.report(b)
	})
}

// benchmarkMapFill times fill into a new map each iteration, as name/map-unsized (made
// with no size) and name/map-sized (made at its final size n). fill is called once per
// map, and its loop is written out at the call site, so each insert is the map's own
// work and no call.
func benchmarkMapFill[K comparable, V any](b *testing.B, name string, n int, fill func(m map[K]V)) {
	for _, sized := range []bool{false, true} {
		hint, label := 0, "/map-unsized"
		if sized {
			hint, label = n, "/map-sized"
		}
		b.Run(name+label, func(b *testing.B) {
			cpu := startCPU()
			for b.Loop() {
				m := make(map[K]V, hint)
				fill(m)
				if len(m) != n {
					b.Fatal(len(m))
				}
			}
			cpu.report(b)
		})
	}
}
