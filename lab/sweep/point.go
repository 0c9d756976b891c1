package sweep

import (
	"slices"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/stats"
)

// pointOf reduces the run at value v to the point a sweep keeps: per backing its
// frame-time figures, cost per entity with an interval, footprint and ratio, and the
// ratio of every pair of backings.
func pointOf(r *result.Run, v int64) result.Point {
	p := result.Point{Value: v, Warmup: r.Warmup, Rounds: len(r.Rounds), Measured: measuredRounds(r),
		Backings: make([]result.PointBacking, len(r.Backings)), Pairs: []result.Ratio{}}
	for i := range r.Backings {
		b := &r.Backings[i]
		p.Entities = max(p.Entities, b.Load.Entities)
		p.Frames = max(p.Frames, b.Frames.Len())
	}
	for i := range r.Backings {
		p.Backings[i] = backingOf(r, i, p.Entities)
	}
	for i := range r.Backings {
		for j := i + 1; j < len(r.Backings); j++ {
			if !p.Backings[i].Measured() || !p.Backings[j].Measured() {
				continue
			}
			if q, err := lab.Compare(r, r.Backings[i].Name, r.Backings[j].Name); err == nil {
				p.Pairs = append(p.Pairs, q)
			}
		}
	}
	return p
}

// backingOf is backing i's part of a point of n entities.
func backingOf(r *result.Run, i, n int) result.PointBacking {
	b := &r.Backings[i]
	s := &b.Summary
	pb := result.PointBacking{Name: b.Name, Error: b.Error, BytesPerEntity: b.Load.BytesPerEntity}
	if n > 0 {
		pb.WorkingSetBytes = b.Load.BytesPerEntity * float64(n)
	}
	if s.Measured == 0 || n == 0 {
		return pb
	}
	pb.P50NS, pb.P95NS, pb.AllocsPerFrame = s.P50NS, s.P95NS, s.AllocsPerFrame
	en := float64(n)
	pb.NSPerEntity = s.P50NS / en
	lo, hi := roundInterval(r, i)
	pb.NSPerEntityLo, pb.NSPerEntityHi = lo/en, hi/en
	for k := range r.Ratios {
		if q := r.Ratios[k]; q.Backing == b.Name {
			pb.Ratio = &q
		}
	}
	return pb
}

// roundInterval is the 95% interval of backing i's median frame time over the
// rounds, as the ratios' intervals are taken (lab.Summarize): the median of each
// round's kept frames, then a distribution-free interval of the median over those.
// Below six rounds no interval reaches 95%, and the rounds' range stands in for it.
func roundInterval(r *result.Run, i int) (lo, hi float64) {
	ns := r.Backings[i].Frames.NS
	var meds, in []float64
	for _, rd := range r.Rounds {
		in = in[:0]
		for f := rd.First; f < min(rd.First+rd.Frames, len(ns)); f++ {
			if r.Excluded(f) == result.Kept {
				in = append(in, float64(ns[f]))
			}
		}
		if len(in) > 0 {
			slices.Sort(in)
			meds = append(meds, stats.Quantile(in, 0.5))
		}
	}
	if len(meds) == 0 {
		return 0, 0
	}
	slices.Sort(meds)
	if !stats.Reaches(len(meds), lab.Confidence) {
		return meds[0], meds[len(meds)-1]
	}
	_, lo, hi = stats.MedianCI(meds, lab.Confidence)
	return lo, hi
}
