package spatialhash

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestIndexMatchesBruteForce rebuilds an index of moving boxes several times and
// compares its queries with a brute-force scan, corners beyond the bounds included.
func TestIndexMatchesBruteForce(t *testing.T) {
	tests := []struct {
		name       string
		cell, w, h int32
	}{
		{"small boxes", 16, 4, 4},
		{"boxes larger than cells", 8, 20, 12},
		{"unit cells", 1, 2, 3},
		{"one cell", 1 << 20, 5, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, uint64(tt.cell)))
			ix := NewIndex(Box{0, 0, 200, 150}, tt.cell, tt.w, tt.h, 0)
			corners := make([]point, 500)
			for i := range corners {
				corners[i] = point{rng.Int32N(260) - 30, rng.Int32N(210) - 30}
			}
			for round := range 5 {
				ix.Reset()
				for _, p := range corners[:len(corners)-round*50] { // fewer each round
					ix.Add(p.x, p.y)
				}
				ix.Build()
				if ix.Len() != len(corners)-round*50 {
					t.Fatalf("Len = %d after %d adds", ix.Len(), len(corners)-round*50)
				}
				for range 100 {
					q := Box{rng.Int32N(260) - 30, rng.Int32N(210) - 30, rng.Int32N(80) - 5, rng.Int32N(80) - 5}
					got := ix.Query(q, nil)
					slices.Sort(got)
					var want []int32
					for i, p := range corners[:ix.Len()] {
						if (Box{p.x, p.y, tt.w, tt.h}).Overlaps(q) {
							want = append(want, int32(i))
						}
					}
					if !slices.Equal(got, want) {
						t.Fatalf("round %d: Query(%+v) = %v, want %v", round, q, got, want)
					}
				}
				for i := range corners {
					corners[i].x += rng.Int32N(21) - 10
					corners[i].y += rng.Int32N(21) - 10
				}
			}
		})
	}
}

func TestIndexRebuildAllocatesNothing(t *testing.T) {
	ix := NewIndex(Box{0, 0, 1000, 1000}, 32, 4, 4, 2000)
	rng := rand.New(rand.NewPCG(1, 1))
	var dst []int32
	frame := func() {
		ix.Reset()
		for range 2000 {
			ix.Add(rng.Int32N(1000), rng.Int32N(1000))
		}
		ix.Build()
		dst = ix.Query(Box{100, 100, 300, 300}, dst[:0])
	}
	frame()
	if a := testing.AllocsPerRun(20, frame); a != 0 {
		t.Errorf("%v allocations per rebuild and query, want 0", a)
	}
}
