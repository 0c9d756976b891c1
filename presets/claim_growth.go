package presets

import (
	"fmt"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// KindGrowth: Backing's cost per entity at the sweep's last value is Ratio times its
// cost at the first, rising (or, below 1, falling) at every step between. A growth
// claim alone may judge against a control (Control), by the frame time with the
// collector's bill added (Cost, claim_growth_gc.go), and put a knee on its curve
// (Knee, KneeFieldBytes, claim_growth_knee.go).
const KindGrowth ClaimKind = "growth"

// What a growth claim judges its cost by (Claim.Cost).
const (
	CostFrame   = "frame"
	CostFrameGC = "frame+gc"
)

var growthKind = claimKind{
	name:  KindGrowth,
	one:   true,
	owns:  []string{"control", "cost", "knee"},
	check: checkGrowth,
	sweep: func(c Claim, s *result.Sweep) Answer {
		if c.Cost == CostFrameGC {
			return c.answerGrowthWithGC(s)
		}
		return c.answerGrowth(s)
	},
	ask: func(c Claim, sw *Sweep) Question {
		q := sweepQuestion(fmt.Sprintf("Your prediction: %s, %s's cost per entity grows by how many times?", sweptSpan(sw), c.Backing))
		if c.HasKnee() {
			q = c.kneeQuestion(sw, q) // claim_growth_knee.go
		}
		return q
	},
	reply: func(c Claim, guess string, s *result.Sweep) string {
		if c.HasKnee() {
			return kneeWords(c, s, guess)
		}
		return sweepQuestion("").echo(guess)
	},
}

// checkGrowth checks what a growth claim's own fields hold: its control, another of
// the preset's backings, and its cost; and its ratio. Its knee is checked against the
// sweep (validateKnee).
func checkGrowth(c *Claim, backings []string) error {
	if c.Control != "" {
		if c.Control == c.Backing {
			return fmt.Errorf("control: %q is the claim's own backing", c.Control)
		}
		if err := named("control", c.Control, backings); err != nil {
			return err
		}
	}
	if c.Cost != "" && c.Cost != CostFrame && c.Cost != CostFrameGC {
		return fmt.Errorf("cost: %q (want %q or %q)", c.Cost, CostFrame, CostFrameGC)
	}
	return positiveRatio(c, backings)
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
	pts, to := c.untilKnee(s, pts) // claim_growth_knee.go: with a knee, the rise is judged up to it
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
	overall, _ := c.judgeChange(last.pb.NSPerEntity/first.pb.NSPerEntity, last.pb.NSPerEntityLo/first.pb.NSPerEntityHi, last.pb.NSPerEntityHi/first.pb.NSPerEntityLo)
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
	alone := ", which the parameter leaves alone,"
	if s.Param == result.PagesParam { // the pages are every backing's: the control is the one they touch least
		alone = ","
	}
	a.Measured += fmt.Sprintf(" The control, %s%s changed %s over the same values; against it, %s changed %s (%s to %s).",
		c.Control, alone, units.Ratio(fc), c.Backing, units.Ratio(fb/fc), bare(lo), bare(hi))
	if a.Outcome == Unsettled || a.Outcome == InPart {
		return a
	}
	k, v := c.judgeChange(fb/fc, lo, hi)
	a.Outcome, a.Verdict = k.outcome(), "Against the control: "+v
	return a
}
