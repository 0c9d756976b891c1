package presets

import (
	"fmt"
	"slices"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// A growth claim may also say where its curve bends: its Knee is the value of the
// sweep at which the steepest step ends, the step up from the value before it. A
// stride sweep is the case in point: the cost per entity creeps up while the reads
// still share cache lines and jumps where they start to lie a line apart, and the
// place of that jump, not only the rise from end to end, is what the lesson claims.
// The knee is judged on the steps' ranges (each step's factor with the range its two
// points' intervals allow): it holds when the named step's range lies wholly above
// every other step's, fails when another step's lies wholly above it, and otherwise
// the answer says the machine cannot tell them apart.

// validateKnee checks that a knee belongs to a growth claim and is one of the sweep's
// values after the first.
func (c *Claim) validateKnee(sw *Sweep) error {
	if c.Knee == 0 {
		return nil
	}
	if c.Metric != "growth" {
		return fmt.Errorf("knee: set in a %q claim (only a growth claim has one)", c.Metric)
	}
	if sw == nil || slices.Index(sw.Values, c.Knee) < 1 {
		var vs []string
		if sw != nil {
			for _, v := range sw.Values[1:] {
				vs = append(vs, fmt.Sprint(v))
			}
		}
		return fmt.Errorf("knee: %d is not one of the sweep's values after the first (%s)", c.Knee, strings.Join(vs, ", "))
	}
	return nil
}

// step is the change of a backing's cost from one measured point to the next.
type step struct {
	from, to  at
	f, lo, hi float64
}

func stepsOf(pts []at) []step {
	out := make([]step, 0, len(pts))
	for k := 1; k < len(pts); k++ {
		a, b := pts[k-1].pb, pts[k].pb
		out = append(out, step{pts[k-1], pts[k], b.NSPerEntity / a.NSPerEntity, b.NSPerEntityLo / a.NSPerEntityHi, b.NSPerEntityHi / a.NSPerEntityLo})
	}
	return out
}

// atKnee adds to a growth answer where the steepest step lies and whether it is where
// the claim puts it.
func (c Claim) atKnee(s *result.Sweep, a Answer, pts []at) Answer {
	steps := stepsOf(pts)
	named := slices.IndexFunc(steps, func(st step) bool { return st.to.value == c.Knee })
	if named < 0 {
		a.Measured += fmt.Sprintf(" The claim puts the steepest step at %s, which has no figures of %s: where the curve bends is not judged.", valueAt(s, c.Knee), c.Backing)
		return a
	}
	k := steps[named]
	steepest := 0
	for i, st := range steps {
		if st.f > steps[steepest].f {
			steepest = i
		}
	}
	between := func(st step) string { return valueAt(s, st.from.value) + " and " + valueAt(s, st.to.value) }
	a.Measured += fmt.Sprintf(" The step the claim names, between %s, is %s (%s to %s)", between(k), units.Ratio(k.f), bare(k.lo), bare(k.hi))
	if steepest != named {
		st := steps[steepest]
		a.Measured += fmt.Sprintf("; the steepest is between %s, %s (%s to %s).", between(st), units.Ratio(st.f), bare(st.lo), bare(st.hi))
	} else {
		a.Measured += ", the steepest of the sweep."
	}
	above, below := true, false
	for i, st := range steps {
		if i == named {
			continue
		}
		above = above && k.lo > st.hi
		below = below || st.lo > k.hi
	}
	overall, _ := c.judgeChange(pts[len(pts)-1].pb.NSPerEntityLo/pts[0].pb.NSPerEntityHi, pts[len(pts)-1].pb.NSPerEntityHi/pts[0].pb.NSPerEntityLo)
	settled := !strings.HasPrefix(a.Verdict, "Unsettled") && !strings.HasPrefix(a.Verdict, "Only in part")
	switch {
	case above:
		a.Verdict += fmt.Sprintf(" The steepest step lies where the claim puts it, between %s, clear of every other step.", between(k))
	case below && overall == holds && settled:
		a.Verdict = fmt.Sprintf("Only in part: the cost per entity %s, as the claim says, but its steepest step lies between %s, not between %s where the claim puts it.",
			c.direction(), between(steps[steepest]), between(k))
	case below:
		a.Verdict += fmt.Sprintf(" Its steepest step lies between %s, not where the claim puts it.", between(steps[steepest]))
	default:
		a.Verdict += fmt.Sprintf(" Which step is the steepest cannot be told on this machine: the step between %s overlaps another within their intervals.", between(k))
	}
	return a
}
