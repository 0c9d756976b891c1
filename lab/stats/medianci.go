package stats

import (
	"fmt"
	"math"
	"slices"
)

// MedianCI sorts xs in place and returns its median with a confidence interval at level
// conf (0.95 for 95%) that holds whatever the distribution, the same construction as
// golang.org/x/perf's benchmath (the numbers benchstat prints).
//
// Why it works: the population median lies below each sample independently with
// probability ½, so the number of samples below it is Binomial(n, ½). The interval
// between the j-th smallest and the j-th largest sample therefore misses the median
// with probability 2·P(B ≤ j−1); MedianCI takes the largest j that keeps this at or
// below 1−conf. The coverage is exact, not asymptotic, and because the binomial is
// discrete it is at least conf (for n = 100 at 95%: ranks 40 and 61, 96.5%).
//
// With too few samples no pair of order statistics reaches the level (below six
// samples at 95%, where even (min, max) covers only 1 − 2^(1−n) = 93.75% for n = 5).
// benchmath answers ±∞ there; MedianCI returns the widest interval the data allow,
// (min, max), so a chart still has something to draw, and says so here: callers that
// judge significance from such an interval should know it is weaker than conf. A
// single sample gives (x, x, x); an empty slice NaN for all three.
//
// conf outside (0, 1) and NaN in xs are programming errors (a frame time is never NaN)
// and panic. The cost is one sort plus O(n) to find the ranks.
func MedianCI(xs []float64, conf float64) (median, lo, hi float64) {
	if !(conf > 0 && conf < 1) {
		panic(fmt.Sprintf("stats.MedianCI: conf = %v, want 0 < conf < 1", conf))
	}
	n := len(xs)
	if n == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	if slices.ContainsFunc(xs, math.IsNaN) {
		panic("stats.MedianCI: xs holds NaN")
	}
	slices.Sort(xs)
	median = Quantile(xs, 0.5)
	j, _ := medianRank(n, conf)
	if j == 0 {
		return median, xs[0], xs[n-1]
	}
	return median, xs[j-1], xs[n-j]
}

// medianRank returns the largest j ≥ 1 for which the interval between the j-th
// smallest and the j-th largest of n samples covers the population median with
// probability at least conf. It also returns that probability. j = 0 means no interval reaches conf; the coverage
// returned then is that of (min, max).
//
// The binomial probabilities are summed in log space, where P(B = 0) = 2^−n is still
// representable for any n (as a float64 it underflows past n ≈ 1074).
func medianRank(n int, conf float64) (j int, coverage float64) {
	const slack = 1e-12 // absorbs rounding in the sum so exact ties count as reached
	alpha := 1 - conf
	logPMF := -float64(n) * math.Ln2 // log P(B = 0)
	var cdf float64                  // P(B ≤ j−1) for the j accepted so far
	for i := 0; i < n; i++ {
		next := cdf + math.Exp(logPMF) // P(B ≤ i)
		if 2*next > alpha+slack {
			break
		}
		cdf, j = next, i+1
		logPMF += math.Log(float64(n-i)) - math.Log(float64(i+1))
	}
	if j == 0 {
		return 0, 1 - 2*math.Exp(-float64(n)*math.Ln2)
	}
	return j, 1 - 2*cdf
}

// Reaches reports whether n samples are enough for MedianCI to give a true interval at
// level conf, rather than the (min, max) range it falls back to.
func Reaches(n int, conf float64) bool {
	j, _ := medianRank(n, conf)
	return j > 0
}
