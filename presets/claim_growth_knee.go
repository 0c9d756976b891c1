package presets

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// A growth claim may also say where its curve bends: its Knee is the value of the
// sweep up to which the claim's rise (or fall) goes, and past which the cost changes
// less per step. A stride sweep is the case in point: the cost per read climbs while
// the reads still share cache lines and levels once they lie a line apart, and that
// shape, not only the rise from end to end, is what its lesson claims. With a knee,
// the rise is judged from the first value to the knee, every step of it (a fall past
// the knee says nothing against it), and then the change per step up to the knee (the
// geometric mean over its steps) is set against the change per step past it, each with
// the range its two end points' intervals allow.

// A knee read from the line (Claim.KneeFieldBytes) lies where the reads of one field
// after another come a whole line apart, so that each brings a line of its own: that is
// what the stride lesson shows, and a line is 64 bytes on most machines but 128 on
// Apple Silicon. The line is the sweep's file's, never the reading machine's.

// minBend is the smallest bend a verdict counts: the change per step up to the knee
// must be at least this many times the change per step past it (for a claim of a
// fall, the other way round), besides the two ranges lying apart. Two slopes a few
// per cent apart are one straight line on another machine or another run.
const minBend = 1.25

// bends reports whether the change per step before the knee (bf, within blo–bhi)
// and past it (af, within alo–ahi) bend the way the claim says, steeper before, by at
// least minBend with the ranges apart; and whether they bend the other way, the
// ranges apart however little.
func (c Claim) bends(bf, blo, bhi, af, alo, ahi float64) (steeper, flatter bool) {
	if c.Ratio < 1 {
		return bhi < alo && af/bf >= minBend, blo > ahi
	}
	return blo > ahi && bf/af >= minBend, bhi < alo
}

// DefaultLine is the line assumed where a file records none, and the one a knee read
// from the line is checked against when a preset is loaded.
const DefaultLine = 64

// HasKnee reports whether the claim puts a knee on its curve, at a value (Knee) or
// where its reads lie a line apart (KneeFieldBytes).
func (c Claim) HasKnee() bool { return c.Knee != 0 || c.KneeFieldBytes != 0 }

// KneeOn returns the claim's knee on the sweep s, a value of its parameter, and, for a
// knee read from the line, how it was placed ("" for a knee at a fixed value): "The
// claim's knee, stride = 16, is where 4-byte reads lie a cache line apart: 64 bytes,
// the line the file records." Where the file records none, DefaultLine is assumed and
// the words say so.
func (c Claim) KneeOn(s *result.Sweep) (int64, string) {
	if c.KneeFieldBytes <= 0 {
		return c.Knee, ""
	}
	line, from := sweepLine(s), "the line the file records"
	if line == 0 {
		line, from = DefaultLine, "assumed: the file records no line"
	}
	knee := int64(max(1, line/c.KneeFieldBytes))
	return knee, fmt.Sprintf("The claim's knee, %s, is where %d-byte reads lie a cache line apart: %d bytes, %s.",
		valueAt(s, knee), c.KneeFieldBytes, line, from)
}

// sweepLine is the cache line a sweep's file records: the first cache it used that
// records one, or its host's; 0 where none is recorded.
func sweepLine(s *result.Sweep) int {
	for _, c := range s.Caches {
		if c.Used() && c.LineBytes > 0 {
			return c.LineBytes
		}
	}
	return s.Host.CacheLine()
}

// validateKnee checks that a knee belongs to a kind that has one (growth) and is one of the sweep's
// values between its first and its last; a knee read from the line is checked at
// DefaultLine.
func (c *Claim) validateKnee(sw *Sweep) error {
	if !c.HasKnee() {
		return nil
	}
	if err := c.mayHave("knee"); err != nil {
		return err
	}
	knee := c.Knee
	if c.KneeFieldBytes != 0 {
		if c.Knee != 0 || c.KneeFieldBytes < 0 || c.KneeFieldBytes > DefaultLine {
			return fmt.Errorf("knee_field_bytes: %d with knee %d (want a field of 1 to %d bytes, and no knee: the line places it)", c.KneeFieldBytes, c.Knee, DefaultLine)
		}
		knee = int64(DefaultLine / c.KneeFieldBytes)
	}
	if sw == nil {
		return fmt.Errorf("knee: %d, but the preset has no sweep", knee)
	}
	if i := slices.Index(sw.Values, knee); i < 1 || i == len(sw.Values)-1 {
		var vs []string
		for _, v := range sw.Values[1 : len(sw.Values)-1] {
			vs = append(vs, fmt.Sprint(v))
		}
		at := ""
		if c.KneeFieldBytes != 0 {
			at = fmt.Sprintf(" (a %d-byte line over knee_field_bytes %d)", DefaultLine, c.KneeFieldBytes)
		}
		return fmt.Errorf("knee: %d%s is not one of the sweep's values between its first and its last (%s)", knee, at, strings.Join(vs, ", "))
	}
	return nil
}

// untilKnee returns the points a growth claim's rise is judged on, and how the answer
// names the last of them: every point, "the last"; with a knee that has figures, the
// points up to it, "the knee (stride = 16)".
func (c Claim) untilKnee(s *result.Sweep, pts []at) ([]at, string) {
	knee, _ := c.KneeOn(s)
	if knee == 0 {
		return pts, "the last"
	}
	k := slices.IndexFunc(pts, func(p at) bool { return p.value == knee })
	if k < 1 || k == len(pts)-1 {
		return pts, "the last"
	}
	return pts[:k+1], "the knee (" + valueAt(s, knee) + ")"
}

// perStep is the factor from point i to point j of pts as a geometric mean per step
// between them, with the range the two points' intervals allow.
func perStep(pts []at, i, j int) (f, lo, hi float64) {
	n := float64(j - i)
	a, b := pts[i].pb, pts[j].pb
	return math.Pow(b.NSPerEntity/a.NSPerEntity, 1/n), math.Pow(b.NSPerEntityLo/a.NSPerEntityHi, 1/n), math.Pow(b.NSPerEntityHi/a.NSPerEntityLo, 1/n)
}

// pastKnee adds to a growth answer how the curve goes past the knee, pts[k] of every
// point measured: the factor per step up to the knee against the factor per step past
// it. The claim's bend holds when the first's range lies wholly above the second's
// (for a claim of a fall, below), fails when it lies wholly on the other side, and
// otherwise cannot be told. A knee read from the line says which line placed it.
func (c Claim) pastKnee(s *result.Sweep, a Answer, pts []at, k int) Answer {
	knee, how := c.KneeOn(s)
	if how != "" {
		a.Measured += " " + how
	}
	if pts[k].value != knee || k == len(pts)-1 {
		a.Measured += fmt.Sprintf(" The claim puts its knee at %s, which has no figures of %s or none past it: where the curve bends is not judged.", valueAt(s, knee), c.Backing)
		return a
	}
	last := len(pts) - 1
	bf, blo, bhi := perStep(pts, 0, k)
	af, alo, ahi := perStep(pts, k, last)
	a.Measured += fmt.Sprintf(" Per step, it changed %s (%s to %s) up to the knee and %s (%s to %s) from there to %s.",
		units.Ratio(bf), bare(blo), bare(bhi), units.Ratio(af), bare(alo), bare(ahi), valueAt(s, pts[last].value))
	steeper, flatter := c.bends(bf, blo, bhi, af, alo, ahi)
	passes, against := c.bendByPass(pts, k)
	if len(passes) > 1 {
		a.Measured = strings.TrimSuffix(a.Measured, ".") + "; pass by pass " + strings.Join(passes, ", ") + "."
	}
	// The bend is the claim's second part: where the rise holds, a bend that does not
	// hold leaves the claim holding in part, one that is unsettled or cannot be told
	// leaves the whole so; a rise that does not hold is not helped by a bend.
	rise := a.Outcome
	part := func(o Outcome) {
		if rise == Holds {
			a.Outcome = o
		}
	}
	switch {
	case (steeper || flatter) && against != "":
		part(Unsettled)
		a.Verdict += fmt.Sprintf(" Whether it bends at %s is unsettled on this machine: judged on its own, %s. Run the sweep again, or on a quieter machine.", valueAt(s, knee), against)
	case steeper:
		a.Verdict += fmt.Sprintf(" Past the knee, %s, it %s less per step: the curve bends where the claim puts it.", valueAt(s, knee), c.direction())
	case flatter && rise == Holds && c.Ratio == 1: // the rise was "as the claim says"; a figure's is worded apart
		a.Outcome, a.Verdict = InPart, fmt.Sprintf("Only in part: up to %s the cost per entity %s, as the claim says, but past it it %s more per step, not less: the curve does not bend there.",
			valueAt(s, knee), c.direction(), c.direction())
	case flatter:
		part(InPart)
		a.Verdict += fmt.Sprintf(" Past %s it %s more per step, not less: the curve does not bend there.", valueAt(s, knee), c.direction())
	default:
		part(CannotTell)
		a.Verdict += fmt.Sprintf(" Whether it bends at %s cannot be told on this machine: a bend counts when the change per step before it is at least %s the change per step past it, with their ranges apart.", valueAt(s, knee), units.Ratio(minBend))
	}
	return a
}

// bendByPass judges the bend on each pass of the sweep on its own, from the fork of
// each of the three points that pass measured and the forks' own intervals, as change
// judges a rise pass by pass. It returns each pass's change per step before and past
// the knee ("1.41× then 1.10×"), and, when a pass's ranges bend one way and another
// pass's the other, what the one against the sweep's whole figures says.
func (c Claim) bendByPass(pts []at, k int) (passes []string, against string) {
	last := len(pts) - 1
	a, b, z := pts[0].pb, pts[k].pb, pts[last].pb
	n := len(a.ForkNSPerEntity)
	for _, pb := range []*result.PointBacking{a, b, z} {
		n = min(n, len(pb.ForkNSPerEntity), len(pb.ForkNSPerEntityLo), len(pb.ForkNSPerEntityHi))
	}
	var up, down []string
	for p := range n {
		x0, xk, xl := a.ForkNSPerEntity[p], b.ForkNSPerEntity[p], z.ForkNSPerEntity[p]
		if x0 <= 0 || xk <= 0 || xl <= 0 || a.ForkNSPerEntityLo[p] <= 0 || b.ForkNSPerEntityLo[p] <= 0 || z.ForkNSPerEntityLo[p] <= 0 {
			continue
		}
		nb, na := 1/float64(k), 1/float64(last-k)
		bf, af := math.Pow(xk/x0, nb), math.Pow(xl/xk, na)
		blo, bhi := math.Pow(b.ForkNSPerEntityLo[p]/a.ForkNSPerEntityHi[p], nb), math.Pow(b.ForkNSPerEntityHi[p]/a.ForkNSPerEntityLo[p], nb)
		alo, ahi := math.Pow(z.ForkNSPerEntityLo[p]/b.ForkNSPerEntityHi[p], na), math.Pow(z.ForkNSPerEntityHi[p]/b.ForkNSPerEntityLo[p], na)
		text := units.Ratio(bf) + " then " + units.Ratio(af)
		passes = append(passes, text)
		steeper, flatter := c.bends(bf, blo, bhi, af, alo, ahi)
		switch {
		case steeper:
			up = append(up, text)
		case flatter:
			down = append(down, text)
		}
	}
	if len(up) > 0 && len(down) > 0 {
		against = fmt.Sprintf("a pass that gave %s bends where the claim puts it and one that gave %s the other way", up[0], down[0])
	}
	return passes, against
}

// kneeQuestion is growth's question q put to a claim with a knee: where the curve
// bends, at which of the sweep's values the rise stops being steep.
func (c Claim) kneeQuestion(sw *Sweep, q Question) Question {
	q.Hint = "a value of the parameter swept, e.g. 4"
	if sw != nil && len(sw.Values) > 1 {
		q.Ask = fmt.Sprintf("Your prediction: as %s goes from %d to %d, %s's cost per entity rises. At which value of %s does it stop rising steeply? (one of %s)",
			sw.Param, sw.Values[0], sw.Values[len(sw.Values)-1], c.Backing, sw.Param, joinValues(sw.Values))
	}
	return q
}

// joinValues lists a sweep's values: "1, 2, 4 or 8".
func joinValues(vs []int64) string {
	var out []string
	for _, v := range vs {
		out = append(out, strconv.FormatInt(v, 10))
	}
	if len(out) < 2 {
		return strings.Join(out, "")
	}
	return strings.Join(out[:len(out)-1], ", ") + " or " + out[len(out)-1]
}

// kneeWords puts beside a claim with a knee what its prediction asked, where the
// curve bends: the value predicted, the claim's own, and the measured change of the
// claim's backing from each value to the next, so that the reader finds the bend in
// the figures rather than in a verdict alone.
func kneeWords(c Claim, s *result.Sweep, guess string) string {
	var b strings.Builder
	knee, _ := c.KneeOn(s)
	claimed := fmt.Sprintf("%s = %d", s.Param, knee)
	switch v, err := strconv.ParseInt(strings.TrimSpace(strings.TrimPrefix(guess, s.Param+" =")), 10, 64); {
	case guess == "":
		fmt.Fprintf(&b, "The claim puts the bend at %s.", claimed)
	case err != nil:
		fmt.Fprintf(&b, "You predicted %q; the claim puts the bend at %s.", guess, claimed)
	case !slices.Contains(s.Values, v):
		fmt.Fprintf(&b, "You predicted the bend at %s = %d, which the sweep did not measure; the claim puts it at %s.", s.Param, v, claimed)
	case v == knee:
		fmt.Fprintf(&b, "You predicted the bend at %s, where the claim puts it.", claimed)
	default:
		fmt.Fprintf(&b, "You predicted the bend at %s = %d; the claim puts it at %s.", s.Param, v, claimed)
	}
	if steps := stepFactors(s, c.Backing); steps != "" {
		fmt.Fprintf(&b, " Measured, %s's cost per entity from each value of %s to the next: %s.", c.Backing, s.Param, steps)
	}
	return b.String()
}

// stepFactors is backing's cost per entity at each measured point over the one
// before: "1→2 1.05×, 2→4 1.21×".
func stepFactors(s *result.Sweep, backing string) string {
	i := slices.Index(s.Backings, backing)
	if i < 0 {
		return ""
	}
	var out []string
	var prev *result.PointBacking
	var prevV int64
	for k := range s.Points {
		p := &s.Points[k]
		if i >= len(p.Backings) || !p.Backings[i].Measured() || p.Backings[i].Error != "" || p.Backings[i].NSPerEntity <= 0 {
			continue
		}
		pb := &p.Backings[i]
		if prev != nil {
			out = append(out, fmt.Sprintf("%d→%d %s", prevV, p.Value, units.Ratio(pb.NSPerEntity/prev.NSPerEntity)))
		}
		prev, prevV = pb, p.Value
	}
	return strings.Join(out, ", ")
}
