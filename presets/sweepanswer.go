package presets

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// AnswerSweep puts what sweep s measured beside a claim about a sweep. A nil sweep
// answers nothing; a claim about a single run says it needs one.
func (c Claim) AnswerSweep(s *result.Sweep) Answer {
	if s == nil {
		return Answer{}
	}
	switch c.Metric {
	case "growth":
		return c.answerGrowth(s)
	case "cliff":
		return c.answerCliff(s)
	case "crossing":
		return c.answerCrossing(s)
	}
	return Answer{Measured: "This claim is answered by a single run, not by a sweep: run the lesson with Run."}
}

// AnswerSweepClaims answers each claim about a sweep whose backings s measured, in
// order.
func AnswerSweepClaims(claims []Claim, s *result.Sweep) []Answered {
	var out []Answered
	for _, c := range ClaimsAbout(claims, s.Backings) {
		if c.OfSweep() {
			out = append(out, Answered{c, c.AnswerSweep(s)})
		}
	}
	return out
}

// at is one backing's figure at one point.
type at struct {
	value int64
	pb    *result.PointBacking
}

// measuredPoints are the points where backing has figures, in order.
func measuredPoints(s *result.Sweep, backing string) []at {
	i := slices.Index(s.Backings, backing)
	var out []at
	for k := range s.Points {
		p := &s.Points[k]
		if i >= 0 && i < len(p.Backings) && p.Backings[i].Measured() && p.Backings[i].Error == "" {
			out = append(out, at{p.Value, &p.Backings[i]})
		}
	}
	return out
}

// answerGrowth compares the backing's cost per entity at the sweep's last value
// with its cost at the first.
func (c Claim) answerGrowth(s *result.Sweep) Answer {
	pts := measuredPoints(s, c.Backing)
	if len(pts) < 2 {
		return Answer{Measured: "Not measured yet: the sweep needs two points with " + c.Backing + "'s figures."}
	}
	first, last := pts[0], pts[len(pts)-1]
	m := fmt.Sprintf("Measured here: %s cost %s per entity at %s and %s at %s",
		c.Backing, units.Duration(first.pb.NSPerEntity), valueAt(s, first.value), units.Duration(last.pb.NSPerEntity), valueAt(s, last.value))
	return c.change(m, first.pb, last.pb)
}

// answerCliff compares the backing's cost per entity where its working set fits the
// caches below the last level (L2 here) with its cost at the sweep's largest value,
// past the last-level cache, and quotes the last point that still fits the last
// level between them. The first of the three is the one compared, rather than the
// last point inside L3: a working set is the bytes the load left live, and objects
// scattered through the heap (the pointer array's) touch a cache line and a page each,
// so they meet the last level's cliff before their bytes fill it.
func (c Claim) answerCliff(s *result.Sweep) Answer {
	llc, below, ok := cacheLevels(s.Caches)
	if !ok {
		return Answer{Measured: "This machine does not report its cache sizes (" + s.CachesNote + "), so there is no last-level cache to compare with."}
	}
	pts := measuredPoints(s, c.Backing)
	if len(pts) == 0 {
		return Answer{Measured: "Not measured yet: no point has " + c.Backing + "'s figures."}
	}
	inside, inLLC := -1, -1 // the last points inside the level below the last, and inside the last
	for k, p := range pts {
		if p.pb.WorkingSetBytes <= float64(below.Bytes) {
			inside = k
		}
		if p.pb.WorkingSetBytes <= float64(llc.Bytes) {
			inLLC = k
		}
	}
	last := pts[len(pts)-1]
	switch {
	case inside < 0:
		return Answer{Measured: fmt.Sprintf("At every point measured, %s's working set is larger than the %s %s: start the sweep smaller.",
			c.Backing, units.Bytes(float64(below.Bytes)), below.Name)}
	case inLLC == len(pts)-1:
		return Answer{Measured: fmt.Sprintf("%s's working set at %s (%s) still fits the %s %s: sweep further to see what happens past it.",
			c.Backing, valueAt(s, last.value), units.Bytes(last.pb.WorkingSetBytes), units.Bytes(float64(llc.Bytes)), llc.Name)}
	}
	in := pts[inside]
	m := fmt.Sprintf("Measured here: %s cost %s per entity at %s, its working set (%s) inside the %s %s",
		c.Backing, units.Duration(in.pb.NSPerEntity), valueAt(s, in.value), units.Bytes(in.pb.WorkingSetBytes),
		units.Bytes(float64(below.Bytes)), below.Name)
	if inLLC > inside {
		l := pts[inLLC]
		m += fmt.Sprintf("; %s at %s, the last point whose working set (%s) fits the %s %s",
			units.Duration(l.pb.NSPerEntity), valueAt(s, l.value), units.Bytes(l.pb.WorkingSetBytes), units.Bytes(float64(llc.Bytes)), llc.Name)
	}
	m += fmt.Sprintf("; and %s at %s (%s, past it). From the first to the last",
		units.Duration(last.pb.NSPerEntity), valueAt(s, last.value), units.Bytes(last.pb.WorkingSetBytes))
	return c.change(m, in.pb, last.pb)
}

// change finishes a growth or cliff answer: the factor from one point to the other,
// the range the two points' intervals allow for it, and the verdict. The points'
// figures hold every pass of the sweep (a fork of each point per pass, the passes in
// alternating order), so a drift of the machine is not read as a growth. Each pass is
// also judged on its own (its factor, and the range its forks' own intervals allow),
// and the verdict is given only when no pass bears the claim out while another
// contradicts it.
func (c Claim) change(measured string, from, to *result.PointBacking) Answer {
	f := to.NSPerEntity / from.NSPerEntity
	lo, hi := to.NSPerEntityLo/from.NSPerEntityHi, to.NSPerEntityHi/from.NSPerEntityLo
	measured += fmt.Sprintf(": %s (%s to %s within the two points' intervals).", units.Ratio(f), bare(lo), bare(hi))
	_, v := c.judgeChange(lo, hi)
	passes := passChanges(from, to)
	if len(passes) < 2 {
		return Answer{Measured: measured, Verdict: v}
	}
	names := make([]string, len(passes))
	var yes, no []float64
	for p, pc := range passes {
		names[p] = units.Ratio(pc.f)
		switch k, _ := c.judgeChange(pc.lo, pc.hi); k {
		case holds:
			yes = append(yes, pc.f)
		case fails:
			no = append(no, pc.f)
		}
	}
	measured = strings.TrimSuffix(measured, ".") + fmt.Sprintf("; pass by pass %s.", strings.Join(names, ", "))
	if len(yes) > 0 && len(no) > 0 {
		v = fmt.Sprintf("Unsettled on this machine: judged on its own, a pass that gave %s bears the claim out and one that gave %s "+
			"does not. Run the sweep again, or on a quieter machine.", units.Ratio(yes[0]), units.Ratio(no[0]))
	}
	return Answer{Measured: measured, Verdict: v}
}

// passChange is the factor from one point to another in one pass of a sweep, and the
// range the two forks' own intervals allow for it.
type passChange struct{ f, lo, hi float64 }

// passChanges are the factors of every pass of the sweep that measured both points
// (a fork of each); none for a sweep of one pass.
func passChanges(from, to *result.PointBacking) []passChange {
	var out []passChange
	n := min(len(from.ForkNSPerEntity), len(to.ForkNSPerEntity), len(from.ForkNSPerEntityLo), len(to.ForkNSPerEntityLo))
	for p := range n {
		a, b := from.ForkNSPerEntity[p], to.ForkNSPerEntity[p]
		if a > 0 && b > 0 && from.ForkNSPerEntityLo[p] > 0 && to.ForkNSPerEntityLo[p] > 0 {
			out = append(out, passChange{b / a, to.ForkNSPerEntityLo[p] / from.ForkNSPerEntityHi[p], to.ForkNSPerEntityHi[p] / from.ForkNSPerEntityLo[p]})
		}
	}
	return out
}

// judgeChange is the verdict on a factor whose range is lo–hi, with its kind: a claim
// of direction holds when the range lies above 1, fails below it and cannot say
// across it; a claim with a figure holds when the figure lies within the range.
func (c Claim) judgeChange(lo, hi float64) (kind, string) {
	switch {
	case c.Ratio == 1 && lo > 1:
		return holds, "The cost per entity rises, as the claim says."
	case c.Ratio == 1 && hi < 1:
		return fails, "The cost per entity falls here, against the claim."
	case c.Ratio == 1:
		return unclear, "No clear change: the two points' intervals overlap."
	case hi < 1:
		return fails, fmt.Sprintf("The cost per entity falls here, against the source's %s rise.", units.Ratio(c.Ratio))
	case c.Ratio < lo:
		return fails, fmt.Sprintf("The rise here is larger than the source's %s.", units.Ratio(c.Ratio))
	case c.Ratio > hi:
		return fails, fmt.Sprintf("The rise here is smaller than the source's %s.", units.Ratio(c.Ratio))
	}
	return holds, fmt.Sprintf("The source's %s lies within that range.", units.Ratio(c.Ratio))
}

// answerCrossing looks for the crossing the claim expects: Faster ahead below some
// value, Slower ahead above it.
func (c Claim) answerCrossing(s *result.Sweep) Answer {
	var other *result.Crossing
	for i := range s.Crossings {
		x := &s.Crossings[i]
		switch {
		case x.Below == c.Faster && x.Above == c.Slower:
			v := "The lines cross, as the claim says."
			if !x.Significant {
				v += " At one of the two points around the crossing the difference is within noise: run again to confirm where."
			}
			return Answer{Measured: "Measured here: " + x.Text + ".", Verdict: v}
		case x.Below == c.Slower && x.Above == c.Faster && other == nil:
			other = x
		}
	}
	if other != nil {
		return Answer{Measured: "Measured here: " + other.Text + ".", Verdict: "They cross the other way round: the claim does not hold here."}
	}
	both := bothMeasured(s, c.Faster, c.Slower)
	if len(both) == 0 {
		return Answer{Measured: "Not measured yet: no point has both backings' figures."}
	}
	lo, hi := both[0], both[len(both)-1]
	ahead := c.Faster
	if fasterAt(pointAt(s, lo), s.Backings, c.Slower, c.Faster) {
		ahead = c.Slower
	}
	m := fmt.Sprintf("Measured here: %s is faster at every value measured from %s to %s; the lines do not cross in this range.",
		ahead, valueAt(s, lo), valueAt(s, hi))
	if len(both) == 1 {
		m = fmt.Sprintf("Measured here: only %s has both backings' figures, where %s is faster; one point shows no crossing.", valueAt(s, lo), ahead)
	}
	if n := len(s.Values) - len(both); n > 0 {
		m += fmt.Sprintf(" (%d of the sweep's %d values have no figures of both: skipped, failed or not reached, and say nothing.)", n, len(s.Values))
	}
	return Answer{Measured: m, Verdict: "Not borne out in the range measured."}
}

// bothMeasured are the values at which both backings have figures, in order.
func bothMeasured(s *result.Sweep, a, b string) []int64 {
	pa, pb := measuredPoints(s, a), measuredPoints(s, b)
	var out []int64
	for _, x := range pa {
		if slices.ContainsFunc(pb, func(y at) bool { return y.value == x.value }) {
			out = append(out, x.value)
		}
	}
	return out
}

// pointAt is the point of s at value v.
func pointAt(s *result.Sweep, v int64) *result.Point {
	for k := range s.Points {
		if s.Points[k].Value == v {
			return &s.Points[k]
		}
	}
	return nil
}

// fasterAt reports whether backing a costs less per entity than b at point p.
func fasterAt(p *result.Point, backings []string, a, b string) bool {
	i, j := slices.Index(backings, a), slices.Index(backings, b)
	return p.Backings[i].NSPerEntity < p.Backings[j].NSPerEntity
}

// valueAt writes "entities = 1,000,000", "moving_pct = 5%".
func valueAt(s *result.Sweep, v int64) string {
	return s.Param + " = " + units.ParamValue(float64(v), s.Unit)
}

// cacheLevels returns the largest of the caches and the one below it by size (the
// largest itself when it is the only one).
func cacheLevels(cs []result.Cache) (llc, below result.Cache, ok bool) {
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
