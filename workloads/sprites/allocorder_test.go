package sprites

import (
	"context"
	"slices"
	"testing"
	"unsafe"

	"localitylab/workloads/workload"
)

// TestAllocOrderPlacesObjects: with alloc_order 0 the pointer array's objects lie in
// id order, each after the one before, most of them one record apart; with the
// default they do not. The parameter changes where the objects lie, nothing else.
func TestAllocOrderPlacesObjects(t *testing.T) {
	for _, tc := range []struct {
		order   int64
		inOrder bool
	}{{allocInOrder, true}, {allocShuffled, false}} {
		p := resolve(t, workload.Params{pEntities: 4000, pOnScreen: 400, pAllocOrder: tc.order})
		c, err := newConfig(p)
		if err != nil {
			t.Fatal(err)
		}
		s := &ptrStore[[0]byte]{world: newWorld(c)}
		if err := s.Load(context.Background(), func(float64) {}); err != nil {
			t.Fatal(err)
		}
		size := unsafe.Sizeof(record[[0]byte]{})
		var gaps []int64
		ascending := 0
		for i := 1; i < len(s.a.Items); i++ {
			d := int64(uintptr(unsafe.Pointer(s.a.Items[i]))) - int64(uintptr(unsafe.Pointer(s.a.Items[i-1])))
			gaps = append(gaps, d)
			if d > 0 {
				ascending++
			}
		}
		slices.Sort(gaps)
		median := gaps[len(gaps)/2]
		got := median == int64(size) && ascending > len(gaps)*9/10
		if got != tc.inOrder {
			t.Errorf("alloc_order %d: median gap %d bytes (a record is %d), %d of %d steps ascending; in order: %v, want %v",
				tc.order, median, size, ascending, len(gaps), got, tc.inOrder)
		}
	}
}
