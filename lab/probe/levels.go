package probe

import (
	"math"
	"slices"

	"localitylab/lab/result"
	"localitylab/lab/stats"
)

// The shape of a plateau.
const (
	// minSpan is the least a plateau spans, largest working set over smallest: half
	// a doubling (three points of a full ladder, two of a short one). Fewer points
	// at one latency are a step's way up, not a level.
	minSpan = 1.3
	// memoryRise is the rise that separates memory from the last cache: the tail of
	// the ladder past its last rise of more than twice (from the highest of one
	// plateau to the lowest of the next, smoothed) is memory, whatever steps it
	// holds (the TLB's reach, past which each load also walks the page tables).
	memoryRise = 2.0
	// maxSlope is the steepest a plateau rises: less than √2 per doubling of its
	// working sets (the slope of log latency on log size, by least squares). A
	// steeper run is the way up from one level to the next, drawn out where another
	// core's work takes part of a shared cache.
	maxSlope = 0.5
)

// span is a run of the ladder's points, first to last inclusive.
type span struct{ first, last int }

// findLevels reads the ladder's plateaus: runs of working sets whose latency stays
// within result.ProbeStep of the run's lowest. A run spanning less than minSpan, or
// rising more steeply than maxSlope, is a step's way up and is left out; two plateaus less than a step apart are one (a
// blip of noise had split it). Where the ladder reaches memory (reachesMemory), its
// tail from the last rise of more than memoryRise is memory, which it returns
// apart; else every plateau is returned as a level and memory is nil.
func findLevels(ladder []result.LadderPoint, reachesMemory bool) (levels []result.ProbeLevel, memory *result.ProbeLevel) {
	if len(ladder) == 0 {
		return nil, nil
	}
	ns := make([]float64, len(ladder))
	for i, p := range ladder {
		ns[i] = p.NS
	}
	s := smooth(ns)
	var kept []span
	for i := 0; i < len(s); {
		lo, j := s[i], i
		for j+1 < len(s) && s[j+1] <= lo*result.ProbeStep {
			j++
			lo = min(lo, s[j])
		}
		last := j == len(s)-1
		wide := float64(ladder[j].Bytes) >= minSpan*float64(ladder[i].Bytes) && slope(ladder, s, span{i, j}) < maxSlope
		if wide || (last && reachesMemory) {
			kept = append(kept, span{i, j})
		}
		i = j + 1
	}
	kept = mergeClose(kept, ns)
	if reachesMemory && len(kept) > 0 && kept[len(kept)-1].last == len(ladder)-1 {
		m := kept[len(kept)-1]
		kept = kept[:len(kept)-1]
		for len(kept) > 0 {
			prev := kept[len(kept)-1]
			if slices.Min(s[m.first:m.last+1]) > memoryRise*slices.Max(s[prev.first:prev.last+1]) {
				break
			}
			m.first = prev.first
			kept = kept[:len(kept)-1]
		}
		l := levelOf(ladder, ns, m)
		l.Name = "memory"
		memory = &l
	}
	for _, k := range kept {
		levels = append(levels, levelOf(ladder, ns, k))
	}
	return levels, memory
}

// slope is the least-squares slope of log latency (s, smoothed) on log working set
// over k.
func slope(ladder []result.LadderPoint, s []float64, k span) float64 {
	var n, sx, sy, sxx, sxy float64
	for i := k.first; i <= k.last; i++ {
		x, y := math.Log2(float64(ladder[i].Bytes)), math.Log2(s[i])
		n, sx, sy, sxx, sxy = n+1, sx+x, sy+y, sxx+x*x, sxy+x*y
	}
	d := n*sxx - sx*sx
	if d <= 0 {
		return 0
	}
	return (n*sxy - sx*sy) / d
}

// mergeClose joins neighbouring plateaus whose latencies are less than a step apart.
func mergeClose(kept []span, ns []float64) []span {
	var out []span
	for _, k := range kept {
		if n := len(out); n > 0 && medianOf(ns[k.first:k.last+1]) < result.ProbeStep*medianOf(ns[out[n-1].first:out[n-1].last+1]) {
			out[n-1].last = k.last
			continue
		}
		out = append(out, k)
	}
	return out
}

// levelOf is the plateau k as a level: its working sets, and the median, lowest and
// highest of its points' latencies.
func levelOf(ladder []result.LadderPoint, ns []float64, k span) result.ProbeLevel {
	pts := ns[k.first : k.last+1]
	return result.ProbeLevel{
		FromBytes: ladder[k.first].Bytes, Bytes: ladder[k.last].Bytes,
		NS: medianOf(pts), Lo: slices.Min(pts), Hi: slices.Max(pts), Points: len(pts),
	}
}

// smooth is the running median of three of xs (the ends kept): one point that an
// interruption or a neighbour's burst of work threw far off cannot start or end a
// plateau by itself.
func smooth(xs []float64) []float64 {
	out := slices.Clone(xs)
	for i := 1; i+1 < len(xs); i++ {
		w := []float64{xs[i-1], xs[i], xs[i+1]}
		slices.Sort(w)
		out[i] = w[1]
	}
	return out
}

func medianOf(xs []float64) float64 {
	return stats.Quantile(slices.Sorted(slices.Values(xs)), 0.5)
}
