package presets

import (
	"fmt"
	"slices"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// AnswerSweep puts what sweep s measured beside a claim about a sweep. A nil sweep
// answers nothing; a claim about a single run says it needs one. A sweep of the page
// mode is judged only where its points ran in the pages they name (pagesanswer.go).
func (c Claim) AnswerSweep(s *result.Sweep) Answer {
	if s == nil {
		return Answer{}
	}
	ck := kindOf(c.Metric)
	if ck == nil || ck.sweep == nil {
		return Answer{Measured: "This claim is answered by a single run, not by a sweep: run the lesson with Run."}
	}
	var a Answer
	if s.Param == result.PagesParam {
		a = c.answerPages(ck, s) // pagesanswer.go
	} else {
		a = ck.sweep(c, s)
	}
	a.Misses = c.sweepSimMisses(s) // simanswer.go
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

// joinAnd joins "a", "b" and "c" as "a, b and c".
func joinAnd(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
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
	k, v := c.judgeChange(f, lo, hi)
	o := k.outcome()
	passes := passChanges(from, to)
	if len(passes) < 2 {
		return Answer{Measured: measured, Verdict: v, Outcome: o}
	}
	names := make([]string, len(passes))
	var yes, no []float64
	for p, pc := range passes {
		names[p] = units.Ratio(pc.f)
		switch k, _ := c.judgeChange(pc.f, pc.lo, pc.hi); k {
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

// judgeChange is the verdict on a factor f whose range is lo–hi, with its kind: a
// claim of direction holds when the range lies above 1 and f is at least minEffect
// (below it, or across 1, it cannot say), and fails when the range lies below 1; a
// claim with a figure holds when the figure lies within the range, and a range that
// holds 1 is no measurable change, whatever the figure.
func (c Claim) judgeChange(f, lo, hi float64) (kind, string) {
	switch {
	case c.Ratio == 1 && lo > 1 && f >= minEffect:
		return holds, "The cost per entity rises, as the claim says."
	case c.Ratio == 1 && lo > 1:
		return unclear, fmt.Sprintf("Cannot tell on this machine: the cost per entity rises by %s, less than the %s the lab counts as a rise.", units.Ratio(f), units.Ratio(minEffect))
	case c.Ratio == 1 && hi < 1:
		return fails, "The cost per entity falls here, against the claim."
	case c.Ratio == 1:
		return unclear, "No clear change: the two points' intervals overlap."
	case lo <= 1 && 1 <= hi:
		return insignificant, fmt.Sprintf("No measurable change (the range holds 1), against the source's %s %s.", units.Ratio(c.Ratio), c.directionNoun())
	case c.Ratio >= 1 && hi < 1:
		return fails, fmt.Sprintf("The cost per entity falls here, against the source's %s rise.", units.Ratio(c.Ratio))
	case c.Ratio < 1 && lo > 1:
		return fails, fmt.Sprintf("The cost per entity rises here, against the source's %s fall.", units.Ratio(c.Ratio))
	case c.Ratio < lo:
		return fails, fmt.Sprintf("The %s here is larger than the source's %s.", c.directionNoun(), units.Ratio(c.Ratio))
	case c.Ratio > hi:
		return fails, fmt.Sprintf("The %s here is smaller than the source's %s.", c.directionNoun(), units.Ratio(c.Ratio))
	}
	return holds, fmt.Sprintf("The source's %s lies within that range.", units.Ratio(c.Ratio))
}

// valueAt writes "entities = 1,000,000", "moving_pct = 5%", "pages = small".
func valueAt(s *result.Sweep, v int64) string {
	return s.Param + " = " + s.ValueName(v)
}
