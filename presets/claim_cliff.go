package presets

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// KindCliff: Backing's cost per entity steps up: its highest is Ratio times its
// lowest before it, the step read from the costs, not from where its bytes fill a
// cache (see answerCliff).
const KindCliff ClaimKind = "cliff"

var cliffKind = claimKind{
	name:  KindCliff,
	one:   true,
	check: positiveRatio,
	sweep: Claim.answerCliff,
	ask: func(c Claim, _ *Sweep) Question {
		return sweepQuestion(fmt.Sprintf("Your prediction: past the last-level cache, %s's cost per entity grows by how many times?", c.Backing))
	},
}

// answerCliff judges the shape of the backing's cost per entity over the sweep: its
// floor (the lowest cost before its highest), its peak (the highest), the steepest
// step between them, and what it does past the peak. The claim is the step up from
// floor to peak. Where the step lies is read from the costs, not from the working
// set: a working set here is the bytes the load left live, and objects scattered
// through the heap (the pointer array's) touch a cache line and a page each, so their
// working set is their address span, larger than their bytes; such a layout meets the
// last level's cliff before its bytes fill it, and the answer says so when the
// steepest step comes before that.
//
// A cache the system reported and the lab did not use (result.Cache.NotUsed) is not
// compared with, and the answer says so and why.
func (c Claim) answerCliff(s *result.Sweep) Answer {
	a := c.answerCliffUsed(s)
	var aside []string
	for _, x := range s.Caches {
		if !x.Used() {
			aside = append(aside, x.Text())
		}
	}
	if len(aside) > 0 {
		a.Measured += " (Not compared with: " + strings.Join(aside, "; ") + ".)"
	}
	return a
}

func (c Claim) answerCliffUsed(s *result.Sweep) Answer {
	llc, below, ok := cacheLevels(s.Caches)
	switch {
	case !ok && len(s.Caches) > 0:
		return Answer{Measured: "None of the caches this machine reports was used, so there is no last-level cache to compare with."}
	case !ok:
		return Answer{Measured: "This machine does not report its cache sizes (" + s.CachesNote + "), so there is no last-level cache to compare with."}
	}
	pts := measuredPoints(s, c.Backing)
	if len(pts) == 0 {
		return Answer{Measured: "Not measured yet: no point has " + c.Backing + "'s figures."}
	}
	last := pts[len(pts)-1]
	// The sweep must start with the bytes kept below the level under the last (a
	// scattered layout's span may never be: the pointer array's objects spread over
	// megabytes at ten thousand sprites), and reach past the last by its working set,
	// the span where it is larger.
	end, _ := last.pb.WorkingSet()
	switch {
	case pts[0].pb.WorkingSetBytes > float64(below.Bytes):
		return Answer{Measured: fmt.Sprintf("At every point measured, %s's working set is larger than the %s %s: start the sweep smaller.",
			c.Backing, units.Bytes(float64(below.Bytes)), below.Name)}
	case end <= float64(llc.Bytes):
		return Answer{Measured: fmt.Sprintf("%s's working set at %s (%s) still fits the %s %s: sweep further to see what happens past it.",
			c.Backing, valueAt(s, last.value), units.Bytes(end), units.Bytes(float64(llc.Bytes)), llc.Name)}
	case len(pts) < 3:
		return Answer{Measured: "Not measured yet: a cliff's shape needs three points with " + c.Backing + "'s figures."}
	}
	peak := 0
	for k, p := range pts {
		if p.pb.NSPerEntity > pts[peak].pb.NSPerEntity {
			peak = k
		}
	}
	if peak == 0 {
		m := fmt.Sprintf("Measured here: %s's cost per entity is highest at the smallest value, %s at %s, and never rises above it. From the first to the last",
			c.Backing, units.Duration(pts[0].pb.NSPerEntity), valueAt(s, pts[0].value))
		return c.change(m, pts[0].pb, last.pb)
	}
	floor := 0
	for k := range peak {
		if pts[k].pb.NSPerEntity < pts[floor].pb.NSPerEntity {
			floor = k
		}
	}
	steep := floor + 1
	for k := floor + 1; k <= peak; k++ {
		if pts[k].pb.NSPerEntity/pts[k-1].pb.NSPerEntity > pts[steep].pb.NSPerEntity/pts[steep-1].pb.NSPerEntity {
			steep = k
		}
	}
	f, p, st := pts[floor], pts[peak], pts[steep]
	m := fmt.Sprintf("Measured here: %s cost %s per entity at its lowest, at %s, and %s at its highest, at %s; its steepest step, %s, lies between %s and %s",
		c.Backing, units.Duration(f.pb.NSPerEntity), valueAt(s, f.value), units.Duration(p.pb.NSPerEntity), valueAt(s, p.value),
		units.Ratio(st.pb.NSPerEntity/pts[steep-1].pb.NSPerEntity), valueAt(s, pts[steep-1].value), valueAt(s, st.value))
	m += stepPlace(pts[steep-1].pb, st.pb, llc)
	fallsAfter := peak < len(pts)-1 && last.pb.NSPerEntityHi < p.pb.NSPerEntityLo
	if fallsAfter {
		m += fmt.Sprintf("; past its highest it falls again, to %s at %s (%s)", units.Duration(last.pb.NSPerEntity), valueAt(s, last.value),
			units.Ratio(last.pb.NSPerEntity/p.pb.NSPerEntity))
	}
	m += ". From the lowest to the highest"
	a := c.change(m, f.pb, p.pb)
	if fallsAfter {
		a.Verdict += " Past the step the cost does not keep climbing with the size: it falls again, so the cliff is a step where the working set outgrows a cache, not a slope."
	}
	return a
}

// stepPlace says where a cliff's steepest step, from the point before to the point
// at, lies against the last-level cache llc: the bytes kept and, where known, the
// address span on either side, and why a step inside the cache by its bytes is still
// a step past it.
func stepPlace(before, at *result.PointBacking, llc result.Cache) string {
	m := fmt.Sprintf(", where the bytes it keeps grow from %s to %s", units.Bytes(before.WorkingSetBytes), units.Bytes(at.WorkingSetBytes))
	spanKnown := before.SpanBytes > 0 && at.SpanBytes > 0
	if spanKnown {
		m += fmt.Sprintf(" and the addresses its frames visit span %s to %s", units.Bytes(before.SpanBytes), units.Bytes(at.SpanBytes))
	}
	switch llcB := float64(llc.Bytes); {
	case at.WorkingSetBytes <= llcB && spanKnown && at.SpanBytes > llcB:
		m += fmt.Sprintf(": still inside the %s %s by its bytes, past it by its address span, as a layout whose entities lie scattered through the heap "+
			"touches a cache line and a page for each, more memory than it keeps, and the caches must hold that", units.Bytes(llcB), llc.Name)
	case at.WorkingSetBytes <= llcB && !spanKnown:
		m += fmt.Sprintf(", still inside the %s %s by its bytes: a layout whose entities lie scattered through the heap touches a cache line and a page "+
			"for each, more memory than it keeps (its address span, which Layout shows), and the caches must hold that", units.Bytes(llcB), llc.Name)
	}
	return m
}

// cacheLevels returns the largest of the caches the lab used and the one below it by
// size (the largest itself when it is the only one).
func cacheLevels(cs []result.Cache) (llc, below result.Cache, ok bool) {
	cs = slices.DeleteFunc(slices.Clone(cs), func(c result.Cache) bool { return !c.Used() })
	if len(cs) == 0 {
		return result.Cache{}, result.Cache{}, false
	}
	sorted := slices.SortedFunc(slices.Values(cs), func(a, b result.Cache) int { return cmp.Compare(a.Bytes, b.Bytes) })
	llc, below = sorted[len(sorted)-1], sorted[len(sorted)-1]
	if len(sorted) > 1 {
		below = sorted[len(sorted)-2]
	}
	return llc, below, true
}
