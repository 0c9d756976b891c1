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
	var a Answer
	switch {
	case c.Metric == "growth" && c.Cost == CostFrameGC:
		a = c.answerGrowthWithGC(s)
	case c.Metric == "growth":
		a = c.answerGrowth(s)
	case c.Metric == "cliff":
		a = c.answerCliff(s)
	case c.Metric == "crossing":
		a = c.answerCrossing(s)
	default:
		return Answer{Measured: "This claim is answered by a single run, not by a sweep: run the lesson with Run."}
	}
	a.Misses = c.sweepSimMisses(s)
	return a
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
// with its cost at the first, and then judges every step between: ends that rise
// with a fall between them (a map's 66.8, 35.7, 40.0 and 133 ns) are not the steady
// rise a claim of growth describes, and the answer says so. With a control, a backing
// the swept parameter leaves alone, the growth is judged against the control's, so
// that a change of the whole machine between the points is not read as the
// parameter's.
func (c Claim) answerGrowth(s *result.Sweep) Answer {
	pts := measuredPoints(s, c.Backing)
	if len(pts) < 2 {
		return Answer{Measured: "Not measured yet: the sweep needs two points with " + c.Backing + "'s figures."}
	}
	all := pts
	pts, to := c.untilKnee(s, pts) // kneeanswer.go: with a knee, the rise is judged up to it
	first, last := pts[0], pts[len(pts)-1]
	var m string
	if len(all) == 2 {
		m = fmt.Sprintf("Measured here: %s cost %s per entity at %s and %s at %s",
			c.Backing, units.Duration(first.pb.NSPerEntity), valueAt(s, first.value), units.Duration(last.pb.NSPerEntity), valueAt(s, last.value))
	} else {
		each := make([]string, len(all))
		for k, p := range all {
			each[k] = units.Duration(p.pb.NSPerEntity) + " at " + valueAt(s, p.value)
		}
		m = fmt.Sprintf("Measured here: %s's cost per entity was %s. From the first to %s", c.Backing, joinAnd(each), to)
	}
	a := c.change(m, first.pb, last.pb)
	overall, _ := c.judgeChange(last.pb.NSPerEntityLo/first.pb.NSPerEntityHi, last.pb.NSPerEntityHi/first.pb.NSPerEntityLo)
	if against := c.stepsAgainst(s, pts); len(against) > 0 {
		a.Measured += " Between them it " + joinAnd(against) + "."
		if overall == holds && a.Outcome != Unsettled {
			a.Outcome, a.Verdict = InPart, "Only in part: from the first point to "+to+" the cost per entity "+c.direction()+
				", as the claim says, but not at every step between; judged on all the points, the claim's "+
				"steady "+c.directionNoun()+" is not borne out."
		}
	}
	if c.Control != "" {
		a = c.againstControl(s, a, first, last)
	}
	if c.HasKnee() {
		a = c.pastKnee(s, a, all, len(pts)-1)
	}
	return a
}

// direction and directionNoun name the change a growth claim expects: a rise, unless
// its figure is below 1.
func (c Claim) direction() string {
	if c.Ratio < 1 {
		return "falls"
	}
	return "rises"
}

func (c Claim) directionNoun() string {
	if c.Ratio < 1 {
		return "fall"
	}
	return "rise"
}

// stepsAgainst lists the steps between neighbouring points where the cost moves
// against the claim's direction beyond both points' intervals: "falls from 66.8 ns
// at handles = 16 to 35.7 ns at handles = 64 (0.53×)".
func (c Claim) stepsAgainst(s *result.Sweep, pts []at) []string {
	var out []string
	for k := 1; k < len(pts); k++ {
		a, b := pts[k-1].pb, pts[k].pb
		lo, hi := b.NSPerEntityLo/a.NSPerEntityHi, b.NSPerEntityHi/a.NSPerEntityLo
		verb := ""
		switch {
		case c.Ratio >= 1 && hi < 1:
			verb = "falls"
		case c.Ratio < 1 && lo > 1:
			verb = "rises"
		}
		if verb != "" {
			out = append(out, fmt.Sprintf("%s from %s at %s to %s at %s (%s)", verb, units.Duration(a.NSPerEntity), valueAt(s, pts[k-1].value),
				units.Duration(b.NSPerEntity), valueAt(s, pts[k].value), units.Ratio(b.NSPerEntity/a.NSPerEntity)))
		}
	}
	return out
}

// againstControl judges the growth against the control's over the same two values:
// the factor of the backing over the factor of the control, with the range the four
// points' intervals allow. A control the sweep did not measure at both values leaves
// the answer as it is, saying so.
func (c Claim) againstControl(s *result.Sweep, a Answer, first, last at) Answer {
	var from, to *result.PointBacking
	for _, p := range measuredPoints(s, c.Control) {
		switch p.value {
		case first.value:
			from = p.pb
		case last.value:
			to = p.pb
		}
	}
	if from == nil || to == nil {
		a.Measured += fmt.Sprintf(" The control, %s, was not measured at both values, so a change of the machine between them cannot be told from the parameter's.", c.Control)
		return a
	}
	fc := to.NSPerEntity / from.NSPerEntity
	fb := last.pb.NSPerEntity / first.pb.NSPerEntity
	lo := (last.pb.NSPerEntityLo / first.pb.NSPerEntityHi) / (to.NSPerEntityHi / from.NSPerEntityLo)
	hi := (last.pb.NSPerEntityHi / first.pb.NSPerEntityLo) / (to.NSPerEntityLo / from.NSPerEntityHi)
	a.Measured += fmt.Sprintf(" The control, %s, which the parameter leaves alone, changed %s over the same values; against it, %s changed %s (%s to %s).",
		c.Control, units.Ratio(fc), c.Backing, units.Ratio(fb/fc), bare(lo), bare(hi))
	if a.Outcome == Unsettled || a.Outcome == InPart {
		return a
	}
	k, v := c.judgeChange(lo, hi)
	a.Outcome, a.Verdict = k.outcome(), "Against the control: "+v
	return a
}

// joinAnd joins "a", "b" and "c" as "a, b and c".
func joinAnd(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
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
	before := pts[steep-1].pb
	m += fmt.Sprintf(", where the bytes it keeps grow from %s to %s", units.Bytes(before.WorkingSetBytes), units.Bytes(st.pb.WorkingSetBytes))
	spanKnown := before.SpanBytes > 0 && st.pb.SpanBytes > 0
	if spanKnown {
		m += fmt.Sprintf(" and the addresses its frames visit span %s to %s", units.Bytes(before.SpanBytes), units.Bytes(st.pb.SpanBytes))
	}
	switch llcB := float64(llc.Bytes); {
	case st.pb.WorkingSetBytes <= llcB && spanKnown && st.pb.SpanBytes > llcB:
		m += fmt.Sprintf(": still inside the %s %s by its bytes, past it by its address span, as a layout whose entities lie scattered through the heap "+
			"touches a cache line and a page for each, more memory than it keeps, and the caches must hold that", units.Bytes(llcB), llc.Name)
	case st.pb.WorkingSetBytes <= llcB && !spanKnown:
		m += fmt.Sprintf(", still inside the %s %s by its bytes: a layout whose entities lie scattered through the heap touches a cache line and a page "+
			"for each, more memory than it keeps (its address span, which Layout shows), and the caches must hold that", units.Bytes(llcB), llc.Name)
	}
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
	k, v := c.judgeChange(lo, hi)
	o := k.outcome()
	passes := passChanges(from, to)
	if len(passes) < 2 {
		return Answer{Measured: measured, Verdict: v, Outcome: o}
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
		o, v = Unsettled, fmt.Sprintf("Unsettled on this machine: judged on its own, a pass that gave %s bears the claim out and one that gave %s "+
			"does not. Run the sweep again, or on a quieter machine.", units.Ratio(yes[0]), units.Ratio(no[0]))
	}
	return Answer{Measured: measured, Verdict: v, Outcome: o}
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
			return Answer{Measured: "Measured here: " + x.Text + ".", Verdict: v, Outcome: Holds}
		case x.Below == c.Slower && x.Above == c.Faster && other == nil:
			other = x
		}
	}
	if other != nil {
		return Answer{Measured: "Measured here: " + other.Text + ".", Verdict: "They cross the other way round: the claim does not hold here.", Outcome: Fails}
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
	return Answer{Measured: m, Verdict: "Not borne out in the range measured.", Outcome: Fails}
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
