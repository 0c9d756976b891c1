package streams

import (
	"math/rand/v2"
	"testing"

	"localitylab/workloads/workload"
)

// TestWalk: for any n, n steps of the walk visit every index of [0, n) exactly once.
func TestWalk(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 6, 12, 97, 1000, 1024} {
		for range 20 {
			start, stride := Walk(r, n)
			seen := make([]bool, n)
			for k, id := 0, start; k < n; k, id = k+1, (id+stride)%n {
				if seen[id] {
					t.Fatalf("n = %d, start %d, stride %d: index %d visited twice", n, start, stride, id)
				}
				seen[id] = true
			}
		}
	}
}

// TestMovers: the walk visits n distinct entities before it repeats, as Walk does, and
// each move's draw is the counter's next value, whatever n.
func TestMovers(t *testing.T) {
	for _, n := range []int{1, 7, 1000} {
		r := rand.New(rand.NewPCG(3, 4))
		m := NewMovers(r, n)
		r = rand.New(rand.NewPCG(3, 4))
		start, stride := Walk(r, n)
		ctr := r.Uint64()
		seen := make([]bool, n)
		for k := range n {
			id, draw := m.Next()
			ctr += 0x9e3779b97f4a7c15
			if want := (start + k*stride) % n; id != want || seen[id] {
				t.Fatalf("n = %d, move %d: entity %d, want %d, not seen before", n, k, id, want)
			}
			seen[id] = true
			if want := workload.Mix(ctr); draw != want {
				t.Fatalf("n = %d, move %d: draw %x, want %x", n, k, draw, want)
			}
		}
	}
}
