package stats

import (
	"math"
	"testing"
)

// Expected values were worked by hand from the type 7 rule h = (n−1)·q,
// x[⌊h⌋] + (h−⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]), and agree with numpy.quantile's default.
func TestQuantile(t *testing.T) {
	tests := []struct {
		name   string
		sorted []float64
		q      float64
		want   float64
	}{
		{"median of even count interpolates", []float64{1, 2, 3, 4}, 0.5, 2.5},
		{"lower quartile", []float64{1, 2, 3, 4}, 0.25, 1.75},
		{"median of odd count is the middle", []float64{1, 2, 3, 4, 5}, 0.5, 3},
		{"p95 of five", []float64{10, 20, 30, 40, 50}, 0.95, 48},
		{"p99 of ten", []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0.99, 9.91},
		{"q=0 is the minimum", []float64{-3, 0, 8}, 0, -3},
		{"q=1 is the maximum", []float64{-3, 0, 8}, 1, 8},
		{"one value", []float64{7}, 0.37, 7},
		{"ties", []float64{2, 2, 2, 5}, 0.5, 2},
		{"negative values", []float64{-3, -1}, 0.5, -2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Quantile(tt.sorted, tt.q)
			if math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("Quantile(%v, %v) = %v, want %v", tt.sorted, tt.q, got, tt.want)
			}
		})
	}
}

func TestQuantileEmptyIsNaN(t *testing.T) {
	if got := Quantile(nil, 0.5); !math.IsNaN(got) {
		t.Errorf("Quantile(nil, 0.5) = %v, want NaN", got)
	}
}

func TestQuantileBadQPanics(t *testing.T) {
	for _, q := range []float64{-0.01, 1.01, math.NaN()} {
		t.Run("", func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("Quantile(..., %v) did not panic", q)
				}
			}()
			Quantile([]float64{1, 2}, q)
		})
	}
}

func TestMean(t *testing.T) {
	tests := []struct {
		name string
		xs   []float64
		want float64
	}{
		{"one", []float64{4}, 4},
		{"several", []float64{1, 2, 3, 10}, 4},
		{"signed", []float64{-2, 2, 6}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Mean(tt.xs); got != tt.want {
				t.Errorf("Mean(%v) = %v, want %v", tt.xs, got, tt.want)
			}
		})
	}
	if got := Mean(nil); !math.IsNaN(got) {
		t.Errorf("Mean(nil) = %v, want NaN", got)
	}
}
