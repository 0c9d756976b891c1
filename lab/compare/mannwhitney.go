package compare

import (
	"math"
	"slices"
	"sync"
)

// The statistics of a comparison of two independent runs. Within a run the lab pairs
// the backings frame by frame (they ran moments apart); two runs share no moment, so
// their frames cannot be paired and the comparison is of two independent samples.
// Its unit is the round (a block of consecutive frames; see result.Round), not the
// frame. Frames of one round share the machine's state of that moment and are not
// independent draws. Rounds spread over the whole run are much closer to it, as for
// the lab's own ratio intervals (docs/design.md, rule 7). Each round gives one value
// per backing, the median of its kept frames in that round.
//
// The test is Mann–Whitney's U (the Wilcoxon rank-sum test), as benchstat uses for
// two sets of benchmark runs: distribution-free, so a long tail of slow frames does
// not decide it. The change and its interval are the Hodges–Lehmann estimate of the
// shift between the logarithms of the two samples, with the distribution-free
// interval that inverts the same test (Moses): a ratio new/base, read as a
// percentage.

// alpha is the significance level, and 1-alpha the interval's confidence.
const alpha = 0.05

// exactMax is the largest sample size for which the U test's distribution is
// computed exactly (when there are no ties), in tens of milliseconds at most. Past it
// the normal approximation's p-value is within a few percent of the exact one where
// significance is decided (TestPValue). Few runs have a hundred rounds.
const exactMax = 100

// shift is the outcome of comparing sample y (new) with sample x (base).
type shift struct {
	p        float64 // two-sided p-value of Mann–Whitney's U
	est      float64 // Hodges–Lehmann estimate of y − x
	lo, hi   float64 // its interval at 1 − alpha
	interval bool    // false: too few values for 1 − alpha; lo–hi is the full range
}

// mannWhitney compares y with x. Both must hold at least one value and no NaN.
func mannWhitney(x, y []float64) shift {
	n, m := len(x), len(y)
	u, ties := uStat(x, y)
	var cdf func(k int) float64 // P(U ≤ k) under the null, for integer k
	if !ties && n <= exactMax && m <= exactMax {
		cum := uCDF(n, m)
		cdf = func(k int) float64 { return cum[min(max(k, 0), len(cum)-1)] }
	}
	s := shift{p: pValue(u, n, m, ties, x, y, cdf)}
	d := make([]float64, 0, n*m)
	for _, a := range x {
		for _, b := range y {
			d = append(d, b-a)
		}
	}
	slices.Sort(d)
	s.est = median(d)
	c := critical(n, m, cdf)
	if c < 1 {
		s.lo, s.hi = d[0], d[len(d)-1]
		return s
	}
	s.lo, s.hi, s.interval = d[c-1], d[len(d)-c], true
	return s
}

// uStat is the number of pairs (x_i, y_j) with x_i < y_j, ties counting one half,
// and whether any tie (within or across the samples) occurred.
func uStat(x, y []float64) (u float64, ties bool) {
	for _, a := range x {
		for _, b := range y {
			switch {
			case a < b:
				u++
			case a == b:
				u += 0.5
				ties = true
			}
		}
	}
	return u, ties || hasTies(x) || hasTies(y)
}

func hasTies(xs []float64) bool {
	s := slices.Clone(xs)
	slices.Sort(s)
	for i := 1; i < len(s); i++ {
		if s[i] == s[i-1] {
			return true
		}
	}
	return false
}

// cdfs caches uCDF by sample sizes: the app compares the same sizes again at every
// update of a live run.
var cdfs sync.Map // [2]int → []float64

// uCDF is U's cumulative distribution for samples of n and m without ties: cum[k] =
// P(U ≤ k).
func uCDF(n, m int) []float64 {
	if c, ok := cdfs.Load([2]int{n, m}); ok {
		return c.([]float64)
	}
	cum := uDist(n, m)
	for k := 1; k < len(cum); k++ {
		cum[k] += cum[k-1]
	}
	cdfs.Store([2]int{n, m}, cum)
	return cum
}

// uDist is the distribution of U for samples of n and m without ties: dist[k] =
// P(U = k), k = 0 … nm. N(i, j, k) counts the orderings of i x's and j y's with
// U = k. It follows from where the largest value is. An x is below no y: U is
// unchanged. A y is above all i x's: U grows by i. So N(i, j, k) = N(i−1, j, k) +
// N(i, j−1, k−i).
func uDist(n, m int) []float64 {
	// row[j] holds N(i, j, ·) for the current i.
	row := make([][]float64, m+1)
	for j := range row {
		row[j] = []float64{1} // i = 0: one ordering, U = 0
	}
	for i := 1; i <= n; i++ {
		next := make([][]float64, m+1)
		next[0] = []float64{1}
		for j := 1; j <= m; j++ {
			c := make([]float64, i*j+1)
			for k, v := range row[j] { // the largest is an x
				c[k] += v
			}
			for k, v := range next[j-1] { // the largest is a y
				c[k+i] += v
			}
			next[j] = c
		}
		row = next
	}
	dist := row[m]
	total := 0.0
	for _, v := range dist {
		total += v
	}
	for k := range dist {
		dist[k] /= total
	}
	return dist
}

// pValue is the two-sided p-value of U: exact through cdf when it is given, else by
// the normal approximation with a continuity correction and the variance corrected
// for ties.
func pValue(u float64, n, m int, ties bool, x, y []float64, cdf func(int) float64) float64 {
	nm := float64(n * m)
	if cdf != nil {
		lo := math.Min(u, nm-u) // U is symmetric about nm/2
		return math.Min(1, 2*cdf(int(math.Floor(lo))))
	}
	mean := nm / 2
	N := float64(n + m)
	v := nm * (N + 1) / 12
	if ties {
		v -= nm * tieTerm(x, y) / (12 * N * (N - 1))
	}
	if v <= 0 {
		return 1 // every value equal
	}
	z := (math.Abs(u-mean) - 0.5) / math.Sqrt(v)
	if z < 0 {
		return 1
	}
	return math.Min(1, math.Erfc(z/math.Sqrt2))
}

// tieTerm is Σ (t³ − t) over the groups of tied values of x and y together.
func tieTerm(x, y []float64) float64 {
	all := append(slices.Clone(x), y...)
	slices.Sort(all)
	s := 0.0
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j] == all[i] {
			j++
		}
		t := float64(j - i)
		s += t*t*t - t
		i = j
	}
	return s
}

// critical is the rank c of the interval [d_(c), d_(nm+1−c)] of the sorted pairwise
// differences that covers the true shift with probability at least 1 − alpha: the
// largest c with P(U ≤ c−1) ≤ alpha/2. It is 0 when no c reaches the level.
func critical(n, m int, cdf func(int) float64) int {
	nm := n * m
	if cdf != nil {
		c := 0
		for cdf(c) <= alpha/2+1e-12 && c < nm/2 {
			c++
		}
		return c
	}
	z := math.Sqrt2 * math.Erfinv(1-alpha)
	c := int(math.Floor(float64(nm)/2 - z*math.Sqrt(float64(nm)*float64(n+m+1)/12)))
	return max(c, 0)
}

// median of sorted xs.
func median(xs []float64) float64 {
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}
