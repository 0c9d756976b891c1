package spatialhash

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestOverlaps(t *testing.T) {
	const big = math.MaxInt32
	tests := []struct {
		name string
		a, b Box
		want bool
	}{
		{"same", Box{0, 0, 4, 4}, Box{0, 0, 4, 4}, true},
		{"inside", Box{0, 0, 10, 10}, Box{3, 3, 1, 1}, true},
		{"touching edges share no point", Box{0, 0, 4, 4}, Box{4, 0, 4, 4}, false},
		{"touching below", Box{0, 0, 4, 4}, Box{0, 4, 4, 4}, false},
		{"negative coordinates", Box{-10, -10, 5, 5}, Box{-6, -6, 1, 1}, true},
		{"empty width", Box{0, 0, 0, 4}, Box{0, 0, 4, 4}, false},
		{"reaching past MaxInt32", Box{big - 1, 0, big, 1}, Box{big, 0, 1, 1}, true},
		{"far apart", Box{math.MinInt32, 0, 1, 1}, Box{big, 0, 1, 1}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.a.Overlaps(tt.b); got != tt.want {
				t.Errorf("%+v.Overlaps(%+v) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
			if got := tt.b.Overlaps(tt.a); got != tt.want {
				t.Errorf("not symmetric: %+v.Overlaps(%+v) = %v", tt.b, tt.a, got)
			}
		})
	}
}

// TestIndexIsFloorDivision checks the multiply that stands in for a division against
// the division itself, around multiples of the cell and at the ends of the range.
func TestIndexIsFloorDivision(t *testing.T) {
	cells := []int32{1, 2, 3, 7, 72, 1000, 1<<20 + 1, 1<<30 + 7, math.MaxInt32 - 1, math.MaxInt32}
	rng := rand.New(rand.NewPCG(4, 5))
	ds := []int64{-1 << 33, -5, -1, 0, 1, 71, 72, 73, 1<<31 - 1, 1 << 31, 1<<32 - 2, 1<<32 - 1, 1 << 32, 1 << 33}
	for range 3000 {
		ds = append(ds, int64(rng.Uint32()))
	}
	for _, c := range cells {
		// the widest bounds a Box can have, without New's limit on cells
		cols := (math.MaxInt32 + int64(c) - 1) / int64(c)
		g := geometry{cell: c, cols: int32(cols), lastCol: uint64(cols - 1), recip: reciprocal(c)}
		for _, d0 := range ds {
			for _, d := range []int64{d0, d0 - d0%int64(c), d0 - d0%int64(c) - 1} {
				want := min(max(floorDiv(d, int64(c)), 0), int64(g.cols-1))
				if got := g.col(d); int64(got) != want {
					t.Fatalf("cell %d: col(%d) = %d, want %d", c, d, got, want)
				}
			}
		}
	}
}

func TestInside(t *testing.T) {
	g := newGeometry(Box{10, 0, 100, 1}, 10) // cells [10,20), [20,30), …, [100,110)
	tests := []struct {
		lo, hi      int64
		first, last int32
	}{
		{20, 40, 1, 2}, // exactly cells 1 and 2
		{19, 41, 1, 2}, // and parts of cells 0 and 3
		{0, 200, 1, 8}, // border cells 0 and 9 never
		{25, 35, 2, 1}, // none whole
		{-1e10, 1e10, 1, 8},
		{1e10, 2e10, 10, 8}, // beyond the grid: empty
	}
	for _, tt := range tests {
		if f, l := g.inside(tt.lo, tt.hi, g.x0, g.cols); (f <= l || tt.first <= tt.last) && (f != tt.first || l != tt.last) {
			t.Errorf("inside(%d, %d) = [%d, %d], want [%d, %d]", tt.lo, tt.hi, f, l, tt.first, tt.last)
		}
	}
}
