package sprites

import (
	"fmt"
	"testing"

	"localitylab/backings/spatialhash"
	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

// overlapCases are worlds whose spatial hash is source 004's (hash_cells = 1): the
// agreement cases' corners again, under the hash that lists a sprite in every cell.
var overlapCases = []workloadtest.Case{
	{Name: "overlap, small", Over: workload.Params{pHashCells: 1, pEntities: 3000, pOnScreen: 300, pPanSpeed: 40}},
	{Name: "overlap, one sprite", Over: workload.Params{pHashCells: 1, pEntities: 1, pMovingPct: 100}},
	{Name: "overlap, one cell", Over: workload.Params{pHashCells: 1, pEntities: 500, pOnScreen: 500_000, pCell: 4096, pMovingPct: 30}},
	{Name: "overlap, all moving", Over: workload.Params{pHashCells: 1, pEntities: 2000, pOnScreen: 400, pMovingPct: 100, pStep: 100}},
	{Name: "overlap, larger than a cell", Over: workload.Params{pHashCells: 1, pEntities: 2000, pOnScreen: 400, pViewW: 640, pViewH: 360, pMinSize: 16, pMaxSize: 40, pCell: 8, pMovingPct: 20}},
	{Name: "overlap, view covers world", Over: workload.Params{pHashCells: 1, pEntities: 1500, pOnScreen: 6000, pViewW: 4000, pViewH: 4000, pMovingPct: 10, pPathPct: 100, pPanSpeed: 100}},
	{Name: "overlap, long steps", Over: workload.Params{pHashCells: 1, pEntities: 2000, pOnScreen: 500, pDepths: 1, pStep: 5000, pMovingPct: 5}},
	{Name: "overlap, cold 64", Over: workload.Params{pHashCells: 1, pEntities: 2000, pOnScreen: 400, pColdBytes: 64, pMovingPct: 20}},
	{Name: "overlap, cold behind a pointer", Over: workload.Params{pHashCells: 1, pEntities: 2000, pOnScreen: 400, pColdBytes: 32, pColdIn: 0, pMovingPct: 20}},
}

// TestOverlapAgreement: with source 004's hash as the spatial hash, every backing
// agrees with the reference model frame by frame (the others ignore hash_cells).
func TestOverlapAgreement(t *testing.T) {
	workloadtest.Agreement(t, &Spec, overlapCases, newRef, load, func(t *testing.T, _ *refStore, sums []uint64) {})
}

// TestOverlapStore: hash_cells picks the store, and the source's hash takes cells of
// twice the mean sprite (72 at the defaults) where the loose grid takes six times it,
// unless cell is set; each sprite is listed in one to four cells at the defaults.
func TestOverlapStore(t *testing.T) {
	tests := []struct {
		over     workload.Params
		overlap  bool
		wantCell int32
	}{
		{workload.Params{pEntities: 5000}, false, 216},
		{workload.Params{pEntities: 5000, pHashCells: 1}, true, 72},
		{workload.Params{pEntities: 5000, pHashCells: 1, pCell: 100}, true, 100},
		{workload.Params{pEntities: 5000, pHashCells: 1, pMinSize: 10, pMaxSize: 10}, true, 20},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.over), func(t *testing.T) {
			st := load(t, resolve(t, tt.over), workload.SpatialHash)
			if st.driver().cfg.cell != tt.wantCell {
				t.Fatalf("cell %d, want %d", st.driver().cfg.cell, tt.wantCell)
			}
			o, ok := st.(*overlapStore[[0]byte])
			if ok != tt.overlap {
				t.Fatalf("store %T; want source 004's hash: %v", st, tt.overlap)
			}
			if ok {
				per := float64(o.h.Listed()) / float64(o.h.Len())
				t.Logf("%.3f cells list each sprite", per)
				if per < 1 || per > 4 {
					t.Fatalf("%.2f cells list each sprite, want between 1 and 4 (sprites up to 64 in cells of 72)", per)
				}
			}
		})
	}
}

// TestOverlapFrameAllocs: once its cells' lists have grown to their size, a frame of
// the source's hash allocates little: a list grows (by append) only when more sprites
// lie in a cell than ever before. Counted over 50 frames after 1,000, in a still and a
// moving world.
func TestOverlapFrameAllocs(t *testing.T) {
	moving := resolve(t, workload.Params{pHashCells: 1, pEntities: 20_000, pOnScreen: 500, pMovingPct: 5, pPanSpeed: 200})
	static := moving.Clone()
	static[pMovingPct] = 0
	for _, tt := range []struct {
		name string
		p    workload.Params
		most float64
	}{{"static", static, 0}, {"moving", moving, 5}} {
		t.Run(tt.name, func(t *testing.T) {
			st := load(t, tt.p, workload.SpatialHash)
			for range 1000 {
				st.Frame()
			}
			if a := testing.AllocsPerRun(1, func() {
				for range 50 {
					st.Frame()
				}
			}); a > tt.most {
				t.Fatalf("%.0f allocations in 50 frames, want at most %.0f", a, tt.most)
			}
		})
	}
}

// TestOverlapEstimate: the memory estimate covers the heap of the source's hash.
func TestOverlapEstimate(t *testing.T) {
	n := int64(250_000)
	if testing.Short() {
		n = 62_500
	}
	for _, cold := range []int64{0, 64} {
		t.Run(fmt.Sprintf("cold=%d", cold), func(t *testing.T) {
			estimateCoversHeap(t, resolve(t, workload.Params{pEntities: n, pColdBytes: cold, pHashCells: 1}))
		})
	}
}

// BenchmarkHashCells measures what the spatial hash lessons measure, under Go's own
// harness: the frame of a million sprites for soa, the loose grid (hash_cells 0) and
// source 004's hash (hash_cells 1), at several shares of moving sprites. For the
// source's hash it also reports relist/move, the share of moves whose box changed
// cells (taken out of its lists and added to others), counted on the frame's own
// moves before they are applied.
//
//	go test -run '^$' -bench HashCells -benchtime 10x ./workloads/sprites/
func BenchmarkHashCells(b *testing.B) {
	for _, moving := range []int64{0, 1, 5, 20, 50} {
		for _, v := range []struct {
			name    string
			backing string
			cells   int64
		}{{"soa", workload.SoA, 0}, {"loose", workload.SpatialHash, 0}, {"overlap", workload.SpatialHash, 1}} {
			p := resolve(b, workload.Params{pMovingPct: moving, pHashCells: v.cells})
			b.Run(fmt.Sprintf("moving=%d/%s", moving, v.name), func(b *testing.B) {
				benchmarkFrames(b, p, v.backing)
			})
		}
	}
	st := load(b, resolve(b, workload.Params{pMovingPct: 5, pHashCells: 1}), workload.SpatialHash).(*overlapStore[[0]byte])
	b.Run("relist-share", func(b *testing.B) {
		moved, relisted := 0, 0
		for b.Loop() {
			moves, _ := st.nextFrame()
			for _, mv := range moves {
				old := st.h.Box(mv.ID)
				x, y := wrap(old.X+mv.DX, st.cfg.side), wrap(old.Y+mv.DY, st.cfg.side)
				a0, a1, b0, b1 := st.h.Span(old)
				c0, c1, d0, d1 := st.h.Span(spatialhash.Box{X: x, Y: y, W: old.W, H: old.H})
				moved++
				if a0 != c0 || a1 != c1 || b0 != d0 || b1 != d1 {
					relisted++
				}
			}
			st.applyMoves(moves)
		}
		b.ReportMetric(float64(relisted)/float64(moved), "relist/move")
	})
}
