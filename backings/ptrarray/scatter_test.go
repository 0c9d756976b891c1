package ptrarray

import (
	"runtime"
	"slices"
	"testing"
	"unsafe"
)

// object is the size of a sprite.
type object struct{ a, b, c, d, e, f int32 }

// sink keeps allocations alive for the in-order control case.
var sink []*object

// TestScatterInit: init is called once per object, in a shuffled order that depends
// on the seed only, and the returned slice holds object i at index i.
func TestScatterInit(t *testing.T) {
	tests := []struct {
		name string
		n    int
		seed uint64
	}{
		{"empty", 0, 1},
		{"one", 1, 1},
		{"small", 10, 7},
		{"larger", 5000, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			calls := func() []int {
				var order []int
				got := Scatter(tc.n, tc.seed, func(i int, p *object) {
					order = append(order, i)
					p.a = int32(i) + 1
				})
				if len(got) != tc.n {
					t.Fatalf("Scatter returned %d objects, want %d", len(got), tc.n)
				}
				for i, p := range got {
					if p.a != int32(i)+1 {
						t.Fatalf("object %d holds %d: init(%d) filled another object", i, p.a-1, i)
					}
				}
				return order
			}
			order := calls()
			if !slices.Equal(slices.Sorted(slices.Values(order)), seq(tc.n)) {
				t.Fatalf("init called for %v, want each of 0 … %d once", order, tc.n-1)
			}
			if again := calls(); !slices.Equal(again, order) {
				t.Fatal("the same seed gave another allocation order")
			}
			if tc.n >= 10 && slices.Equal(order, seq(tc.n)) {
				t.Fatal("objects allocated in index order: not shuffled")
			}
		})
	}
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// TestScatterAddresses measures the address gap between objects i and i+1. In-order
// allocation, the control, puts nearly all of them on neighbouring cache lines; Scatter
// must put nearly none there, and typically more than a page apart.
func TestScatterAddresses(t *testing.T) {
	const n = 20_000
	tests := []struct {
		name      string
		alloc     func() []*object
		near      [2]float64 // allowed share of consecutive objects within 64 bytes
		medianGap uintptr    // at least this many bytes
	}{
		{"in order (control)", func() []*object {
			// What earlier tests allocated in this size class (an earlier run of this
			// one among them, under -count) is garbage by now, but until it is
			// collected its spans hold the holes Scatter's fillers left, and the
			// allocator fills holes before it opens a fresh span: collect it first,
			// so the control starts from fresh spans as a first run does.
			sink = nil
			runtime.GC()
			sink = make([]*object, n)
			for i := range sink {
				sink[i] = new(object)
			}
			return sink
		}, [2]float64{0.9, 1}, 0},
		{"scattered", func() []*object {
			return Scatter(n, 42, func(int, *object) {})
		}, [2]float64{0, 0.02}, 4096},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			objs := tc.alloc()
			near, gaps := 0, make([]uintptr, 0, n-1)
			for i := 1; i < n; i++ {
				a, b := uintptr(unsafe.Pointer(objs[i-1])), uintptr(unsafe.Pointer(objs[i]))
				gap := max(a, b) - min(a, b)
				if gap <= 64 {
					near++
				}
				gaps = append(gaps, gap)
			}
			share := float64(near) / float64(n-1)
			slices.Sort(gaps)
			median := gaps[len(gaps)/2]
			t.Logf("%.1f%% of consecutive objects within 64 bytes; median gap %d bytes", 100*share, median)
			if share < tc.near[0] || share > tc.near[1] {
				t.Errorf("%.3f of consecutive objects within 64 bytes, want %.2f to %.2f", share, tc.near[0], tc.near[1])
			}
			if median < tc.medianGap {
				t.Errorf("median gap %d bytes, want at least %d", median, tc.medianGap)
			}
		})
	}
}

// TestScatterFreesFillers: once Scatter returns, the live heap holds the objects and
// the slice of pointers, not the fillers (see Scatter for why).
func TestScatterFreesFillers(t *testing.T) {
	const n = 100_000
	live := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	before := live()
	objs := Scatter(n, 1, func(int, *object) {})
	grew := live() - before
	runtime.KeepAlive(objs)
	own := uint64(n) * uint64(unsafe.Sizeof(object{})+unsafe.Sizeof(&object{}))
	if grew < own-own/10 || grew > own+own/4 {
		t.Fatalf("live heap grew by %d bytes, want about the %d of the objects and their pointers", grew, own)
	}
}
