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
		{"one unit overlap", Box{0, 0, 4, 4}, Box{3, 3, 4, 4}, true},
		{"negative coordinates", Box{-10, -10, 5, 5}, Box{-6, -6, 1, 1}, true},
		{"empty width", Box{0, 0, 0, 4}, Box{0, 0, 4, 4}, false},
		{"negative height", Box{0, 0, 4, -1}, Box{0, 0, 4, 4}, false},
		{"reaching past MaxInt32", Box{big - 1, 0, big, 1}, Box{big, 0, 1, 1}, true},
		{"from MinInt32 across the plane", Box{math.MinInt32, math.MinInt32, big, big}, Box{-2, -2, 1, 1}, true},
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

func TestSpanOf(t *testing.T) {
	const big = math.MaxInt32
	tests := []struct {
		name string
		b    Box
		cell int32
		want span
		ok   bool
	}{
		{"one cell", Box{0, 0, 10, 10}, 10, span{0, 0, 0, 0}, true},
		{"across a border", Box{5, 5, 10, 1}, 10, span{0, 0, 1, 0}, true},
		{"negative, exact border", Box{-10, -11, 10, 1}, 10, span{-1, -2, -1, -2}, true},
		{"negative into positive", Box{-1, -1, 2, 2}, 10, span{-1, -1, 0, 0}, true},
		{"larger than a cell", Box{0, 0, 35, 1}, 10, span{0, 0, 3, 0}, true},
		{"far edge clipped", Box{big - 5, 0, big, 1}, 1, span{big - 5, 0, big, 0}, true},
		{"most negative", Box{math.MinInt32, math.MinInt32, 1, 1}, 7, span{-306783379, -306783379, -306783379, -306783379}, true},
		{"empty", Box{0, 0, 0, 5}, 10, span{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := spanOf(tt.b, tt.cell)
			if got != tt.want || ok != tt.ok {
				t.Errorf("spanOf(%+v, %d) = %+v, %v; want %+v, %v", tt.b, tt.cell, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestFloorDiv(t *testing.T) {
	cells := []int32{1, 2, 3, 7, 72, 1000, 1 << 20, 1<<21 + 1, 1<<30 + 7, math.MaxInt32 - 1, math.MaxInt32}
	coords := []int32{0, 1, -1, 71, 72, -72, -73, math.MaxInt32, math.MinInt32, math.MaxInt32 - 1, math.MinInt32 + 1}
	rng := rand.New(rand.NewPCG(4, 5))
	for range 2000 {
		coords = append(coords, int32(rng.Uint32()))
	}
	for _, c := range cells {
		for _, a := range coords {
			for _, v := range []int32{a, a - a%c, a - a%c - 1} { // around multiples of c too
				want := int64(v) / int64(c)
				if int64(v)%int64(c) != 0 && v < 0 {
					want--
				}
				if got := floorDiv(v, c); int64(got) != want {
					t.Fatalf("floor(%d / %d) = %d, want %d", v, c, got, want)
				}
			}
		}
	}
}
