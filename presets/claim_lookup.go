package presets

import (
	"fmt"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
	"localitylab/lab/summary"
)

// KindLookup: a frame's lookups by handle take Ratio times as long on Slower as on
// Faster, timed on their own.
const KindLookup ClaimKind = "lookup"

var lookupKind = claimKind{
	name:  KindLookup,
	check: positiveRatio,
	run:   Claim.answerLookup,
	ask: func(c Claim, _ *Sweep) Question {
		return runQuestion(fmt.Sprintf("Your prediction: %s's lookups by handle take how many times as long as %s's?", c.Slower, c.Faster), unitRatio)
	},
}

// answerLookup compares the time the two backings took to resolve a frame's handles
// by id, timed on their own just after each frame (summary.LookupRatio), by the same
// statistics as frame times. In a frame the lookups are a small share beside the
// update of every entity; a claim about lookups is judged on them alone.
func (c Claim) answerLookup(r *result.Run) Answer {
	q, err := summary.LookupRatio(r, c.Slower, c.Faster)
	if err != nil {
		return notMeasured(err)
	}
	forks, _ := summary.LookupForkRatios(r, c.Slower, c.Faster)
	var b strings.Builder
	slow, fast := r.Backing(c.Slower), r.Backing(c.Faster)
	n, slowNS := medianLookup(r, slow)
	_, fastNS := medianLookup(r, fast)
	if t := r.Timer; t != nil && min(slowNS, fastNS) < result.ResolveSteps*t.Wall.ResolutionNS || min(slowNS, fastNS) <= 0 {
		return unresolved(fmt.Sprintf("lookups shorter than this machine's clock resolves (medians %s and %s a frame; the wall clock resolves %s, and a time needs %d of its steps)",
			units.Duration(slowNS), units.Duration(fastNS), wallResolution(r), result.ResolveSteps))
	}
	fmt.Fprintf(&b, "Measured here, the handle lookups on their own (%s a frame, repeated just after it): ", units.Count(n))
	if q.Median >= 1 {
		fmt.Fprintf(&b, "%s's take %s as long as %s's", c.Slower, units.Ratio(q.Median), c.Faster)
	} else {
		fmt.Fprintf(&b, "%s's are faster, not slower: they take %s of %s's time", c.Slower, units.Ratio(q.Median), c.Faster)
	}
	if n > 0 {
		fmt.Fprintf(&b, ", %s against %s a frame, %s against %s a lookup", units.Duration(slowNS), units.Duration(fastNS),
			units.Duration(slowNS/n), units.Duration(fastNS/n))
	}
	b.WriteString(interval(q, "per-frame ratios"))
	o, v := c.settled(q, forks)
	return Answer{Measured: b.String(), Verdict: v, Outcome: o}
}

// wallResolution is the resolution of the clock r's lookups were timed by, "not
// recorded" in a file that does not say.
func wallResolution(r *result.Run) string {
	if r.Timer == nil {
		return "not recorded"
	}
	return units.Duration(r.Timer.Wall.ResolutionNS)
}

// medianLookup returns the median over b's kept frames of the handles resolved and of
// the time resolving them took.
func medianLookup(r *result.Run, b *result.Backing) (n, ns float64) {
	var counts, times []float64
	for k := range b.Frames.LookupNS {
		if r.Excluded(k) == result.Kept {
			counts = append(counts, float64(b.Frames.Lookups[k]))
			times = append(times, float64(b.Frames.LookupNS[k]))
		}
	}
	return median(counts), median(times)
}
