// Package stats holds the few summary statistics a run needs: quantiles of frame
// times, means per frame, and a distribution-free confidence interval for a median.
//
// Frame times are skewed and heavy-tailed: a GC pause, a page fault, a context switch
// land as outliers. So a run is summarised by order statistics rather than by a mean
// and a standard deviation. Backings are compared by the median of per-frame ratios,
// taken per round and then over the rounds, with an interval that assumes nothing
// about their distribution.
package stats

import (
	"fmt"
	"math"
)

// Quantile returns the q-quantile of an already sorted slice by Hyndman–Fan type 7:
// linear interpolation between the order statistics around (n-1)·q. It is the default
// of R and NumPy, so a figure in a result file can be checked with either. Quantile(s,
// 0) is the minimum and Quantile(s, 1) the maximum. An empty slice has no quantile:
// the result is NaN, which the formatters show as "n/a".
//
// Sortedness is the caller's promise (checking it would cost as much as the lookup);
// q outside [0, 1] is a programming error and panics.
func Quantile(sorted []float64, q float64) float64 {
	if !(q >= 0 && q <= 1) { // also catches NaN
		panic(fmt.Sprintf("stats.Quantile: q = %v, want 0 ≤ q ≤ 1", q))
	}
	n := len(sorted)
	if n == 0 {
		return math.NaN()
	}
	h := float64(n-1) * q
	lo := int(h) // h ≥ 0, so truncation is floor
	if lo >= n-1 {
		return sorted[n-1]
	}
	frac := h - float64(lo)
	return sorted[lo] + frac*(sorted[lo+1]-sorted[lo])
}

// Mean returns the arithmetic mean of xs, NaN for an empty slice. The summary uses it
// for per-frame rates (allocations, bytes, misses per frame), where the total over the
// run is what matters and an outlier frame is part of the cost, not noise.
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}
