package sprites

import (
	"fmt"
	"testing"
	"unsafe"

	"localitylab/workloads/workload"
	"localitylab/workloads/workload/workloadtest"
)

// coldPtrCases are worlds whose record-oriented backings keep the cold bytes behind
// a pointer (cold_inline = 0): the smallest, one the map keeps in its table either
// way, the largest, and one with no cold bytes, where there is nothing to point to.
var coldPtrCases = []workloadtest.Case{
	{Name: "pointer, cold 0", Over: workload.Params{pEntities: 2000, pOnScreen: 400, pColdIn: 0, pMovingPct: 20}},
	{Name: "pointer, cold 8", Over: workload.Params{pEntities: 2000, pOnScreen: 400, pColdBytes: 8, pColdIn: 0, pMovingPct: 20}},
	{Name: "pointer, cold 64", Over: workload.Params{pEntities: 2000, pOnScreen: 400, pColdBytes: 64, pColdIn: 0, pBand: 64, pMovingPct: 20, pStep: 100}},
	{Name: "pointer, cold 256", Over: workload.Params{pEntities: 2000, pOnScreen: 600, pColdBytes: 256, pColdIn: 0, pCell: 40, pMovingPct: 50}},
	{Name: "pointer, all drawn", Over: workload.Params{pEntities: 1500, pOnScreen: 6000, pViewW: 4000, pViewH: 4000, pColdBytes: 128, pColdIn: 0, pMovingPct: 10, pPathPct: 100, pPanSpeed: 100}},
}

// TestColdPointerAgreement: with the cold bytes behind a pointer, every backing still
// agrees with the reference model frame by frame.
func TestColdPointerAgreement(t *testing.T) {
	workloadtest.Agreement(t, &Spec, coldPtrCases, newRef, load, func(t *testing.T, _ *refStore, sums []uint64) {})
}

// TestColdPointerRecords: behind a pointer the record is the sprite and the pointer,
// 32 bytes whatever the cold size; each sprite's cold object is its own (a load loop
// that reuses one record value must not hand every sprite the same object), holds that
// sprite's words, and lies outside the records' array.
func TestColdPointerRecords(t *testing.T) {
	if got := unsafe.Sizeof(record[coldRef[[256]byte]]{}); got != 32 {
		t.Fatalf("record with its cold bytes behind a pointer: %d bytes, want 32", got)
	}
	p := resolve(t, workload.Params{pEntities: 3000, pColdBytes: 64, pColdIn: 0})
	st := load(t, p, workload.SlotMap).(*slotStore[coldRef[[64]byte]])
	vals := st.m.Values()
	lo := uintptr(unsafe.Pointer(&vals[0]))
	hi := lo + uintptr(len(vals))*unsafe.Sizeof(vals[0])
	seen := map[*[64]byte]bool{}
	for i := range vals {
		r := &vals[i]
		if seen[r.cold.p] {
			t.Fatalf("sprite %d shares its cold object with another", r.ID)
		}
		seen[r.cold.p] = true
		if a := uintptr(unsafe.Pointer(r.cold.p)); a >= lo && a < hi {
			t.Fatalf("sprite %d's cold object lies inside the dense array", r.ID)
		}
		want := make([]byte, 64)
		st.fillCold(want, r.ID)
		if got := coldBytes(&r.cold); string(got) != string(want) {
			t.Fatalf("sprite %d's cold object holds other words than its own", r.ID)
		}
	}
	inline := load(t, resolve(t, workload.Params{pEntities: 10, pColdBytes: 64}), workload.SlotMap)
	if _, ok := inline.(*slotStore[[64]byte]); !ok {
		t.Fatalf("cold_inline = 1 made a %T, want the inline slot map store", inline)
	}
}

// TestColdFrameAllocs: with cold bytes, inside the records or behind pointers, a frame
// allocates nothing on any backing: reading a drawn sprite's cold part (the map store
// reads a copy of it) must not move anything to the heap.
func TestColdFrameAllocs(t *testing.T) {
	for _, in := range []int64{1, 0} {
		p := resolve(t, workload.Params{pEntities: 20_000, pOnScreen: 2000, pMovingPct: 5, pColdBytes: 32, pColdIn: in})
		for _, backing := range workload.Backings {
			t.Run(fmt.Sprintf("cold_inline=%d/%s", in, backing), func(t *testing.T) {
				st := load(t, p, backing)
				for range 1000 {
					st.Frame()
				}
				if a := testing.AllocsPerRun(1, func() {
					for range 50 {
						st.Frame()
					}
				}); a != 0 {
					t.Fatalf("%.0f allocations in 50 frames, want 0", a)
				}
			})
		}
	}
}

// TestColdPointerEstimate: the memory estimate still covers the heap when the cold
// bytes are objects of their own.
func TestColdPointerEstimate(t *testing.T) {
	n := int64(250_000)
	if testing.Short() {
		n = 62_500
	}
	for _, cold := range []int64{8, 256} {
		t.Run(fmt.Sprintf("cold=%d", cold), func(t *testing.T) {
			estimateCoversHeap(t, resolve(t, workload.Params{pEntities: n, pColdBytes: cold, pColdIn: 0}))
		})
	}
}
