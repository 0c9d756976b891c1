package ptrarray

import (
	"slices"
	"testing"
)

// ptrs returns pointers to n distinct ints 0 … n-1.
func ptrs(n int) []*int {
	out := make([]*int, n)
	for i := range out {
		v := i
		out[i] = &v
	}
	return out
}

// values reads the ints the array points to, in order.
func values(a *Array[int]) []int {
	out := make([]int, a.Len())
	for i, p := range a.Items {
		out[i] = *p
	}
	return out
}

func TestArray(t *testing.T) {
	tests := []struct {
		name   string
		n      int   // pointers appended, to ints 0 … n-1
		remove []int // SwapRemove arguments, in order
		want   []int // the ints pointed to afterwards
	}{
		{"append only", 3, nil, []int{0, 1, 2}},
		{"remove first", 4, []int{0}, []int{3, 1, 2}},
		{"remove middle", 4, []int{1}, []int{0, 3, 2}},
		{"remove last", 4, []int{3}, []int{0, 1, 2}},
		{"remove all from the front", 3, []int{0, 0, 0}, []int{}},
		{"remove all from the back", 3, []int{2, 1, 0}, []int{}},
		{"only one", 1, []int{0}, []int{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var a Array[int]
			for _, p := range ptrs(tc.n) {
				a.Append(p)
			}
			for _, i := range tc.remove {
				a.SwapRemove(i)
				if tail := a.Items[:a.Len()+1][a.Len()]; tail != nil {
					t.Fatalf("after SwapRemove(%d) the vacated slot still points to %d", i, *tail)
				}
			}
			if got := values(&a); !slices.Equal(got, tc.want) || a.Len() != len(tc.want) {
				t.Fatalf("got %v (Len %d), want %v", got, a.Len(), tc.want)
			}
		})
	}
}

func TestSwapRemoveOutOfRange(t *testing.T) {
	for _, i := range []int{-1, 2, 3} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("SwapRemove(%d) of 2 items did not panic", i)
				}
			}()
			a := Array[int]{Items: ptrs(2)}
			a.SwapRemove(i)
		}()
	}
}
