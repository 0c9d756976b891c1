package probe

import (
	"math"
	"slices"

	"localitylab/lab/result"
	"localitylab/lab/stats"
)

// The shape of a plateau.
const (
	// minSpan is the least a plateau spans, largest working set over smallest: a
	// third of a doubling (three points of a full ladder, one of them perhaps a
	// point added where it climbs; two of a short one). Fewer points at one latency
	// are a step's way up, not a level. At a load of 35 the development VM's L3
	// held three points from 861 KiB to 1.09 MiB, all it kept of its 32 MiB.
	minSpan = 1.25
	// shoulderRise and shoulderSpan tell a shoulder from a level: of two
	// neighbouring plateaus less than shoulderRise times apart in latency, the one
	// of the shorter span is a pause on the way up between two levels (the cache
	// half missing, where the other hyperthread or another guest takes part of it),
	// not a level of its own, when it spans less than shoulderSpan. A cache is at
	// least twice as slow as the one below it (L1 to L2 about three times on the
	// machines the lab was tried on), and the steps a TLB's reach makes with small
	// pages span two doublings or more; the shoulders of the development VM's busy
	// ladders spanned one doubling at most.
	shoulderRise = 2.0
	shoulderSpan = 3.0
	// memoryRise is the rise that separates memory from the last cache: the tail of
	// the ladder past its last rise of more than twice (from the highest of one
	// plateau to the lowest of the next, smoothed) is memory, whatever steps it
	// holds (the TLB's reach, past which each load also walks the page tables).
	memoryRise = 2.0
	// maxSlope is the steepest a plateau rises or falls: less than 1.5× per
	// doubling of its working sets (2^0.6, the slope of log latency on log size, by
	// least squares). A steeper rise is the way up from one level to the next,
	// drawn out where another core's work takes part of a shared cache; a steeper
	// fall, a run of points that other work threw high and then let go (a larger
	// working set never reads faster for its size). An L3 that holds none of what
	// the L2 holds (AMD's) climbs by itself past the L2's step, as the L2's share of
	// the working set falls: on the development VM, busy, from 12.6 to 16.2 ns over
	// 512 to 861 KiB, a slope of about a half, which √2 a doubling left no level.
	maxSlope = 0.6
)

// span is a run of the ladder's points, first to last inclusive.
type span struct{ first, last int }

// findLevels reads the ladder's plateaus: runs of working sets whose latency stays
// within result.ProbeStep of the run's lowest. A run spanning less than minSpan, or
// rising or falling more steeply than maxSlope, is not a level and is left out; two
// plateaus less than a step apart with a blip between them are one (mergeClose).
// Where the ladder reaches memory (reachesMemory), its tail from the last rise of
// more than memoryRise is memory, which it returns apart; else every plateau is
// returned as a level and memory is nil. Shoulders (dropShoulders) and a share
// flickering (dropFlickers) are no levels. Each level's size is its step's centre
// (stepAt), its latency read from the points inside it (readInside).
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
		if j == len(s)-1 && reachesMemory {
			kept = append(kept, span{i, j})
			break
		}
		// The run, or the longest part of it from its first point that is a
		// plateau: a flat whose last points are the start of the way up to the
		// next level, within a step of it, is still a plateau.
		for j > i && !flat(ladder, s, span{i, j}) {
			j--
		}
		if j > i {
			kept = append(kept, span{i, j})
			i = j + 1
			continue
		}
		// Not a plateau: the next run starts one point on, not past this one, so
		// that the foot of a way up glued to the flat above it does not hide it.
		i++
	}
	kept = mergeClose(kept, ns)
	memoryFirst := -1
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
		memory, memoryFirst = &l, m.first
	}
	kept = dropFlickers(dropShoulders(kept, ladder, s), ladder, ns)
	for i, k := range kept {
		l := levelOf(ladder, ns, k)
		next, nextNS := -1, 0.0
		switch {
		case i+1 < len(kept):
			next, nextNS = kept[i+1].first, medianOf(ns[kept[i+1].first:kept[i+1].last+1])
		case memory != nil:
			next, nextNS = memoryFirst, memory.NS
		}
		if next > k.last {
			l.SizeBytes = stepAt(ladder, s, k.last, next, math.Sqrt(l.NS*nextNS))
		}
		levels = append(levels, l)
	}
	readInside(ladder, levels)
	return levels, memory
}

// flat says that the run k of the ladder (s smoothed) is a plateau as its shape
// goes: it spans minSpan or more, and rises or falls less steeply than maxSlope.
func flat(ladder []result.LadderPoint, s []float64, k span) bool {
	return float64(ladder[k.last].Bytes) >= minSpan*float64(ladder[k.first].Bytes) && math.Abs(slope(ladder, s, k)) < maxSlope
}

// dropFlickers leaves out each plateau most of whose points read the plateau below
// it in some of their repetitions: the low end of their 95% interval lies within a
// step (result.ProbeStep) of the median of the plateau below. It is no level but a
// cache's share coming and going while its points were measured, each point's
// median a draw between that cache and what lies past it (on the development VM,
// three points at 26 to 47 ns, their intervals from 20 ns, above an L3 at 16 ns).
// Points without an interval (Lo zero, in a hand-made ladder) read nothing below.
func dropFlickers(kept []span, ladder []result.LadderPoint, ns []float64) []span {
	out := kept[:0:0]
	for _, k := range kept {
		if n := len(out); n > 0 {
			below, reads := medianOf(ns[out[n-1].first:out[n-1].last+1]), 0
			for _, q := range ladder[k.first : k.last+1] {
				if q.Lo > 0 && q.Lo < result.ProbeStep*below {
					reads++
				}
			}
			if 2*reads > k.last-k.first+1 {
				continue
			}
		}
		out = append(out, k)
	}
	return out
}

// dropShoulders leaves out each plateau that is a shoulder (see shoulderRise),
// the shortest first: its points then belong to the way up, which stepAt reads.
// A plateau's latency here is the median of ns smoothed (the caller's s), so that
// one point thrown off does not make a short plateau a shoulder (a short probe's
// L1d of two points, one of them thrown to 2.6 ns, read 2.1 ns, under half its
// L2's 4.2).
func dropShoulders(kept []span, ladder []result.LadderPoint, ns []float64) []span {
	width := func(k span) float64 { return float64(ladder[k.last].Bytes) / float64(ladder[k.first].Bytes) }
	level := func(k span) float64 { return medianOf(ns[k.first : k.last+1]) }
	for {
		drop := -1
		for i := 0; i+1 < len(kept); i++ {
			a, b := kept[i], kept[i+1]
			if level(b) >= shoulderRise*level(a) {
				continue
			}
			short := i
			if width(b) < width(a) {
				short = i + 1
			}
			if width(kept[short]) < shoulderSpan && (drop < 0 || width(kept[short]) < width(kept[drop])) {
				drop = short
			}
		}
		if drop < 0 {
			return kept
		}
		kept = slices.Delete(slices.Clone(kept), drop, drop+1)
	}
}

// stepAt is where the step from one plateau up to the next lies: the working set at
// which the smoothed latency s first reaches target (halfway between the two
// plateaus' latencies on a log scale), between the points from and to,
// interpolated on log latency against log size between the two points around it.
// Where the way up is drawn out (another core's work takes part of the cache) the
// plateau's last point is where the cache began to miss, this is where half the
// way up is climbed: the size of the cache this core gets, as the step's centre
// says it. It is to's working set where s never reaches target before it.
func stepAt(ladder []result.LadderPoint, s []float64, from, to int, target float64) int64 {
	for j := from + 1; j <= to; j++ {
		if s[j] < target {
			continue
		}
		a, b := math.Log(s[j-1]), math.Log(s[j])
		t := 1.0
		if b > a {
			t = (math.Log(target) - a) / (b - a)
		}
		x0, x1 := math.Log(float64(ladder[j-1].Bytes)), math.Log(float64(ladder[j].Bytes))
		return int64(math.Round(math.Exp(x0 + max(0, min(1, t))*(x1-x0))))
	}
	return ladder[to].Bytes
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

// apart is how many times the larger of a and b is the smaller.
func apart(a, b float64) float64 { return max(a, b) / min(a, b) }

// maxBlip is the most points between two plateaus that mergeClose takes for a
// blip of noise: two, which the smoothing (a running median of three) leaves.
const maxBlip = 2

// mergeClose joins neighbouring plateaus whose latencies are less than a step apart
// and that at most maxBlip points keep apart: a blip of noise had split them. A
// longer run between them is not noise but a level of its own or a way up (where a
// shared cache's share came and went, the development VM's L3 read 14 ns, then
// 70 ns for six points, then 19 ns), which joined to them would make one plateau
// whose highest point is a way up's.
func mergeClose(kept []span, ns []float64) []span {
	var out []span
	for _, k := range kept {
		if n := len(out); n > 0 && k.first-out[n-1].last-1 <= maxBlip &&
			apart(medianOf(ns[k.first:k.last+1]), medianOf(ns[out[n-1].first:out[n-1].last+1])) < result.ProbeStep {
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
