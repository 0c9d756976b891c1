package bullets

import (
	"fmt"
	"testing"

	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

// benchWarmup is how many frames a store runs before it is timed: the scratch buffers
// and tables reach their size and the population its steady state.
const benchWarmup = 20

// BenchmarkFrame runs whole frames (spawn, move, hit test, despawn, handle checks) of
// every backing at the default sizes, each world built and warmed up outside the
// timer. Issue 2's targets: slotmap and soa report 0 allocs/op, and slotmap is at
// least 3× faster than map:
//
//	go test -run '^$' -bench 'Frame' -benchtime 50x ./workloads/bullets/
func BenchmarkFrame(b *testing.B) {
	p := resolve(b, nil)
	for _, backing := range workload.Backings {
		b.Run("bullets/"+backing, func(b *testing.B) { benchFrames(b, p, backing) })
	}
}

// benchFrames times whole frames of one backing, the world built and warmed up
// outside the timer, and checks that the world it timed was in its steady state.
func benchFrames(b *testing.B, p workload.Params, backing string) {
	st := load(b, p, backing)
	for range benchWarmup {
		st.Frame()
	}
	b.ReportAllocs()
	spawned := st.driver().nextID
	for b.Loop() {
		st.Frame()
	}
	checkSteady(b, st, st.driver().nextID-spawned)
}

// checkSteady fails the benchmark when the world it timed was not the busy one the
// defaults describe: a store that lost its bullets, or spawned none, would look fast.
func checkSteady(b *testing.B, st store, spawned uint64) {
	b.Helper()
	c := st.driver().cfg
	if live := st.Entities(); live < c.n*9/10 || live > c.n {
		b.Fatalf("%d live bullets after the run, want about %d", live, c.n)
	}
	if perFrame := int(spawned) / b.N; perFrame < c.n/int(c.lifetime) {
		b.Fatalf("%d bullets spawned per frame, want at least entities/lifetime = %d", perFrame, c.n/int(c.lifetime))
	}
}

// BenchmarkLoad builds the default world into every backing:
//
//	go test -run '^$' -bench 'Load' -benchtime 3x ./workloads/bullets/
func BenchmarkLoad(b *testing.B) {
	p := resolve(b, nil)
	for _, backing := range workload.Backings {
		b.Run("bullets/"+backing, func(b *testing.B) {
			st := workloadtest.BenchLoad(b, &Spec, p, backing)
			if want := st.(store).driver().cfg.prewarm; st.Entities() != want {
				b.Fatalf("%d bullets after load, want %d", st.Entities(), want)
			}
		})
	}
}

// BenchmarkCell sweeps the spatial hash's cell side, in units, on the default frame,
// to choose the default (the cell parameter's 0). The frame rebuilds the index over
// every bullet whatever the cell; the cell decides how many cells the rebuild clears
// and sums (arena² / cell²) and how many bullets each target's query tests:
//
//	go test -run '^$' -bench 'Cell' -benchtime 50x -count 3 ./workloads/bullets/
func BenchmarkCell(b *testing.B) {
	for _, cell := range []int64{4, 8, 16, 32, 64, 128, 256} {
		p := resolve(b, workload.Params{pCell: cell})
		b.Run(fmt.Sprintf("cell=%d", cell), func(b *testing.B) { benchFrames(b, p, workload.SpatialHash) })
	}
}
