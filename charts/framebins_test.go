package charts

import (
	"math"
	"slices"
	"testing"
)

func TestBinFrames(t *testing.T) {
	for _, tt := range []struct{ frames, want int }{{24, 1}, {80, 1}, {81, 3}, {120, 3}, {200, 5}, {1000, 25}} {
		if got := binFrames(tt.frames); got != tt.want {
			t.Errorf("binFrames(%d) = %d, want %d", tt.frames, got, tt.want)
		}
	}
}

func TestBinMedians(t *testing.T) {
	nan := math.NaN()
	// Windows [1 9 2] [3 7 5] [nan nan nan] [4 8]: medians 2 at frame 1, 5 at
	// frame 4, none, 6 at frame 9 (the even window's mean of its middle two).
	got := binMedians([]float64{1, 9, 2, 3, 7, 5, nan, nan, nan, 4, 8}, 3)
	want := []float64{2, 2, 3, 4, 5, nan, nan, nan, nan, 6, 6}
	if !slices.EqualFunc(got, want, func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }) {
		t.Errorf("got %v, want %v", got, want)
	}
	if in := []float64{3, 1}; &binMedians(in, 1)[0] != &in[0] {
		t.Error("a window of one frame copies the values")
	}
}
