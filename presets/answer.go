package presets

import (
	"fmt"
	"slices"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/lab/result"
)

// Answer is what a run measured about a claim.
type Answer struct {
	// Measured is the figure in a sentence ("Measured here: map is 4.10× slower
	// than soa …"), or why there is none yet; empty without a run.
	Measured string
	// Verdict says whether the figure bears the claim out; empty when nothing was
	// measured.
	Verdict string
}

// String is the answer as the app, the command line and the page state it.
func (a Answer) String() string {
	return strings.TrimSpace(a.Measured + " " + a.Verdict)
}

// Answer puts what r measured beside the claim. A nil run answers nothing.
func (c Claim) Answer(r *result.Run) Answer {
	if r == nil {
		return Answer{}
	}
	switch c.Metric {
	case "frame":
		return c.answerFrame(r)
	case "load":
		return c.answerLoad(r)
	}
	if c.OfSweep() {
		return Answer{Measured: "This claim is answered by a sweep, not by a single run: run the lesson as a sweep."}
	}
	return Answer{Measured: fmt.Sprintf("This version cannot measure a %q claim.", c.Metric)}
}

// answerFrame compares median frame times by the summary's statistics: the median
// of the per-frame ratios with its 95% interval.
func (c Claim) answerFrame(r *result.Run) Answer {
	q, err := lab.Compare(r, c.Slower, c.Faster)
	if err != nil {
		return Answer{Measured: "Not measured yet: " + strings.TrimPrefix(err.Error(), "compare: ") + "."}
	}
	var b strings.Builder
	if q.Median >= 1 {
		fmt.Fprintf(&b, "Measured here: %s is %s slower than %s", c.Slower, units.Ratio(q.Median), c.Faster)
	} else {
		fmt.Fprintf(&b, "Measured here: %s is faster, not slower: it takes %s of %s's time", c.Slower, units.Ratio(q.Median), c.Faster)
	}
	fmt.Fprintf(&b, " (95%% interval %s–%s, the median of per-frame ratios).", bare(q.Lo), bare(q.Hi))
	return Answer{Measured: b.String(), Verdict: c.verdict(q)}
}

// verdict says whether the measurement bears the claim out: a claim of direction
// only (ratio 1) holds when the slower is significantly slower; a claim with a
// figure holds when the interval contains it.
func (c Claim) verdict(q result.Ratio) string {
	if c.Ratio == 1 {
		switch {
		case q.Significant && q.Median > 1:
			return "The direction holds."
		case q.Significant:
			return "The direction does not hold here."
		}
		return "No significant difference: the claim is not borne out here."
	}
	claimed := units.Ratio(c.Ratio)
	switch {
	case !q.Significant:
		return fmt.Sprintf("No significant difference here, against the source's %s.", claimed)
	case q.Median < 1:
		return fmt.Sprintf("The direction does not hold here, let alone the source's %s.", claimed)
	case c.Ratio < q.Lo:
		return fmt.Sprintf("The gap here is wider than the source's %s.", claimed)
	case c.Ratio > q.Hi:
		return fmt.Sprintf("The gap here is narrower than the source's %s.", claimed)
	}
	return fmt.Sprintf("The source's %s lies within the interval.", claimed)
}

// answerLoad compares the two load times. A load happens once per backing, so the
// ratio is of two single measurements and has no interval: the answer says so, and
// gives the source's figure beside it rather than a verdict.
func (c Claim) answerLoad(r *result.Run) Answer {
	slow, fast := backingOf(r, c.Slower), backingOf(r, c.Faster)
	if slow == nil || fast == nil || slow.Load.NS <= 0 || fast.Load.NS <= 0 {
		return Answer{Measured: "Not measured yet: both loads must finish first."}
	}
	ratio := float64(slow.Load.NS) / float64(fast.Load.NS)
	return Answer{
		Measured: fmt.Sprintf("Measured here: loading %s took %s as long as %s (%s against %s). One load each, so no interval; "+
			"run it again to see how much it varies.",
			c.Slower, units.Ratio(ratio), c.Faster, units.Duration(float64(slow.Load.NS)), units.Duration(float64(fast.Load.NS))),
		Verdict: fmt.Sprintf("The source says %s.", units.Ratio(c.Ratio)),
	}
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

// names are the backings the claim is about.
func (c *Claim) names() []string {
	if c.Backing != "" {
		return []string{c.Backing}
	}
	return []string{c.Slower, c.Faster}
}

// backingOf returns the named backing of r, or nil.
func backingOf(r *result.Run, name string) *result.Backing {
	for i := range r.Backings {
		if r.Backings[i].Name == name {
			return &r.Backings[i]
		}
	}
	return nil
}

// bare writes a ratio without its "×", as an interval's ends are written.
func bare(x float64) string { return strings.TrimSuffix(units.Ratio(x), "×") }
