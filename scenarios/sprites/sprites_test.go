package sprites

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"

	"localitylab/scenarios/workload"
)

// TestChecksumFollowsContent shows that the agreement test could fail: the checksum of
// a frame changes when one drawn sprite moves by one unit, or when the seed changes.
func TestChecksumFollowsContent(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 3000, pOnScreen: 300})
	for _, backing := range workload.Backings {
		t.Run(backing, func(t *testing.T) {
			a, b := load(t, p, backing), load(t, p, backing)
			if ha, hb := a.Frame(), b.Frame(); ha != hb {
				t.Fatalf("two loads of the same world differ: %016x, %016x", ha, hb)
			}
			// Nudge, in b only, one sprite that frame 0 drew, then redraw frame 0's view.
			vis := &a.driver().vis
			if len(vis.keys) == 0 {
				t.Fatal("frame 0 drew nothing: no sprite to nudge")
			}
			id := int32(vis.keys[len(vis.keys)/2] >> keyIndexBits & (1<<keyIDBits - 1))
			view := a.driver().viewAt(0)
			b.applyMoves([]move{{ID: id, DX: 1}})
			a.cull(view)
			b.cull(view)
			if ha, hb := a.driver().vis.draw(), b.driver().vis.draw(); ha == hb {
				t.Fatalf("moving sprite %d by one unit left the checksum at %016x", id, ha)
			}
		})
	}
	q := p.Clone()
	q[workload.Seed.Name]++
	a, b := load(t, p, workload.SoA), load(t, q, workload.SoA)
	same := 0
	for range 50 {
		if a.Frame() == b.Frame() {
			same++
		}
	}
	if same > 0 {
		t.Fatalf("seeds %d and %d gave the same checksum in %d of 50 frames", p[workload.Seed.Name], q[workload.Seed.Name], same)
	}
}

// TestWholeWorldInView: when the view is larger than the world, every sprite is drawn
// in every frame, whatever moves, on every backing.
func TestWholeWorldInView(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 1500, pOnScreen: 6000, pViewW: 4000, pViewH: 4000, pMovingPct: 10, pPathPct: 100, pPanSpeed: 100})
	for _, backing := range workload.Backings {
		t.Run(backing, func(t *testing.T) {
			st := load(t, p, backing)
			if side := st.driver().cfg.side; 2*side > 4000 {
				t.Fatalf("world side %d: the view does not cover it along the whole path", side)
			}
			for f := range 100 {
				st.Frame()
				if got := len(st.driver().vis.keys); got != 1500 {
					t.Fatalf("frame %d drew %d sprites, want all 1500", f, got)
				}
			}
		})
	}
}

// TestOneCellCase checks that the "one cell" agreement case really puts every sprite in
// one spatial-hash cell and one rowvec tile, wherever they move.
func TestOneCellCase(t *testing.T) {
	for _, tc := range cases {
		if tc.name != "one cell" {
			continue
		}
		c, err := newConfig(resolve(t, tc.over), "")
		if err != nil {
			t.Fatal(err)
		}
		if reach := c.side - 1 + c.maxSize; reach > c.cell || reach > c.band || c.bandsPerAx != 1 {
			t.Fatalf("sprites reach %d, cell %d, band %d (%d bands): not one cell", reach, c.cell, c.band, c.bandsPerAx)
		}
		return
	}
	t.Fatal("no \"one cell\" case")
}

func TestParams(t *testing.T) {
	tests := []struct {
		name    string
		over    workload.Params
		backing string
		field   string // the error must name it; "" means no error
	}{
		{"defaults", nil, workload.SoA, ""},
		{"defaults rowvec", nil, workload.RowVec, ""},
		{"defaults spatialhash", nil, workload.SpatialHash, ""},
		{"min above max", workload.Params{pMinSize: 65}, workload.SoA, pMinSize},
		{"band too fine for rowvec", workload.Params{pBand: 1}, workload.RowVec, pBand},
		{"band ignored by soa", workload.Params{pBand: 1}, workload.SoA, ""},
		{"cell too small for spatialhash", workload.Params{pCell: 1}, workload.SpatialHash, pCell},
		{"cell ignored by map", workload.Params{pCell: 1}, workload.Map, ""},
		{"unknown backing", nil, "vector", "vector"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Spec.New(resolve(t, tc.over), tc.backing)
			switch {
			case tc.field == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.field != "" && err == nil:
				t.Fatalf("no error, want one naming %s", tc.field)
			case tc.field != "" && !strings.Contains(err.Error(), tc.field):
				t.Fatalf("error %q does not name %s", err, tc.field)
			}
		})
	}
	t.Run("out of range", func(t *testing.T) {
		for _, q := range Spec.Params {
			p := Spec.Defaults()
			p[q.Name] = q.Max + 1
			_, err := Spec.New(p, workload.SoA)
			if err == nil || !strings.Contains(err.Error(), q.Name) {
				t.Errorf("%s = %d: error %v, want one naming %s", q.Name, q.Max+1, err, q.Name)
			}
		}
	})
	t.Run("missing", func(t *testing.T) {
		p := Spec.Defaults()
		delete(p, pViewW)
		if _, err := Spec.New(p, workload.SoA); err == nil || !strings.Contains(err.Error(), pViewW) {
			t.Fatalf("error %v, want one naming %s", err, pViewW)
		}
	})
}

// TestEstimateBytes: every backing's estimate covers at least its sprites, by value,
// and grows with the entity count.
func TestEstimateBytes(t *testing.T) {
	small, big := resolve(t, workload.Params{pEntities: 1000}), resolve(t, nil)
	for _, backing := range workload.Backings {
		s, b := Spec.EstimateBytes(small, backing), Spec.EstimateBytes(big, backing)
		if s < 1000*24 || b <= s {
			t.Errorf("%s: estimate %d bytes for 1000 sprites, %d for %d", backing, s, b, big[pEntities])
		}
	}
}

// TestLoadProgressAndCancel: Load reports a rising fraction that ends at 1, and stops
// with the context's error once cancelled.
func TestLoadProgressAndCancel(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 5 * progressEvery})
	for _, backing := range workload.Backings {
		t.Run(backing, func(t *testing.T) {
			st, err := Spec.New(p, backing)
			if err != nil {
				t.Fatal(err)
			}
			var seen []float64
			if err := st.Load(context.Background(), func(f float64) { seen = append(seen, f) }); err != nil {
				t.Fatal(err)
			}
			if len(seen) < 3 || seen[len(seen)-1] != 1 {
				t.Fatalf("progress %v: want several calls ending at 1", seen)
			}
			for i := 1; i < len(seen); i++ {
				if seen[i] < seen[i-1] || seen[i] > 1 {
					t.Fatalf("progress %v does not rise within [0, 1]", seen)
				}
			}

			st, _ = Spec.New(p, backing)
			ctx, cancel := context.WithCancel(context.Background())
			calls := 0
			err = st.Load(ctx, func(float64) {
				if calls++; calls == 2 {
					cancel()
				}
			})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("Load after cancel returned %v, want context.Canceled", err)
			}
			if calls > 2 {
				t.Fatalf("%d progress calls after cancelling at the second", calls-2)
			}
		})
	}
}

// TestFrameAllocs: after warm-up, a frame allocates nothing on any backing, except
// where the backing's own structure grows. That is the spatial hash alone: a moving
// sprite that joins a cell appends to the cell's list, which now and then must grow,
// more rarely as the lists reach their largest sizes. So for it a static world must
// allocate nothing, and a moving one ever less.
func TestFrameAllocs(t *testing.T) {
	moving := resolve(t, workload.Params{pEntities: 20_000, pOnScreen: 500, pMovingPct: 5, pPanSpeed: 200})
	static := moving.Clone()
	static[pMovingPct] = 0
	allocs := func(st store, warm int) float64 {
		for range warm {
			st.Frame()
		}
		return testing.AllocsPerRun(50, func() { st.Frame() })
	}
	for _, backing := range workload.Backings {
		t.Run(backing, func(t *testing.T) {
			if a := allocs(load(t, static, backing), 50); a != 0 {
				t.Fatalf("static world: %.1f allocations per frame, want 0", a)
			}
			st := load(t, moving, backing)
			early := allocs(st, 50)
			if backing != workload.SpatialHash {
				if early != 0 {
					t.Fatalf("%.1f allocations per frame, want 0", early)
				}
				return
			}
			late := allocs(st, 2000)
			t.Logf("%.1f allocations per frame after 50 frames, %.1f after 2,100", early, late)
			if late >= early && early > 0 || late > 5 {
				t.Fatalf("%.1f allocations per frame after 50 frames, %.1f after 2,100: cell lists should settle", early, late)
			}
		})
	}
}

// TestEstimateCoversHeap: every backing's estimate is at least the heap its world
// holds after Load and some frames. The default size is where the map's tables are
// nearly at their emptiest, so it runs outside -short.
func TestEstimateCoversHeap(t *testing.T) {
	n := int64(1_000_000)
	if testing.Short() {
		n = 100_000
	}
	p := resolve(t, workload.Params{pEntities: n})
	live := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	for _, backing := range workload.Backings {
		t.Run(backing, func(t *testing.T) {
			before := live()
			st := load(t, p, backing)
			for range 20 {
				st.Frame()
			}
			held := int64(live()) - int64(before)
			runtime.KeepAlive(st)
			if est := Spec.EstimateBytes(p, backing); est < held {
				t.Fatalf("estimate %d bytes (%.1f per sprite), the world holds %d (%.1f per sprite)",
					est, float64(est)/float64(n), held, float64(held)/float64(n))
			}
		})
	}
}
