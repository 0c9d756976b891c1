package sweep

import (
	"math/rand/v2"
	"slices"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/stats"
	"localitylab/lab/summary"
)

// pointOf reduces the run at value v to the point a sweep keeps: per backing its
// frame-time figures, cost per entity with an interval, footprint and ratio, and the
// ratio of every pair of backings.
func pointOf(r *result.Run, v int64) result.Point {
	p := result.Point{Value: v, Warmup: r.Warmup, Rounds: len(r.Rounds), Measured: measuredRounds(r),
		Backings: make([]result.PointBacking, len(r.Backings)), Pairs: []result.Ratio{}}
	if n := r.NumForks(); n > 1 {
		p.Forks = n
	}
	for i := range r.Backings {
		b := &r.Backings[i]
		p.Entities = max(p.Entities, b.Load.Entities)
		p.Frames = max(p.Frames, b.Frames.Len())
	}
	for i := range r.Backings {
		p.Backings[i] = backingOf(r, i, p.Entities, v)
	}
	for i := range r.Backings {
		for j := i + 1; j < len(r.Backings); j++ {
			if !p.Backings[i].Measured() || !p.Backings[j].Measured() {
				continue
			}
			if q, err := summary.Ratio(r, r.Backings[i].Name, r.Backings[j].Name); err == nil {
				p.Pairs = append(p.Pairs, q)
			}
		}
	}
	return p
}

// backingOf is backing i's part of a point of n entities.
func backingOf(r *result.Run, i, n int, v int64) result.PointBacking {
	b := &r.Backings[i]
	s := &b.Summary
	pb := result.PointBacking{Name: b.Name, Error: b.Error, BytesPerEntity: b.Load.BytesPerEntity,
		Interrupted: s.Interrupted, MeasuredFrames: s.Measured, ForkPages: slices.Clone(b.ForkPages),
		ForkFrameCPU: slices.Clone(b.ForkFrameCPU)}
	if b.Pages != nil {
		pg := *b.Pages
		pb.Pages = &pg
	}
	if b.FrameCPU != nil {
		fc := *b.FrameCPU
		pb.FrameCPU = &fc
	}
	if n > 0 {
		pb.WorkingSetBytes = b.Load.BytesPerEntity * float64(n)
	}
	if s.Measured == 0 || n == 0 {
		return pb
	}
	pb.P50NS, pb.P95NS, pb.AllocsPerFrame = s.P50NS, s.P95NS, s.AllocsPerFrame
	gcOf(r, i, &pb)
	en := float64(n)
	pb.NSPerEntity = s.P50NS / en
	lo, hi := medianInterval(keptByRound(r, i, -1), s.P50NS, uint64(v), i)
	if n := len(s.ForkP50NS); n > 1 {
		pb.ForkNSPerEntity, pb.ForkModes = make([]float64, n), s.ForkModes
		pb.ForkNSPerEntityLo, pb.ForkNSPerEntityHi = make([]float64, n), make([]float64, n)
		for k, x := range s.ForkP50NS {
			if x <= 0 {
				continue
			}
			flo, fhi := medianInterval(keptByRound(r, i, k), x, uint64(v), 1000+i*lab.MaxForks+k)
			pb.ForkNSPerEntity[k], pb.ForkNSPerEntityLo[k], pb.ForkNSPerEntityHi[k] = x/en, flo/en, fhi/en
			lo, hi = min(lo, x), max(hi, x) // the interval holds every fork's own median, as a ratio's does
		}
	}
	pb.NSPerEntityLo, pb.NSPerEntityHi = lo/en, hi/en
	for k := range r.Ratios {
		if q := r.Ratios[k]; q.Backing == b.Name {
			pb.Ratio = &q
		}
	}
	return pb
}

// gcOf puts backing i's collector figures into its point: those its summary charges
// over every frame it ran (CPU per frame, cycles, the p99 with the wait for each
// collection), the stop-the-world pauses per frame over the same frames, and, for a
// point of several forks, the CPU per frame in each fork, which a verdict that takes
// in the collector's bill judges pass by pass.
func gcOf(r *result.Run, i int, pb *result.PointBacking) {
	b := &r.Backings[i]
	s := &b.Summary
	pb.GCCPUNSPerFrame, pb.GCCycles, pb.GCCyclesPer1000, pb.P99WithGCNS = s.GCCPUNSPerFrame, s.GCCycles, s.GCCyclesPer1000, s.P99WithGCNS
	if n := len(b.Frames.GCPauseNS); n > 0 {
		var pause float64
		for _, x := range b.Frames.GCPauseNS {
			pause += float64(x)
		}
		pb.GCPauseNSPerFrame = pause / float64(n)
	}
	if k := r.NumForks(); k > 1 && b.Frames.GCCPUNS != nil {
		pb.ForkGCCPUNSPerFrame = make([]float64, k)
		for f := range k {
			lo, hi := r.ForkSpan(f)
			hi = min(hi, len(b.Frames.GCCPUNS))
			var cpu float64
			for x := lo; x < hi; x++ {
				cpu += float64(b.Frames.GCCPUNS[x])
			}
			if hi > lo {
				pb.ForkGCCPUNSPerFrame[f] = cpu / float64(hi-lo)
			}
		}
	}
}

// resamples is how many times medianInterval resamples a point's rounds: enough
// that the 2.5th and 97.5th percentiles of the medians settle to a few parts in a
// hundred, few enough that a point's summary takes milliseconds.
const resamples = 400

// medianInterval is the 95% interval of a backing's median frame time p50 (the
// summary's, over every kept frame of the rounds given: a point's, or one fork's), by
// a bootstrap over the rounds (which backingOf widens, for a point of several forks,
// to hold each fork's own median): draw as many rounds as were given, with
// replacement, pool their kept frames, take the median, 400 times, and keep the middle
// 95% of those medians. Frames of one round share the machine's state of that moment,
// so it is the rounds that are resampled, and the interval covers the drift from one
// round to the next that a rerun would see, around the same median the table shows
// (an interval of the rounds' medians would not contain it when rounds of different
// lengths ran at different paces). Below six rounds the rounds are too few to
// resample, and the range of their medians and the median stands in. The resampling
// is seeded by the point and stream, so the same run gives the same interval.
func medianInterval(rounds [][]float64, p50 float64, seed uint64, stream int) (lo, hi float64) {
	if len(rounds) == 0 {
		return 0, 0
	}
	if !stats.Reaches(len(rounds), summary.Confidence) {
		lo, hi = p50, p50
		for _, fs := range rounds {
			m := stats.Quantile(fs, 0.5)
			lo, hi = min(lo, m), max(hi, m)
		}
		return lo, hi
	}
	rng := rand.New(rand.NewPCG(seed, uint64(stream)))
	meds := make([]float64, resamples)
	var pool []float64
	for b := range meds {
		pool = pool[:0]
		for range rounds {
			pool = append(pool, rounds[rng.IntN(len(rounds))]...)
		}
		slices.Sort(pool)
		meds[b] = stats.Quantile(pool, 0.5)
	}
	slices.Sort(meds)
	alpha := (1 - summary.Confidence) / 2
	return stats.Quantile(meds, alpha), stats.Quantile(meds, 1-alpha)
}

// keptByRound is backing i's kept frame times, sorted, per round of fork (every fork
// when fork < 0) that has any.
func keptByRound(r *result.Run, i, fork int) [][]float64 {
	ns := r.Backings[i].Frames.NS
	var out [][]float64
	for _, rd := range r.Rounds {
		if fork >= 0 && r.ForkOf(rd.First) != fork {
			continue
		}
		var in []float64
		for f := rd.First; f < min(rd.First+rd.Frames, len(ns)); f++ {
			if r.Excluded(f) == result.Kept {
				in = append(in, float64(ns[f]))
			}
		}
		if len(in) > 0 {
			slices.Sort(in)
			out = append(out, in)
		}
	}
	return out
}
