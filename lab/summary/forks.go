package summary

import (
	"slices"

	"localitylab/lab/result"
	"localitylab/lab/stats"
)

// A run's forks (result.Fork) are fresh sets of workers, one after another, that
// load the world again and rerun its frames from the first. They are what the rounds
// of one process cannot show: how much a rerun differs from this run. Two things come
// of them, for a backing's frame times and for every ratio:
//   - the spread between the forks' medians, which the intervals are widened to hold
//     (a rerun is a fork of its own);
//   - whether the forks found different modes: two forks whose own intervals, each
//     over its own rounds, do not overlap. A machine that gives one process its
//     memory one way and the next another (huge pages or not, where the heap landed)
//     shows so, and so does a machine whose load changed between forks; either way
//     a rerun may land in either mode, and a verdict that differs between them is
//     unsettled on this machine.

// minModeBlocks is the fewest blocks a fork needs before its interval counts in the
// test for modes. When the forks do not differ, two forks of four blocks each have
// ranges that do not overlap with probability 2/70 (under 3%). Below four the chance
// is too high (2/20 at three) to call two modes.
const minModeBlocks = 4

// forkInterval is the interval of the median of one fork's blocks xs (sorted in
// place) that the test for modes compares: the 95% interval from MedianCI, its full
// range below six blocks; false below minModeBlocks.
func forkInterval(xs []float64) (lo, hi float64, ok bool) {
	if len(xs) < minModeBlocks {
		return 0, 0, false
	}
	_, lo, hi = stats.MedianCI(xs, Confidence)
	return lo, hi, true
}

// modes reports whether two of the forks' intervals (ok false: not judged) are
// disjoint.
func modes(los, his []float64, ok []bool) bool {
	for i := range los {
		for j := range los {
			if ok[i] && ok[j] && los[i] > his[j] {
				return true
			}
		}
	}
	return false
}

// forkMedians returns, per fork of r, the median over its blocks of the ratios at/bt
// (see blockRatios; 0 for a fork where the two share no kept frame), and whether two
// forks' intervals are disjoint (modes).
func forkMedians[T int64 | uint64](r *result.Run, at, bt []T) (medians []float64, twoModes bool) {
	n := r.NumForks()
	medians = make([]float64, n)
	los, his, ok := make([]float64, n), make([]float64, n), make([]bool, n)
	var xs []float64
	for k := range n {
		xs = blockRatios(xs[:0], r, at, bt, k)
		if len(xs) == 0 {
			continue
		}
		medians[k] = geoMedian(xs)
		los[k], his[k], ok[k] = forkInterval(xs)
	}
	return medians, modes(los, his, ok)
}

// forkSummary fills the fork figures of b's summary (result.Summary.ForkP50NS,
// ForkSpread, ForkModes) for a run of more than one fork: per fork, the median of its
// kept frames, and for the test for modes the median of each of its rounds, as blocks.
func forkSummary(r *result.Run, b *result.Backing) {
	n := r.NumForks()
	if n < 2 {
		return
	}
	s := &b.Summary
	s.ForkP50NS = make([]float64, n)
	los, his, ok := make([]float64, n), make([]float64, n), make([]bool, n)
	ns := b.Frames.NS
	var frames, blocks, block []float64
	for k := range n {
		frames, blocks = frames[:0], blocks[:0]
		lo, hi := r.ForkSpan(k)
		for _, rd := range r.Rounds {
			if rd.First < lo || rd.First >= hi {
				continue
			}
			block = block[:0]
			for f := rd.First; f < min(rd.First+rd.Frames, len(ns)); f++ {
				if r.Excluded(f) == result.Kept {
					block = append(block, float64(ns[f]))
				}
			}
			if len(block) > 0 {
				frames = append(frames, block...)
				blocks = append(blocks, symMedian(block))
			}
		}
		if len(frames) == 0 {
			continue
		}
		slices.Sort(frames)
		s.ForkP50NS[k] = stats.Quantile(frames, 0.5)
		los[k], his[k], ok[k] = forkInterval(blocks)
	}
	s.ForkSpread = spread(s.ForkP50NS)
	s.ForkModes = modes(los, his, ok)
}

// spread is (max − min) / median of the positive values of xs: how far apart the
// forks' figures lie, as a share of the typical one; 0 with fewer than two.
func spread(xs []float64) float64 {
	var pos []float64
	for _, x := range xs {
		if x > 0 {
			pos = append(pos, x)
		}
	}
	if len(pos) < 2 {
		return 0
	}
	m := symMedian(pos) // sorts pos
	return (pos[len(pos)-1] - pos[0]) / m
}
