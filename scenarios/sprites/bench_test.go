package sprites

import (
	"context"
	"testing"

	"localitylab/scenarios/workload"
)

// BenchmarkFrame runs whole frames (move, cull, sort, draw) of every backing at the
// default sizes, each world built once outside the timer. Beside them, for the issue's
// target "soa cull within 2× of streaming the bytes it reads", it times soa's cull
// alone and a plain sequential sum over four int32 slices of the same length as soa's
// geometry columns:
//
//	go test -run '^$' -bench 'Frame' -benchtime 20x ./scenarios/sprites/
func BenchmarkFrame(b *testing.B) {
	p := resolve(b, nil)
	for _, backing := range workload.Backings {
		b.Run("sprites/"+backing, func(b *testing.B) {
			st := load(b, p, backing)
			for range 3 { // warm-up: the scratch buffers reach their size
				st.Frame()
			}
			b.ReportAllocs()
			drawn := 0
			for b.Loop() {
				st.Frame()
				drawn += len(st.driver().vis.keys)
			}
			checkDrawn(b, st.driver().cfg, drawn/b.N)
		})
	}
	b.Run("sprites/soa-cull", func(b *testing.B) {
		st := load(b, p, workload.SoA)
		view := st.driver().viewAt(0)
		st.cull(view)
		b.ReportAllocs()
		for b.Loop() {
			st.cull(view)
		}
		checkDrawn(b, st.driver().cfg, len(st.driver().vis.keys))
	})
	b.Run("sprites/stream-reference", func(b *testing.B) {
		n := int(p[pEntities])
		cols := [4][]int32{}
		var want int32
		for c := range cols {
			cols[c] = make([]int32, n)
			for i := range cols[c] {
				cols[c][i] = int32(i*(c+1) + c)
				want += cols[c][i]
			}
		}
		b.ReportAllocs()
		var got int32
		for b.Loop() {
			got = streamSum(cols[0], cols[1], cols[2], cols[3])
		}
		if got != want {
			b.Fatalf("stream sum %d, want %d", got, want)
		}
	})
}

// streamSum adds four equally long columns element by element, front to back: the
// cheapest loop that reads every byte soa's cull reads.
func streamSum(a, b, c, d []int32) int32 {
	n := len(a)
	b, c, d = b[:n], c[:n], d[:n]
	var s int32
	for i := range a {
		s += a[i] + b[i] + c[i] + d[i]
	}
	return s
}

// checkDrawn fails the benchmark when the mean number of sprites drawn per frame is
// far from what the world was sized for: a cull that found nothing would look fast.
func checkDrawn(b *testing.B, c config, drawn int) {
	b.Helper()
	if drawn < c.onScreen/2 || drawn > 2*c.onScreen {
		b.Fatalf("%d sprites drawn per frame, the world is sized for about %d", drawn, c.onScreen)
	}
}

// BenchmarkLoad builds the default world into every backing:
//
//	go test -run '^$' -bench 'Load' -benchtime 3x ./scenarios/sprites/
func BenchmarkLoad(b *testing.B) {
	p := resolve(b, nil)
	for _, backing := range workload.Backings {
		b.Run("sprites/"+backing, func(b *testing.B) {
			b.ReportAllocs()
			var st workload.Store
			for b.Loop() {
				var err error
				if st, err = Spec.New(p, backing); err != nil {
					b.Fatal(err)
				}
				if err := st.Load(context.Background(), func(float64) {}); err != nil {
					b.Fatal(err)
				}
			}
			if st.Entities() != int(p[pEntities]) {
				b.Fatalf("%d sprites after load, want %d", st.Entities(), p[pEntities])
			}
		})
	}
}
