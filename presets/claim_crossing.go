package presets

import (
	"fmt"
	"slices"

	"localitylab/lab/result"
)

// KindCrossing: Faster is faster below some value of the sweep and Slower faster
// above it (Ratio 1).
const KindCrossing ClaimKind = "crossing"

var crossingKind = claimKind{
	name:  KindCrossing,
	check: positiveRatio,
	sweep: Claim.answerCrossing,
	ask: func(c Claim, sw *Sweep) Question {
		return sweepQuestion(fmt.Sprintf("Your prediction: at what %s does %s stop beating %s?", sweptParam(sw), c.Faster, c.Slower))
	},
}

// answerCrossing looks for the crossing the claim expects: Faster ahead below some
// value, Slower ahead above it.
func (c Claim) answerCrossing(s *result.Sweep) Answer {
	var other *result.Crossing
	for i := range s.Crossings {
		x := &s.Crossings[i]
		switch {
		case x.Below == c.Faster && x.Above == c.Slower:
			if !x.Significant {
				return Answer{Measured: "Measured here: " + x.Text + ".", Outcome: CannotTell,
					Verdict: "Cannot tell on this machine: the lines cross, but at one of the two points around the crossing the difference is within noise, so the order there is not settled. Run again."}
			}
			return Answer{Measured: "Measured here: " + x.Text + ".", Verdict: "The lines cross, as the claim says.", Outcome: Holds}
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
