package tiles

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"testing"

	"localitylab/internal/cputime"
	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

// BenchmarkFrame runs whole frames (moves, then the window's visit) of every backing
// at the default sizes, each map built once outside the timer. Beside wall time it
// reports the CPU time of the benchmark's thread per frame (cpu-ns/op), which does not
// grow while the thread waits for a core on a shared machine:
//
//	go test -run '^$' -bench 'Frame' -benchtime 50x ./workloads/tiles/
func BenchmarkFrame(b *testing.B) {
	p := resolve(b, nil)
	workloadtest.EachBacking(b, "tiles", func(b *testing.B, backing string) {
		st := load(b, p, backing)
		for range 3 { // warm-up: scratch buffers and per-tile lists settle
			st.Frame()
		}
		b.ReportAllocs()
		var h uint64
		runtime.LockOSThread() // one thread, so that its CPU clock covers the loop
		defer runtime.UnlockOSThread()
		c0 := cputime.Thread()
		for b.Loop() {
			h = st.Frame()
		}
		if c1 := cputime.Thread(); c0 > 0 {
			b.ReportMetric(float64(c1-c0)/float64(b.N), "cpu-ns/op")
		}
		checkVisited(b, st, h)
	})
}

// BenchmarkVisit times the window's walk alone, without the frame's moves, which cost
// every backing a few cache misses per moving entity and at the defaults outweigh the
// walk: this is where source 000's claim about traversal (a row's vector stays in cache,
// one map-wide vector does not) shows. Each iteration visits the next window of the
// sweep on a map that has run 20 frames:
//
//	go test -run '^$' -bench 'Visit' -benchtime 50x ./workloads/tiles/
func BenchmarkVisit(b *testing.B) {
	p := resolve(b, nil)
	workloadtest.EachBacking(b, "tiles", func(b *testing.B, backing string) { benchmarkVisit(b, p, backing) })
}

// BenchmarkVisitOrder times the window's walk row by row and column by column (the
// order parameter), at the defaults and at the row-order lesson's sizes (the window is
// the whole map, nothing moves), for the backings that keep their tiles in arrays:
//
//	go test -run '^$' -bench 'VisitOrder' -benchtime 20x ./workloads/tiles/
func BenchmarkVisitOrder(b *testing.B) {
	sizes := []benchSize{
		{"tiles", nil},
		{"row-order", workload.Params{pMovingPct: 0, pWindowW: 2048, pWindowH: 2048}},
	}
	for _, sz := range sizes {
		for _, order := range []int64{orderRows, orderColumns} {
			over := sz.over.Clone()
			if over == nil {
				over = workload.Params{}
			}
			over[pOrder] = order
			p := resolve(b, over)
			for _, backing := range []string{workload.RowVec, workload.SoA, workload.PtrArray} {
				b.Run(fmt.Sprintf("%s/order=%d/%s", sz.name, order, backing), func(b *testing.B) { benchmarkVisit(b, p, backing) })
			}
		}
	}
}

// benchSize is a benchmark's parameters, by name: what it overrides of the defaults.
type benchSize struct {
	name string
	over workload.Params
}

// benchmarkVisit times one backing's visit of the sweep's windows, one a call, on a
// map that has run 20 frames.
func benchmarkVisit(b *testing.B, p workload.Params, backing string) {
	st := load(b, p, backing)
	for range 20 {
		st.Frame()
	}
	w := st.driver()
	b.ReportAllocs()
	f := w.frame
	var h uint64
	for b.Loop() {
		h = st.visit(w.windowAt(f))
		f++
	}
	w.win = w.windowAt(f - 1) // the window checkVisited recounts
	checkVisited(b, st, h)
}

// checkVisited fails the benchmark when the last frame's window held far fewer or more
// tile entries than the map's density promises, or folded nothing: a visit that found
// nothing would look fast.
func checkVisited(b *testing.B, st store, h uint64) {
	b.Helper()
	c := st.driver().cfg
	win := st.driver().win
	entries := 0
	st.each(win, func(int32, int32, pos, int32) { entries++ })
	area := float64(win.X1-win.X0) * float64(win.Y1-win.Y0)
	want := float64(c.n) * float64(c.perEnt) * area / (float64(c.cols) * float64(c.rows))
	if h == 0 || float64(entries) < want/2 || float64(entries) > 2*want {
		b.Fatalf("last window held %d tile entries (checksum %016x), the density promises about %.0f", entries, h, want)
	}
}

// BenchmarkLoad builds the map into every backing, at the defaults and at source 000's
// load case (a million entities of 10×10 tiles on a 107×80 map: 100 million tile
// entries), with the tile-entity vectors sized once and grown by append as the source
// grows them. Besides time it reports the live heap the loaded store holds, per entity
// and per tile entry, and fails if that exceeds Spec.EstimateBytes. The span-10 cases
// need about 2 GB per backing:
//
//	go test -run '^$' -bench 'Load' -benchtime 3x ./workloads/tiles/
//	go test -run '^$' -bench 'Load/tiles-span10.*/(rowvec|soa)' -benchtime 1x -count 3 ./workloads/tiles/
func BenchmarkLoad(b *testing.B) {
	sizes := []benchSize{
		{"tiles", nil},
		{"tiles-span10", workload.Params{pSpan: 10, pCols: 107, pRows: 80}},
		{"tiles-span10-append", workload.Params{pSpan: 10, pCols: 107, pRows: 80, pGrowth: growAppend}},
		{"tiles-span10-double", workload.Params{pSpan: 10, pCols: 107, pRows: 80, pGrowth: growDouble}},
	}
	for _, sz := range sizes {
		p := resolve(b, sz.over)
		workloadtest.EachBacking(b, sz.name, func(b *testing.B, backing string) { benchmarkLoad(b, p, backing) })
	}
}

func benchmarkLoad(b *testing.B, p workload.Params, backing string) {
	base := liveHeap()
	st := workloadtest.BenchLoad(b, &Spec, p, backing)
	n := int(p[pEntities])
	if st.Entities() != n {
		b.Fatalf("%d entities after load, want %d", st.Entities(), n)
	}
	held := float64(liveHeap() - base)
	if est := Spec.EstimateBytes(p, backing); held > float64(est) {
		b.Errorf("the loaded store holds %.0f bytes, more than EstimateBytes' bound of %d", held, est)
	}
	b.ReportMetric(held/float64(n), "B/entity")
	b.ReportMetric(held/float64(n)/float64(p[pSpan]*p[pSpan]), "B/entry")
	runtime.KeepAlive(st)
}

// liveHeap is the heap held by reachable objects, after a full collection.
func liveHeap() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
