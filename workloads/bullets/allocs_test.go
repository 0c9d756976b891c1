package bullets

import (
	"strings"
	"testing"
	"unsafe"

	"localitylab/workloads/workload"
)

// TestTrails checks the allocs parameter in every backing: each live bullet owns
// exactly one trail, frame after frame, and a frame allocates what its mode says: no
// more than without trails when they are reused, at least one object per spawn when
// each spawn allocates.
func TestTrails(t *testing.T) {
	const frames = 60
	for _, backing := range workload.Backings {
		base := map[int]float64{}
		for _, mode := range []int{allocsNone, allocsReuse, allocsFresh} {
			p := resolve(t, workload.Params{pEntities: 3000, pArena: 1024, pLifetime: 40, pAllocs: int64(mode)})
			st := load(t, p, backing)
			w := st.driver()
			for f := range frames {
				st.Frame()
				if mode != allocsNone && w.trails.live != st.Entities() {
					t.Fatalf("%s, allocs %d, frame %d: %d trails for %d live bullets", backing, mode, f, w.trails.live, st.Entities())
				}
			}
			spawned := w.nextID
			allocs := testing.AllocsPerRun(20, func() { st.Frame() })
			perFrame := float64(w.nextID-spawned) / 21 // AllocsPerRun runs it once more to warm up
			base[mode] = allocs
			switch mode {
			case allocsReuse:
				if allocs > base[allocsNone] {
					t.Errorf("%s: %.1f allocations a frame with trails reused, %.1f without", backing, allocs, base[allocsNone])
				}
			case allocsFresh:
				if allocs < base[allocsNone]+0.95*perFrame { // spawns vary from frame to frame
					t.Errorf("%s: %.1f allocations a frame with a trail per spawn (%.1f spawns), %.1f without", backing, allocs, perFrame, base[allocsNone])
				}
			}
		}
	}
}

// TestTrailSize: the allocs parameter and the allocs-per-frame lesson tell the reader
// how large a trail is; they must say what the compiler makes of the struct.
func TestTrailSize(t *testing.T) {
	size := unsafe.Sizeof(trail{})
	if size != 24 {
		t.Errorf("a trail is %d bytes; the allocs parameter's text and the allocs-per-frame lesson say 24", size)
	}
	for _, q := range Spec.Params {
		if q.Name == pAllocs && !strings.Contains(q.Doc, "24-byte trail") {
			t.Errorf("the allocs parameter's text does not give the trail's size, 24 bytes: %q", q.Doc)
		}
	}
}
