package sprites

import (
	"runtime"
	"testing"
	"time"

	"localitylab/scenarios/workload"
	"localitylab/scenarios/workload/workloadtest"
)

// BenchmarkFrame runs whole frames (move, cull, sort, draw) of every backing at the
// default sizes, each world built once outside the timer. Beside them:
//
//   - soa's and spatialhash's cull alone, at frame 0's view, to separate the cost of
//     finding the visible sprites from that of moving the others;
//   - a plain sequential sum over four int32 slices as long as soa's geometry columns,
//     for the target "soa cull within 2× of streaming the bytes it reads";
//   - soa and spatialhash frames in a static world (no sprite moves), where the
//     spatial hash pays nothing for moves.
//
// Run it with:
//
//	go test -run '^$' -bench 'Frame' -benchtime 20x ./scenarios/sprites/
func BenchmarkFrame(b *testing.B) {
	p := resolve(b, nil)
	for _, backing := range workload.Backings {
		b.Run("sprites/"+backing, func(b *testing.B) { benchmarkFrames(b, p, backing) })
	}
	for _, backing := range []string{workload.SoA, workload.SpatialHash} {
		b.Run("sprites/"+backing+"-cull", func(b *testing.B) {
			st := load(b, p, backing)
			view := st.driver().viewAt(0)
			st.cull(view)
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				st.cull(view)
			}
			cpu.report(b)
			checkDrawn(b, st.driver().cfg, len(st.driver().vis.keys))
		})
	}
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
		cpu := startCPU()
		for b.Loop() {
			got = streamSum(cols[0], cols[1], cols[2], cols[3])
		}
		cpu.report(b)
		if got != want {
			b.Fatalf("stream sum %d, want %d", got, want)
		}
	})
	static := p.Clone()
	static[pMovingPct] = 0
	for _, backing := range []string{workload.SoA, workload.SpatialHash} {
		b.Run("sprites-static/"+backing, func(b *testing.B) { benchmarkFrames(b, static, backing) })
	}
}

// benchmarkFrames times whole frames of one backing, after a few untimed ones.
func benchmarkFrames(b *testing.B, p workload.Params, backing string) {
	st := load(b, p, backing)
	for range 3 { // warm-up: the scratch buffers reach their size
		st.Frame()
	}
	b.ReportAllocs()
	drawn := 0
	cpu := startCPU()
	for b.Loop() {
		st.Frame()
		drawn += len(st.driver().vis.keys)
	}
	cpu.report(b)
	checkDrawn(b, st.driver().cfg, drawn/b.N)
}

// cpuClock measures a benchmark's loop in CPU time of its thread (see threadCPU).
type cpuClock struct {
	start time.Duration
	ok    bool
}

// startCPU locks the benchmark to its thread, so that the thread's clock covers the
// whole loop, and reads the clock. report unlocks it.
func startCPU() cpuClock {
	runtime.LockOSThread()
	start, ok := threadCPU()
	return cpuClock{start, ok}
}

// report adds the loop's CPU time per iteration as the metric cpu-ns/op.
func (c cpuClock) report(b *testing.B) {
	end, ok := threadCPU()
	runtime.UnlockOSThread()
	if c.ok && ok {
		b.ReportMetric(float64(end-c.start)/float64(b.N), "cpu-ns/op")
	}
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
			st := workloadtest.BenchLoad(b, &Spec, p, backing)
			if st.Entities() != int(p[pEntities]) {
				b.Fatalf("%d sprites after load, want %d", st.Entities(), p[pEntities])
			}
		})
	}
}
