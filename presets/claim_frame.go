package presets

import (
	"errors"
	"fmt"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
	"localitylab/lab/summary"
	"localitylab/presets/explain"
)

// KindFrame: Slower is Ratio times slower than Faster by median frame time.
const KindFrame ClaimKind = "frame"

var frameKind = claimKind{
	name:  KindFrame,
	check: positiveRatio,
	run: func(c Claim, r *result.Run) Answer {
		a := c.answerFrame(r)
		a.Misses = c.simMisses(r) // simanswer.go
		if a.Verdict != "" {
			a.Machine = explain.CeilingOf(r, c.Slower, c.Faster).Sentence()
		}
		return a
	},
	ask: func(c Claim, _ *Sweep) Question { return c.slowerQuestion() },
}

// slowerQuestion asks by how many times Slower is slower than Faster.
func (c Claim) slowerQuestion() Question {
	return runQuestion(fmt.Sprintf("Your prediction: %s is how many times slower than %s?", c.Slower, c.Faster), unitRatio)
}

// answerFrame compares median frame times by the summary's statistics: per round the
// median of the per-frame ratios, then their median with its 95% interval over the
// rounds.
func (c Claim) answerFrame(r *result.Run) Answer {
	q, err := summary.Ratio(r, c.Slower, c.Faster)
	if errors.Is(err, summary.ErrUnresolved) {
		return unresolved(r.UnresolvedReason())
	}
	if err != nil {
		return notMeasured(err)
	}
	forks, _ := summary.ForkRatios(r, c.Slower, c.Faster)
	var b strings.Builder
	if q.Median >= 1 {
		fmt.Fprintf(&b, "Measured here: %s is %s slower than %s", c.Slower, units.Ratio(q.Median), c.Faster)
	} else {
		fmt.Fprintf(&b, "Measured here: %s is faster, not slower: it takes %s of %s's time", c.Slower, units.Ratio(q.Median), c.Faster)
	}
	b.WriteString(interval(q, "per-frame ratios"))
	o, v := c.settled(q, forks)
	return Answer{Measured: b.String(), Verdict: v, Outcome: o}
}
