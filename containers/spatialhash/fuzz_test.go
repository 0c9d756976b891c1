package spatialhash

import (
	"testing"
)

// bytes reads the fuzz input as a stream of small numbers, zero once exhausted.
type bytes struct{ b []byte }

func (r *bytes) next(n int) int32 {
	if len(r.b) == 0 {
		return 0
	}
	v := int32(r.b[0]) % int32(n)
	r.b = r.b[1:]
	return v
}

// box reads a box with corners in [-64, 64) and sides in [-2, 30), so boxes cross cell
// borders, straddle zero and are sometimes empty.
func (r *bytes) box() Box {
	return Box{r.next(128) - 64, r.next(128) - 64, r.next(32) - 2, r.next(32) - 2}
}

// maxSteps bounds the operations one input makes, since checkHash after each costs
// O(entries × cells) and cells of side 1 give a box up to 900 of them.
const maxSteps = 64

// FuzzOps applies a random sequence of operations to a Hash and to a reference model
// (a map from id to box and value, a stack of free ids, brute-force queries) and
// compares them after every step.
func FuzzOps(f *testing.F) {
	f.Add([]byte{10, 0, 1, 2, 30, 30, 0, 0, 70, 70, 20, 20, 3, 0, 0, 127, 127})
	f.Add([]byte{3, 0, 60, 60, 10, 10, 2, 0, 61, 59, 12, 12, 1, 0, 0, 10, 10, 10, 3, 50, 50, 20, 20})
	f.Add([]byte{0, 0, 0, 0, 41, 41, 0, 64, 64, 1, 1, 2, 1, 1, 1, 0, 0, 3, 0, 0, 127, 127})
	f.Fuzz(func(t *testing.T, data []byte) {
		in := &bytes{data}
		h := New[int32](1+in.next(24), int(in.next(4)))
		boxes := map[int32]Box{}
		vals := map[int32]int32{}
		var free []int32 // the model's free ids, last freed on top
		issued := int32(0)
		pick := func() (int32, bool) { // the k-th live id in id order
			if len(boxes) == 0 {
				return 0, false
			}
			k := in.next(256) % int32(len(boxes))
			for e := int32(0); ; e++ {
				if _, ok := boxes[e]; ok {
					if k == 0 {
						return e, true
					}
					k--
				}
			}
		}
		for step := 0; len(in.b) > 0 && step < maxSteps; step++ {
			switch in.next(4) {
			case 0: // insert
				b, v := in.box(), int32(step)
				want := issued
				if len(free) > 0 {
					want, free = free[len(free)-1], free[:len(free)-1]
				} else {
					issued++
				}
				if got := h.Insert(b, v); got != want {
					t.Fatalf("step %d: Insert = id %d, want %d", step, got, want)
				}
				boxes[want], vals[want] = b, v
			case 1: // remove
				if e, ok := pick(); ok {
					h.Remove(e)
					delete(boxes, e)
					delete(vals, e)
					free = append(free, e)
				}
			case 2: // move
				if e, ok := pick(); ok {
					b := in.box()
					h.Move(e, b)
					boxes[e] = b
				}
			case 3:
				checkQuery(t, h, boxes, in.box())
			}
			checkHash(t, h)
			if h.Len() != len(boxes) {
				t.Fatalf("step %d: Len = %d, want %d", step, h.Len(), len(boxes))
			}
			for e, b := range boxes {
				if h.Box(e) != b || h.Get(e) != vals[e] {
					t.Fatalf("step %d: id %d holds %+v, %d; want %+v, %d", step, e, h.Box(e), h.Get(e), b, vals[e])
				}
			}
		}
	})
}
