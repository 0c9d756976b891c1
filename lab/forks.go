package lab

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
// test for modes: two forks of four blocks each whose ranges do not overlap happen by
// chance with probability 2/70 (under 3%) when the forks do not differ; below four the
// chance is too high (2/20 at three) to call two modes.
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

// forkRatios returns, per fork of r, the median over its blocks of the ratios at/bt
// (see blockRatios; 0 for a fork where the two share no kept frame), and whether two
// forks' intervals are disjoint (modes).
func forkRatios[T int64 | uint64](r *result.Run, at, bt []T) (medians []float64, twoModes bool) {
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

// JoinForks joins runs of the same setup, each measured as a run of one fork (a
// sweep measures a point in passes, one fork per pass, so that its points interleave
// in time), into one run of those forks, summarised: the frames laid end to end, the
// rounds moved to match, each backing's load the median fork's, and each fork's
// conditions (frame CPU, pages) kept as that fork's record. A run that kept no
// frame past its warm-up (stopped early) adds nothing. A backing whose worker failed
// in one fork keeps the frames it ran until then and its error, and nothing of the
// forks after, as in a run of several forks. The runs must share their workload,
// backings (in order) and parameters; the first one's record (host, counters, start)
// is the joined run's.
func JoinForks(runs []*result.Run) *result.Run {
	first := runs[0]
	r := &result.Run{Schema: result.Schema, Title: first.Title, Workload: first.Workload, Params: first.Params.Clone(),
		Cache: first.Cache, CacheNote: first.CacheNote, Counters: first.Counters, Host: first.Host,
		Started: first.Started, Backings: make([]result.Backing, len(first.Backings))}
	nb := len(first.Backings)
	loads, cpus, pages := make([][]result.Load, nb), make([][]result.FrameCPU, nb), make([][]result.Pages, nb)
	var pinned []string
	for i, b := range first.Backings {
		r.Backings[i] = result.Backing{Name: b.Name, Frames: result.Series{}}
	}
	for _, f := range runs {
		n := 0
		for _, rd := range f.Rounds {
			n += rd.Frames
		}
		if n <= f.Warmup || len(f.Backings) != len(r.Backings) {
			continue
		}
		at := r.Frames
		r.Forks = append(r.Forks, result.Fork{First: at, Frames: n, Warmup: f.Warmup})
		for _, rd := range f.Rounds {
			r.Rounds = append(r.Rounds, result.Round{First: at + rd.First, Frames: rd.Frames, Order: slices.Clone(rd.Order)})
		}
		r.Frames += n
		r.Warmup += f.Warmup
		pinned = append(pinned, f.Pinned)
		for i := range r.Backings {
			b, fb := &r.Backings[i], &f.Backings[i]
			loads[i] = append(loads[i], result.Load{})
			cpus[i], pages[i] = append(cpus[i], result.FrameCPU{}), append(pages[i], result.Pages{})
			if b.Error != "" {
				continue
			}
			loads[i][len(loads[i])-1] = fb.Load
			if c := fb.FrameCPUs(); len(c) == 1 {
				cpus[i][len(cpus[i])-1] = c[0]
			}
			if p := fb.PagesByFork(); len(p) == 1 {
				pages[i][len(pages[i])-1] = p[0]
			}
			if b.Frames.Len() == at { // every fork so far ran whole: the frames line up
				result.AppendSeries(&b.Frames, &fb.Frames)
			}
			b.Error = fb.Error
		}
	}
	for i := range r.Backings {
		r.Backings[i].Load, r.Backings[i].ForkLoadNS = forkLoads(loads[i])
		r.Backings[i].SetConditions(cpus[i], pages[i])
	}
	r.Pinned = pinnedText(pinned)
	if len(r.Forks) == 1 {
		r.Forks = nil
	}
	Summarize(r)
	return r
}
