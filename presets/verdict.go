package presets

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
	"localitylab/lab/summary"
)

// Answer is what a run measured about a claim.
type Answer struct {
	// Measured is the figure in a sentence ("Measured here: map is 4.10× slower
	// than soa …"), or why there is none yet; empty without a run.
	Measured string
	// Verdict says whether the figure bears the claim out; empty when nothing was
	// measured.
	Verdict string
	// Outcome is what Verdict says, decided with it: count this, never the words.
	// NoVerdict when Verdict is empty.
	Outcome Outcome
	// Conditions sets the source's conditions beside the verdict when the run's
	// parameters are not the ones the lesson tests the claim under; empty when they
	// are.
	Conditions string
	// Misses, where the run simulated them, are the two backings' misses per entity
	// beside what the source predicts (simanswer.go); empty otherwise.
	Misses string
	// Machine, for a ratio claim, is the ceiling the machine's own measures (its
	// probe) set on the ratio, beside the measured one, or why there is none
	// (package explain); empty for other claims.
	Machine string
}

// String is the answer as the app, the command line and the page state it.
func (a Answer) String() string {
	return strings.TrimSpace(strings.TrimSpace(a.Measured+" "+a.Verdict) + " " + a.After())
}

// After is what the answer says after what was measured and the verdict: the
// source's conditions, the simulated misses and what the machine allows. A
// display that puts the verdict first (the command line) ends with it too, so
// that no part of the answer is left out there.
func (a Answer) After() string {
	out := ""
	for _, part := range []string{a.Conditions, a.Misses, a.Machine} {
		out = strings.TrimSpace(out + " " + part)
	}
	return out
}

// Answer puts what r measured beside the claim. A nil run answers nothing.
func (c Claim) Answer(r *result.Run) Answer {
	if r == nil {
		return Answer{}
	}
	ck := kindOf(c.Metric)
	switch {
	case ck == nil:
		return Answer{Measured: fmt.Sprintf("This version cannot measure a %q claim.", c.Metric)}
	case ck.run == nil:
		return Answer{Measured: "This claim is answered by a sweep, not by a single run: run the lesson as a sweep."}
	}
	a := ck.run(c, r)
	if a.Verdict != "" {
		if differ := c.conditionsDiffer(r); differ != "" {
			a.Verdict = "Conditions differ (see below). " + a.Verdict
			a.Conditions = differ
		}
	}
	return a
}

// unresolved is the answer where the times compared are shorter than the clock that
// took them resolves (what says so): no figure, and no verdict but that none can be
// given.
func unresolved(what string) Answer {
	return Answer{Measured: "Measured here: " + what + ".",
		Verdict: "Cannot tell: on this machine's clock these times read as a few of its steps, which say nothing of which is faster; run more entities.",
		Outcome: CannotTell}
}

// notMeasured is the answer where summary gives no ratio of the two backings (a
// *summary.RatioError), saying why.
func notMeasured(err error) Answer {
	why := err.Error()
	var re *summary.RatioError
	if errors.As(err, &re) {
		why = re.Why
	}
	return Answer{Measured: "Not measured yet: " + why + "."}
}

// interval says what q's interval is and what it is over, as a sentence's end.
func interval(q result.Ratio, of string) string {
	forks := ""
	if n := len(q.ForkMedians); n > 1 {
		forks = fmt.Sprintf(" in %d forks, which gave %s", n, figures(q.ForkMedians))
	}
	if q.Range {
		return fmt.Sprintf(" (range %s–%s over %d rounds%s: too few for a 95%% interval).", bare(q.Lo), bare(q.Hi), q.Blocks, forks)
	}
	return fmt.Sprintf(" (95%% interval %s–%s over %d rounds of %s%s).", bare(q.Lo), bare(q.Hi), q.Blocks, of, forks)
}

// figures lists the forks' ratios, "18.0×, 39.2× and 41.0×", n/a for a fork without one.
func figures(xs []float64) string {
	parts := make([]string, len(xs))
	for k, x := range xs {
		parts[k] = "n/a"
		if x > 0 {
			parts[k] = units.Ratio(x)
		}
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// closeEnough is how far a measured ratio may lie from a source's figure and still
// bear it out: within a factor of 1.25 either way. The sources timed one run on their
// own machines and wrote "about"; a difference of a quarter is within what another
// machine, compiler or run changes, and a third, half or twice the figure is not.
const closeEnough = 1.25

// minEffect is the smallest effect a verdict counts: a claim of direction holds, and a
// cost "rises", only when the median ratio is at least this (a tenth) with its
// interval clear of 1. A smaller difference that is significant is real on this
// machine but too small to carry an idea about locality: another machine, compiler or
// load shifts a few per cent either way, and the answer says it cannot tell.
const minEffect = 1.10

// A verdict's kind: whether it says the claim holds, says it does not on the evidence
// (a reversed direction, a gap far from the source's figure), or cannot say (no
// significant difference, too few rounds, an interval too wide to call).
type kind int

const (
	tooFew kind = iota // nothing judged
	holds
	fails
	unclear
	// insignificant is no significant difference where the claim expects one: its
	// words say the claim does not hold here, but as a fork's verdict it contradicts
	// none, as unclear does.
	insignificant
)

// judge says whether the measurement bears the claim out, and how. A claim of
// direction only (ratio 1) holds when the slower is significantly slower. A claim with
// a figure is about magnitude: it holds when the interval reaches within closeEnough
// of the figure, and otherwise the verdict says what fraction or multiple of the
// figure was measured ("about a third of the source's 50×"). Too few rounds for an
// interval judge nothing.
func (c Claim) judge(q result.Ratio) (kind, string) {
	if q.Range {
		return tooFew, fmt.Sprintf("Too few rounds to judge (%d; a 95%% interval needs 6): run more frames.", q.Blocks)
	}
	if c.Ratio == 1 {
		switch {
		case q.Significant && q.Median >= minEffect:
			return holds, "The claim holds: the direction is borne out."
		case q.Significant && q.Median > 1:
			return unclear, fmt.Sprintf("Cannot tell on this machine: the gap, %s, is smaller than the %s the lab counts as an effect.", units.Ratio(q.Median), units.Ratio(minEffect))
		case q.Significant:
			return fails, "The claim does not hold here: the direction is reversed."
		}
		return insignificant, "The claim does not hold here: no significant difference (the interval includes 1)."
	}
	claimed := units.Ratio(c.Ratio)
	switch {
	case !q.Significant:
		return insignificant, fmt.Sprintf("The claim does not hold here: no significant difference (the interval includes 1), against the source's %s.", claimed)
	case q.Median < 1:
		return fails, fmt.Sprintf("The claim does not hold here: the direction is reversed, let alone the source's %s.", claimed)
	case q.Lo <= c.Ratio && c.Ratio <= q.Hi:
		return holds, fmt.Sprintf("The claim holds: the source's %s lies within the interval.", claimed)
	case q.Hi*closeEnough >= c.Ratio && q.Lo <= c.Ratio*closeEnough:
		return holds, fmt.Sprintf("The claim holds: the interval comes close to the source's %s (within a factor of 1.25).", claimed)
	}
	return fails, fmt.Sprintf("The claim does not hold here: the direction holds, but the gap is %s the source's %s.", share(q.Median/c.Ratio), claimed)
}

// settled is the verdict on q, the ratio over every fork, when the forks agree: when
// no fork, judged on its own rounds alone (their interval, or their range below six),
// says the claim holds while another says it does not. A fork that cannot say (its
// interval holds 1) contradicts none. When two forks do contradict each other, a
// rerun may land near either, and no verdict is given: the claim is unsettled on this
// machine, and the answer names the two forks' figures. When the forks found two modes
// (their own intervals do not overlap) without contradicting each other, the verdict
// stands and says so.
func (c Claim) settled(q result.Ratio, forks []result.Ratio) (Outcome, string) {
	k, v := c.judge(q)
	if len(forks) < 2 || k == tooFew {
		return k.outcome(), v
	}
	var yes, no []float64
	for _, fq := range forks {
		if fq.Blocks == 0 {
			continue
		}
		fq.Range, fq.Significant = false, fq.Lo > 1 || fq.Hi < 1 // a fork's range is judged as an interval
		switch fk, _ := c.judge(fq); fk {
		case holds:
			yes = append(yes, fq.Median)
		case fails:
			no = append(no, fq.Median)
		}
	}
	if len(yes) > 0 && len(no) > 0 {
		return Unsettled, fmt.Sprintf("Unsettled on this machine: judged on its own rounds, a fork that gave %s bears the claim out and one that "+
			"gave %s does not, so a rerun may give either verdict. Run it again, or on a quieter machine.",
			units.Ratio(yes[0]), units.Ratio(no[0]))
	}
	if q.ForkModes {
		lo, hi := extremes(q.ForkMedians)
		v += fmt.Sprintf(" (Its forks found two modes, %s and %s, but no fork contradicts the verdict.)", units.Ratio(lo), units.Ratio(hi))
	}
	return k.outcome(), v
}

// extremes are the lowest and highest of the positive xs.
func extremes(xs []float64) (lo, hi float64) {
	for _, x := range xs {
		if x > 0 {
			if lo == 0 || x < lo {
				lo = x
			}
			hi = max(hi, x)
		}
	}
	return lo, hi
}

// share says what fraction or multiple of a claimed figure a measured one is: "about
// a third of", "about half of", "about 3.2 times".
func share(f float64) string {
	if f > 1 {
		return fmt.Sprintf("about %s times", strings.TrimSuffix(units.Ratio(f), "×"))
	}
	words := []struct {
		f    float64
		name string
	}{{1. / 10, "a tenth"}, {1. / 8, "an eighth"}, {1. / 6, "a sixth"}, {1. / 5, "a fifth"}, {1. / 4, "a quarter"},
		{1. / 3, "a third"}, {2. / 5, "two fifths"}, {1. / 2, "half"}, {3. / 5, "three fifths"}, {2. / 3, "two thirds"},
		{3. / 4, "three quarters"}, {4. / 5, "four fifths"}}
	pct := fmt.Sprintf("%.0f%%", 100*f)
	if f < 0.09 {
		return "about " + pct + " of"
	}
	best := words[0]
	for _, w := range words[1:] {
		if math.Abs(math.Log(f/w.f)) < math.Abs(math.Log(f/best.f)) {
			best = w
		}
	}
	return fmt.Sprintf("about %s (%s) of", best.name, pct)
}

// median is the middle of xs (the mean of the middle two), 0 for none; it sorts xs.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 1 {
		return xs[m]
	}
	return (xs[m-1] + xs[m]) / 2
}

// conditionsDiffer says, when r's parameters are not the ones the claim's lesson tests
// it under, what the source measured and what differs; "" when they match, or when the
// claim names no conditions. It is ConditionsNote for one claim, beside its verdict.
func (c Claim) conditionsDiffer(r *result.Run) string {
	if len(c.Conditions) == 0 {
		return ""
	}
	want, got := differences(c.Conditions.Keys(), c.Conditions, r.Params)
	if len(got) == 0 {
		return ""
	}
	return fmt.Sprintf("The source's conditions: %s. The lesson sets %s for them; this run has %s.",
		strings.TrimSuffix(c.Setting, "."), strings.Join(want, ", "), strings.Join(got, ", "))
}

// Answered is a claim with what a run measured about it.
type Answered struct {
	Claim
	Answer Answer
}

// AnswerClaims answers each of the claims about backings that r ran, in order; a
// claim about a backing r did not run is left out, as it has no answer, and so is a
// claim that only a sweep answers.
func AnswerClaims(claims []Claim, r *result.Run) []Answered {
	names := make([]string, len(r.Backings))
	for i, b := range r.Backings {
		names[i] = b.Name
	}
	var out []Answered
	for _, c := range ClaimsAbout(claims, names) {
		if !c.OfSweep() {
			out = append(out, Answered{c, c.Answer(r)})
		}
	}
	return out
}

// ClaimsAbout keeps the claims all of whose backings are among backings: a setup
// narrowed to fewer backings, or a run of them, can answer only those.
func ClaimsAbout(claims []Claim, backings []string) []Claim {
	var kept []Claim
	for _, c := range claims {
		if !slices.ContainsFunc(c.names(), func(b string) bool { return !slices.Contains(backings, b) }) {
			kept = append(kept, c)
		}
	}
	return kept
}

// bare writes a ratio without its "×", as an interval's ends are written.
func bare(x float64) string { return strings.TrimSuffix(units.Ratio(x), "×") }
