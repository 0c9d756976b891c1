// Package summary holds the statistics of one run: each backing's summary, the
// ratio between two of its backings with an interval over rounds and forks, and the
// forks' own figures. It reads a result.Run only, measured now or read from a file,
// so that the lessons' verdicts and the charts use the lab's statistics without
// linking the coordinator that measures.
package summary

import (
	"cmp"
	"math"
	"slices"

	"localitylab/lab/result"
	"localitylab/lab/stats"
	"localitylab/workloads/workload"
)

// Confidence is the level of the ratio intervals.
const Confidence = 0.95

// Summarize fills every Backing.Summary and Run.Ratios from the frames it keeps: not
// the warm-up frames (each fork's own) and, in warm mode, not the first half of any
// burst (see result.Run.Excluded). It can be called on a run in progress or on one
// read from a file.
//
// Each ratio compares a backing with the fastest (the lowest median frame time among
// the backings whose worker did not fail; a failed backing gets no ratio). Frame k of
// two backings did the same work, so their times are paired: t_backing[k] /
// t_fastest[k]. A round is a block of consecutive frames, run by every backing
// moments apart. Within each round the median of those per-frame ratios is the
// block's ratio. The run's ratio is the median of the block ratios. Its 95% interval
// is distribution-free, over the blocks of every fork (stats.MedianCI), and widened
// where needed to hold each fork's own median (see forkMedians).
//
// Why blocks: frames of one block share the machine's state of that moment, so they
// are not independent draws. Blocks spread over the whole run are closer to it; their
// interval covers the drift from one moment to the next that a rerun would see. The
// forks' medians cover what differs from one fresh process to the next. Medians are
// taken of logarithms, the middle two averaged, so that a ratio of a against b is
// exactly the reciprocal of b against a, interval and significance included. A ratio is significant when its interval
// excludes 1. With fewer than six blocks no interval reaches 95%; the ratio then
// carries the blocks' full range, marked as a range, and is never significant. A
// version 1 file, which has no rounds, counts each frame as a block, as it was
// measured.
func Summarize(r *result.Run) {
	for i := range r.Backings {
		r.Backings[i].Summary = summarize(r, &r.Backings[i].Frames)
		forkSummary(r, &r.Backings[i])
	}
	r.Ratios = ratios(r)
}

// summarize is one backing's summary; see result.Summary for what each field holds.
// Frame figures are over the kept frames; the collector's figures over every frame
// (see gcTotals). Figures that cannot be computed (no kept frames) stay zero.
func summarize(r *result.Run, s *result.Series) result.Summary {
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
	gcTotals(&sum, s)
	var ns, withGC, wall []float64
	var allocs, bytes, instr, cycles, misses float64
	var carried uint64 // collector waits of frames left out, for the next kept frame
	for f := range n {
		switch why := r.Excluded(f); {
		case why == result.Rewarm:
			carried += gcWait(s, f)
			continue
		case why != result.Kept: // warm-up
			continue
		}
		ns = append(ns, float64(s.NS[f]))
		withGC = append(withGC, float64(s.NS[f])+float64(gcWait(s, f)+carried))
		carried = 0
		if s.Interrupted(f) {
			sum.Interrupted++
		} else if s.CPUTimed() {
			wall = append(wall, float64(s.WallNS[f]))
		}
		allocs += float64(s.Allocs[f])
		bytes += float64(s.AllocBytes[f])
		if s.HasCounters() {
			instr += float64(s.Instructions[f])
			cycles += float64(s.Cycles[f])
		}
		if s.MemMisses != nil {
			misses += float64(s.MemMisses[f])
		}
	}
	k := float64(len(ns))
	sum.Measured = len(ns)
	if len(ns) == 0 {
		return sum
	}
	sum.MeanNS = stats.Mean(ns)
	slices.Sort(ns)
	sum.P50NS, sum.P95NS, sum.P99NS = stats.Quantile(ns, 0.50), stats.Quantile(ns, 0.95), stats.Quantile(ns, 0.99)
	sum.MaxNS = ns[len(ns)-1]
	slices.Sort(withGC)
	sum.P99WithGCNS = stats.Quantile(withGC, 0.99)
	if len(wall) > 0 {
		slices.Sort(wall)
		sum.WallP50NS, sum.WallFrames = stats.Quantile(wall, 0.50), len(wall)
	}
	sum.AllocsPerFrame, sum.AllocBytesPerFrame = allocs/k, bytes/k
	sum.HeapBytes, sum.RSSBytes = s.HeapBytes[n-1], s.RSSBytes[n-1]
	if s.HasCounters() {
		sum.InstructionsPerFrame, sum.CyclesPerFrame = ptr(instr/k), ptr(cycles/k)
	}
	if s.MemMisses != nil {
		sum.MemMissesPerFrame = ptr(misses / k)
	}
	return sum
}

// gcTotals charges the collector's work to the backing over every frame it ran,
// warm-up and re-warming frames included. A collection is started by whichever frame
// reaches the heap's goal. Counting only the kept frames' share made a backing that
// collected show none when its cycles fell elsewhere. A version 1 file has no
// waits nor collector CPU; its cycles are counted all the same.
func gcTotals(sum *result.Summary, s *result.Series) {
	n := s.Len()
	if n == 0 {
		return
	}
	var wait, cpu float64
	for f := range n {
		sum.GCCycles += s.GCCycles[f]
		wait += float64(gcWait(s, f))
		cpu += float64(at(s.GCCPUNS, f))
	}
	sum.GCFrames = n
	sum.GCWaitNSPerFrame, sum.GCCPUNSPerFrame = wait/float64(n), cpu/float64(n)
	sum.GCCyclesPer1000 = float64(sum.GCCycles) * 1000 / float64(n)
}

// gcWait is frame f's wait for the collection it started: the time the worker waited
// after the frame, counted only when a cycle ended in the frame or the wait. A wait
// with no cycle found nothing to wait for. Its time is the asking (a lock, well under
// a microsecond) and, on a busy machine, another process's time slice. Measured at
// load 12, waits of up to 4 ms with no cycle put ptrarray's p99 with GC at 11.3 ms
// against 7.0 ms without.
func gcWait(s *result.Series, f int) uint64 {
	if s.GCCycles[f] == 0 {
		return 0
	}
	return at(s.GCWaitNS, f)
}

// at is xs[f], or 0 for a column the file does not have.
func at(xs []uint64, f int) uint64 {
	if f < len(xs) {
		return xs[f]
	}
	return 0
}

// ratios compares every backing whose worker did not fail and that has kept frames
// with the fastest; see Summarize. The fastest comes first (against itself: 1×), then
// the others by ratio. Where a backing's frames were too short for the machine's
// clock (result.Run.UnresolvedText), nothing is ranked: no backing is the fastest.
func ratios(r *result.Run) []result.Ratio {
	best := fastest(r)
	if best < 0 || r.UnresolvedText() != "" {
		return nil
	}
	var out []result.Ratio
	for i := range r.Backings {
		if r.Backings[i].Error != "" || r.Backings[i].Summary.Measured == 0 {
			continue
		}
		rt := result.Ratio{Backing: r.Backings[i].Name, Vs: r.Backings[best].Name, Median: 1, Lo: 1, Hi: 1}
		if i != best {
			var ok bool
			if rt, ok = blockRatio(r, i, best); !ok {
				continue
			}
		} else {
			rt.Blocks = len(blockRatios(nil, r, r.Backings[i].Frames.NS, r.Backings[best].Frames.NS, -1))
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

// blockRatio is backing a's frame-time ratio against backing b (indexes into
// r.Backings) over the blocks both ran kept frames in; false when there is none.
func blockRatio(r *result.Run, a, b int) (result.Ratio, bool) {
	return ratioOf(r, a, b, r.Backings[a].Frames.NS, r.Backings[b].Frames.NS)
}

// ratioOf is the ratio of backing a against b from the per-frame columns at and bt
// (their frame times, or another per-frame cost). Per block it takes the median of
// at[k]/bt[k] over the kept frames both ran. Then it takes the median over the blocks
// of every fork, with its interval, widened to hold each fork's own median
// (forkMedians). It is false when the two share no kept frame.
//
// Every median of ratios here is taken as a median of logarithms would be: the middle
// value, or the geometric mean of the middle two (geoMedian). The interval's ends are
// order statistics. So the ratio of b against a is exactly the reciprocal of a
// against b, ends swapped, and equally significant. (The arithmetic mean of the
// middle two is not: over two frames, ratios 1.0 and 1.5 give 1.25 one way and 0.83
// the other, 1/0.83 = 1.2, not 1.25.)
func ratioOf[T int64 | uint64](r *result.Run, a, b int, at, bt []T) (result.Ratio, bool) {
	return forkRatioOf(r, a, b, at, bt, -1)
}

// forkRatioOf is ratioOf over the blocks of one fork of r (every fork when fork < 0).
func forkRatioOf[T int64 | uint64](r *result.Run, a, b int, at, bt []T, fork int) (result.Ratio, bool) {
	xs := blockRatios(nil, r, at, bt, fork)
	if len(xs) == 0 {
		return result.Ratio{}, false
	}
	rt := result.Ratio{Backing: r.Backings[a].Name, Vs: r.Backings[b].Name, Blocks: len(xs)}
	med, lo, hi := medianCI(xs)
	rt.Range = !stats.Reaches(len(xs), Confidence)
	if r.NumForks() > 1 && fork < 0 {
		rt.ForkMedians, rt.ForkModes = forkMedians(r, at, bt)
		for _, m := range rt.ForkMedians {
			if m > 0 {
				lo, hi = min(lo, m), max(hi, m)
			}
		}
	}
	rt.Median, rt.Lo, rt.Hi = med, lo, hi
	rt.Significant = !rt.Range && (lo > 1 || hi < 1)
	return rt, true
}

// blockRatios appends to xs one value per block of fork (every fork when fork < 0):
// the median (geoMedian) of at[k] / bt[k] over the kept frames k of the block.
// Frames where either took no measurable time are left out rather than turned into
// zeros or infinities.
func blockRatios[T int64 | uint64](xs []float64, r *result.Run, at, bt []T, fork int) []float64 {
	n := min(len(at), len(bt))
	var in []float64
	block := func(lo, hi int) {
		in = in[:0]
		for k := lo; k < min(hi, n); k++ {
			if at[k] > 0 && bt[k] > 0 && r.Excluded(k) == result.Kept {
				in = append(in, float64(at[k])/float64(bt[k]))
			}
		}
		if len(in) > 0 {
			xs = append(xs, geoMedian(in))
		}
	}
	if r.Rounds == nil { // a version 1 file: every frame was its own turn
		for k := range n {
			block(k, k+1)
		}
		return xs
	}
	for _, rd := range r.Rounds {
		if fork < 0 || r.ForkOf(rd.First) == fork {
			block(rd.First, rd.First+rd.Frames)
		}
	}
	return xs
}

// fastest returns the index of the backing with the lowest median frame time, among
// those whose worker did not fail if there are any, or -1 when none has kept frames.
// Summaries must be filled.
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
		if r.Backings[i].Summary.Measured == 0 {
			continue
		}
		if best < 0 || better(i) {
			best = i
		}
	}
	return best
}

// geoMedian sorts the ratios xs and returns their median as the median of their
// logarithms would give it: the middle one, or the geometric mean of the middle two,
// so that the median of the reciprocals is the reciprocal of the median.
func geoMedian(xs []float64) float64 {
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 1 {
		return xs[m]
	}
	return math.Sqrt(xs[m-1] * xs[m])
}

// symMedian sorts xs and returns its median, the mean of the middle two for an even
// count.
func symMedian(xs []float64) float64 {
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 1 {
		return xs[m]
	}
	return (xs[m-1] + xs[m]) / 2
}

// medianCI is stats.MedianCI at Confidence over ratios, the median geoMedian's, with the full range standing in for an
// interval that the sample is too small to give (so that a result file never holds a
// NaN, which JSON cannot carry).
func medianCI(xs []float64) (med, lo, hi float64) {
	_, lo, hi = stats.MedianCI(xs, Confidence) // sorts xs
	med = geoMedian(xs)
	if math.IsNaN(lo) || math.IsInf(lo, 0) {
		lo = xs[0]
	}
	if math.IsNaN(hi) || math.IsInf(hi, 0) {
		hi = xs[len(xs)-1]
	}
	return med, lo, hi
}

func ptr(x float64) *float64 { return &x }
