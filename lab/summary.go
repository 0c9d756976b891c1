package lab

import (
	"cmp"
	"math"
	"slices"

	"localitylab/lab/result"
	"localitylab/lab/stats"
	"localitylab/scenarios/workload"
)

// Confidence is the level of the ratio intervals.
const Confidence = 0.95

// Summarize fills every Backing.Summary and Run.Ratios from the frames, ignoring the
// warm-up frames. It can be called on a run in progress or on one read from a file.
//
// Each ratio compares a backing with the fastest (the lowest median frame time among
// the backings whose worker did not fail): for every frame i after warm-up that both
// ran, t_backing[i] / t_fastest[i]; then the median of those per-frame ratios with a
// distribution-free 95% interval from order statistics (stats.MedianCI). Frames are
// interleaved, so frame i of every backing ran under much the same machine conditions
// and pairing them cancels most of the noise a comparison of two medians would keep.
// A ratio is significant when its interval excludes 1. With fewer than six frames no
// order-statistic interval reaches 95%, and the interval is the ratios' full range.
func Summarize(r *result.Run) {
	for i := range r.Backings {
		r.Backings[i].Summary = summarize(&r.Backings[i].Frames, r.Warmup)
	}
	r.Ratios = ratios(r)
}

// summarize is one backing's summary; see result.Summary for what each field holds.
// Figures that cannot be computed (no frames after warm-up) stay zero.
func summarize(s *result.Series, warmup int) result.Summary {
	var sum result.Summary
	var h uint64
	for _, c := range s.Checksum {
		v, err := result.ParseChecksum(c)
		if err != nil {
			panic("lab: summarizing a series with a malformed checksum: " + c) // Validate admits none
		}
		h = workload.Fold(h, v)
	}
	sum.Checksum = result.FormatChecksum(h)
	n := s.Len()
	if n <= warmup {
		return sum
	}
	ns := make([]float64, 0, n-warmup)
	for _, v := range s.NS[warmup:] {
		ns = append(ns, float64(v))
	}
	sum.MeanNS = mean(ns)
	slices.Sort(ns)
	sum.P50NS, sum.P95NS, sum.P99NS = stats.Quantile(ns, 0.50), stats.Quantile(ns, 0.95), stats.Quantile(ns, 0.99)
	sum.MaxNS = ns[len(ns)-1]
	sum.AllocsPerFrame = meanU(s.Allocs[warmup:])
	sum.AllocBytesPerFrame = meanU(s.AllocBytes[warmup:])
	for _, g := range s.GCCycles[warmup:] {
		sum.GCCycles += g
	}
	sum.HeapBytes, sum.RSSBytes = s.HeapBytes[n-1], s.RSSBytes[n-1]
	if s.HasCounters() {
		sum.InstructionsPerFrame = ptr(meanU(s.Instructions[warmup:]))
		sum.CyclesPerFrame = ptr(meanU(s.Cycles[warmup:]))
	}
	if s.MemMisses != nil {
		sum.MemMissesPerFrame = ptr(meanU(s.MemMisses[warmup:]))
	}
	return sum
}

// ratios compares every backing that has frames after warm-up with the fastest; see
// Summarize. The fastest comes first (against itself: 1×), then the others by ratio.
func ratios(r *result.Run) []result.Ratio {
	best := fastest(r)
	if best < 0 {
		return nil
	}
	var out []result.Ratio
	var xs []float64
	for i := range r.Backings {
		xs = frameRatios(xs[:0], r, i, best)
		if len(xs) == 0 {
			continue
		}
		rt := result.Ratio{Backing: r.Backings[i].Name, Vs: r.Backings[best].Name, Median: 1, Lo: 1, Hi: 1}
		if i != best {
			rt = ratioOf(xs, rt.Backing, rt.Vs)
		}
		out = append(out, rt)
	}
	// The fastest first, then by ratio. (A backing can have a median ratio below 1
	// against the fastest by median time when the two are within noise.)
	slices.SortStableFunc(out, func(a, b result.Ratio) int {
		switch aBest, bBest := a.Backing == a.Vs, b.Backing == b.Vs; {
		case aBest && !bBest:
			return -1
		case bBest && !aBest:
			return 1
		}
		return cmp.Compare(a.Median, b.Median)
	})
	return out
}

// frameRatios appends to xs, for every frame after warm-up that backings a and b
// (indexes into r.Backings) both ran, t_a / t_b, and returns it. Frames where b took
// no measurable time are left out rather than turned into infinities.
func frameRatios(xs []float64, r *result.Run, a, b int) []float64 {
	at, bt := r.Backings[a].Frames.NS, r.Backings[b].Frames.NS
	for k := r.Warmup; k < min(len(at), len(bt)); k++ {
		if bt[k] > 0 {
			xs = append(xs, float64(at[k])/float64(bt[k]))
		}
	}
	return xs
}

// ratioOf is the median of the per-frame ratios xs (at least one) with its interval,
// as a Ratio of backing against vs. It sorts xs.
func ratioOf(xs []float64, backing, vs string) result.Ratio {
	rt := result.Ratio{Backing: backing, Vs: vs}
	rt.Median, rt.Lo, rt.Hi = medianCI(xs)
	rt.Significant = rt.Lo > 1 || rt.Hi < 1
	return rt
}

// fastest returns the index of the backing with the lowest median frame time, among
// those whose worker did not fail if there are any, or -1 when none has frames after
// warm-up. Summaries must be filled.
func fastest(r *result.Run) int {
	best := -1
	better := func(i int) bool {
		a, b := &r.Backings[i], &r.Backings[best]
		if (a.Error == "") != (b.Error == "") {
			return a.Error == ""
		}
		return a.Summary.P50NS < b.Summary.P50NS
	}
	for i := range r.Backings {
		if r.Backings[i].Frames.Len() <= r.Warmup {
			continue
		}
		if best < 0 || better(i) {
			best = i
		}
	}
	return best
}

// medianCI is stats.MedianCI at Confidence, with the full range standing in for an
// interval that the sample is too small to give (so that a result file never holds a
// NaN, which JSON cannot carry).
func medianCI(xs []float64) (med, lo, hi float64) {
	med, lo, hi = stats.MedianCI(xs, Confidence) // sorts xs
	if math.IsNaN(lo) || math.IsInf(lo, 0) {
		lo = xs[0]
	}
	if math.IsNaN(hi) || math.IsInf(hi, 0) {
		hi = xs[len(xs)-1]
	}
	return med, lo, hi
}

func mean(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func meanU(xs []uint64) float64 {
	var s float64
	for _, x := range xs {
		s += float64(x)
	}
	return s / float64(len(xs))
}

func ptr(x float64) *float64 { return &x }
