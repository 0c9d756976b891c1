package bullets

import (
	"math"
	"slices"
	"testing"

	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

func TestParams(t *testing.T) {
	workloadtest.CheckNew(t, &Spec, []workloadtest.NewCase{
		{Name: "defaults", Backing: workload.SoA},
		{Name: "defaults rowvec", Backing: workload.RowVec},
		{Name: "defaults spatialhash", Backing: workload.SpatialHash},
		{Name: "largest arena", Over: workload.Params{pArena: maxArena, pBand: 1024}, Backing: workload.RowVec},
		{Name: "band too fine for rowvec", Over: workload.Params{pArena: maxArena, pBand: 64}, Backing: workload.RowVec, Field: pBand},
		{Name: "band ignored by soa", Over: workload.Params{pArena: maxArena, pBand: 1}, Backing: workload.SoA},
		{Name: "cell too small for a bullet", Over: workload.Params{pCell: 1, pBulletSize: 16}, Backing: workload.SpatialHash, Field: pCell},
		{Name: "cell too small for a target", Over: workload.Params{pCell: 1, pBulletSize: 1, pTargetSize: 4096}, Backing: workload.SpatialHash, Field: pCell},
		{Name: "cell ignored by map", Over: workload.Params{pCell: 1, pBulletSize: 16}, Backing: workload.Map},
		{Name: "unknown backing", Backing: "vector", Field: "vector"},
	})
}

// TestExtremesStayInRange: at the largest arena, speeds and sizes, every coordinate a
// frame computes still fits its integer type, so the agreement holds there too.
func TestExtremesStayInRange(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 500, pArena: maxArena, pBulletSpeed: maxSpeed, pTargetSpeed: maxSpeed,
		pTargetSize: 1 << 16, pBulletSize: 1024, pBand: 1 << 12, pCell: 1 << 12, pLifetime: 1_000_000})
	agree(t, p, 60)
}

// TestEstimateBytes: every backing's estimate covers at least its bullets by value and
// grows with the entity count.
func TestEstimateBytes(t *testing.T) {
	workloadtest.EstimateGrows(t, &Spec, resolve(t, workload.Params{pEntities: 1000}), resolve(t, nil), 32)
}

// TestLoadProgressAndCancel: Load reports a rising fraction that ends at 1, and stops
// with the context's error once cancelled.
func TestLoadProgressAndCancel(t *testing.T) {
	workloadtest.LoadProgressAndCancel(t, &Spec, resolve(t, workload.Params{pEntities: 5 * workload.ProgressEvery}))
}

// TestFrameAllocs: after warm-up, slotmap and soa allocate nothing per frame,
// nor does the spatial hash, which recycles its entries and its cells' list blocks,
// while ptrarray allocates one object per spawn, which is the cost its layout pays.
func TestFrameAllocs(t *testing.T) {
	p := resolve(t, workload.Params{pEntities: 10_000, pArena: 1000})
	tests := []struct {
		backing  string
		min, max float64 // allocations per frame
	}{
		{workload.SlotMap, 0, 0},
		{workload.SoA, 0, 0},
		{workload.SpatialHash, 0, 0},
		{workload.PtrArray, 20, math.Inf(1)},
	}
	for _, tc := range tests {
		t.Run(tc.backing, func(t *testing.T) {
			st := load(t, p, tc.backing)
			for range 300 { // past one lifetime: the arrays have met their peak
				st.Frame()
			}
			if a := testing.AllocsPerRun(50, func() { st.Frame() }); a < tc.min || a > tc.max {
				t.Fatalf("%.1f allocations per frame, want %v … %v", a, tc.min, tc.max)
			}
		})
	}
}

// TestScene: the preview holds the targets, the emitters and the live bullets, the
// same ones on every backing, and keeps within MaxSceneBoxes with a sample when the
// bullets do not fit.
func TestScene(t *testing.T) {
	tests := []struct {
		name    string
		over    workload.Params
		sampled bool
	}{
		{"all fit", workload.Params{pEntities: 2000, pArena: 1024}, false},
		{"sampled", workload.Params{pEntities: 30_000, pArena: 2048}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := resolve(t, tc.over)
			var first []workload.Box
			for _, backing := range workload.Backings {
				st := load(t, p, backing)
				for range 30 {
					st.Frame()
				}
				dst := workload.Scene{Boxes: make([]workload.Box, 0, 8)}
				st.Scene(&dst)
				w := st.driver()
				side := w.cfg.side >> subBits
				if dst.World != (workload.Rect{X1: side, Y1: side}) || dst.View != dst.World {
					t.Fatalf("%s: world %+v view %+v, want the arena of side %d", backing, dst.World, dst.View, side)
				}
				if want := len(w.targets) + len(w.emitters) + st.Entities(); dst.Total != want {
					t.Fatalf("%s: total %d, want %d", backing, dst.Total, want)
				}
				if len(dst.Boxes) > workload.MaxSceneBoxes || (len(dst.Boxes) < dst.Total) != tc.sampled {
					t.Fatalf("%s: %d boxes of %d; sampled = %v", backing, len(dst.Boxes), dst.Total, tc.sampled)
				}
				kinds := map[workload.Kind]int{}
				for _, b := range dst.Boxes {
					kinds[b.Kind]++
				}
				if kinds[workload.Target] != len(w.targets) || kinds[workload.Emitter] != len(w.emitters) || kinds[workload.Bullet] < 1000 {
					t.Fatalf("%s: boxes by kind %v", backing, kinds)
				}
				got := slices.SortedFunc(slices.Values(dst.Boxes), cmpBox)
				if first == nil {
					first = got
				} else if !slices.Equal(got, first) {
					t.Fatalf("%s shows other boxes than %s", backing, workload.Backings[0])
				}
			}
		})
	}
}

func cmpBox(a, b workload.Box) int {
	for _, d := range []int32{a.X - b.X, a.Y - b.Y, a.W - b.W, a.H - b.H, int32(a.Kind) - int32(b.Kind)} {
		if d != 0 {
			return int(d)
		}
	}
	return 0
}

// TestSlotTable: handles resolve while their slot lives, fail once it is released,
// keep failing after the slot is reused, and a slot at its last generation is retired.
func TestSlotTable(t *testing.T) {
	st := newSlotTable(2)
	a := st.alloc(10, 1)
	b := st.alloc(20, 2)
	if r, i, ok := st.lookup(a); !ok || r != 10 || i != 1 {
		t.Fatalf("lookup(a) = %d, %d, %v; want 10, 1, true", r, i, ok)
	}
	st.moved(a.slot, 11, 5)
	if r, i, ok := st.lookup(a); !ok || r != 11 || i != 5 {
		t.Fatalf("after moved, lookup(a) = %d, %d, %v; want 11, 5, true", r, i, ok)
	}
	st.release(a.slot)
	if _, _, ok := st.lookup(a); ok {
		t.Fatal("released handle still resolves")
	}
	c := st.alloc(30, 3)
	if c.slot != a.slot {
		t.Fatalf("new handle in slot %d, want the released slot %d", c.slot, a.slot)
	}
	if _, _, ok := st.lookup(a); ok {
		t.Fatal("stale handle resolves to the bullet that reused its slot")
	}
	if _, _, ok := st.lookup(handle{}); ok {
		t.Fatal("the zero handle resolves")
	}
	if r, _, ok := st.lookup(b); !ok || r != 20 {
		t.Fatal("an unrelated handle stopped resolving")
	}

	// Reach the last generation of c's slot: releasing it there retires it.
	st.slots[c.slot].gen = math.MaxUint32
	last := handle{slot: c.slot, gen: math.MaxUint32}
	st.release(c.slot)
	if _, _, ok := st.lookup(last); ok {
		t.Fatal("handle at the last generation resolves after release")
	}
	d := st.alloc(40, 4)
	if d.slot == c.slot {
		t.Fatal("a retired slot was reused")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("releasing a free slot did not panic")
		}
	}()
	st.release(c.slot)
}
