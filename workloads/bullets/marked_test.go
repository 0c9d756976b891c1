package bullets

import (
	"math"
	"testing"

	"localitylab/workloads/workload"
)

func TestLoadPlan(t *testing.T) {
	for _, pct := range []int{0, 1, 25, 50, 90} {
		c, err := newConfig(resolve(t, workload.Params{pEntities: 10_000, pDespawn: despawnMark, pDeadPct: int64(pct)}))
		if err != nil {
			t.Fatal(err)
		}
		slots, free, total := loadPlan(&c)
		if len(slots) != c.prewarm || len(slots)+len(free) != total {
			t.Fatalf("dead_pct %d: %d slots and %d holes, total %d, want %d bullets placed", pct, len(slots), len(free), total, c.prewarm)
		}
		if got := float64(total-c.n) / float64(total); math.Abs(got-float64(pct)/100) > 0.01 {
			t.Errorf("dead_pct %d: %.3f of the slots are holes once entities live", pct, got)
		}
		seen := make([]bool, total)
		for _, s := range append(append([]int32{}, slots...), free...) {
			if seen[s] {
				t.Fatalf("dead_pct %d: slot %d used twice", pct, s)
			}
			seen[s] = true
		}
	}
}

// slotsOf is how many slots, holes included, a store that may despawn by marking has.
func slotsOf(t *testing.T, st store) int {
	switch s := st.(type) {
	case *ptrStore:
		return len(s.a.Items)
	case *slotStore:
		if s.mk != nil {
			return len(s.mk.vals)
		}
		return s.m.Len()
	case *soaStore:
		return s.t.Len()
	}
	t.Fatalf("%T does not despawn by marking", st)
	return 0
}

// TestHolesKept checks that ptrarray, slotmap and soa keep dead_pct of their slots as
// holes frame after frame under despawn = mark, and none under swap-and-pop.
func TestHolesKept(t *testing.T) {
	for _, backing := range []string{workload.PtrArray, workload.SlotMap, workload.SoA} {
		for _, tc := range []struct{ despawn, pct int64 }{{despawnSwap, 50}, {despawnMark, 0}, {despawnMark, 50}, {despawnMark, 90}} {
			p := resolve(t, workload.Params{pEntities: 4000, pArena: 1024, pLifetime: 40, pDespawn: tc.despawn, pDeadPct: tc.pct})
			st := load(t, p, backing)
			for range 100 {
				st.Frame()
			}
			slots, live := slotsOf(t, st), st.Entities()
			holes := float64(slots-live) / float64(slots)
			want := float64(tc.pct) / 100
			if tc.despawn == despawnSwap {
				want = 0
			}
			if math.Abs(holes-want) > 0.05 {
				t.Errorf("%s, despawn %d, dead_pct %d: %d slots for %d live bullets, %.0f%% holes", backing, tc.despawn, tc.pct, slots, live, 100*holes)
			}
		}
	}
}
