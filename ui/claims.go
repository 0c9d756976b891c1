package ui

import (
	"fmt"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/presets"
)

// backingOf returns the named backing of r, or nil.
func backingOf(r *result.Run, name string) *result.Backing {
	if r == nil {
		return nil
	}
	for i := range r.Backings {
		if r.Backings[i].Name == name {
			return &r.Backings[i]
		}
	}
	return nil
}

// measured is the sentence under a backing's note: the figures this run just
// measured for it, in words, so that the note's "why" meets its "how much". It is
// empty while there is nothing after warm-up to say.
func measured(r *result.Run, name string) string {
	b := backingOf(r, name)
	if b == nil {
		return ""
	}
	if b.Error != "" {
		return "Its worker failed, so this run has no full figures for it: " + b.Error
	}
	if b.Frames.Len() <= r.Warmup {
		return ""
	}
	var parts []string
	for _, q := range r.Ratios {
		if q.Backing != name {
			continue
		}
		switch {
		case q.Vs == name:
			parts = append(parts, fmt.Sprintf("the fastest here, %s per frame (median)", units.Duration(b.Summary.P50NS)))
		case q.Significant:
			parts = append(parts, fmt.Sprintf("%s slower than %s (%s–%s)", units.Ratio(q.Median), q.Vs, trimX(units.Ratio(q.Lo)), units.Ratio(q.Hi)))
		default:
			parts = append(parts, fmt.Sprintf("no clear difference from %s: %s (%s–%s)", q.Vs, units.Ratio(q.Median), trimX(units.Ratio(q.Lo)), units.Ratio(q.Hi)))
		}
	}
	parts = append(parts, plural(b.Summary.AllocsPerFrame, "allocation")+" per frame")
	if b.Load.Entities > 0 {
		parts = append(parts, units.Bytes(b.Load.BytesPerEntity)+" per entity")
	}
	if b.Load.NS > 0 {
		parts = append(parts, "loaded in "+units.Duration(float64(b.Load.NS)))
	}
	return "Measured here: " + strings.Join(parts, ", ") + "."
}

// trimX drops the "×" of an interval's lower end, as the table writes intervals.
func trimX(s string) string { return strings.TrimSuffix(s, "×") }

// plural writes a count with its noun: "0 allocations", "1 allocation", "12.5 allocations".
func plural(n float64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return units.Count(n) + " " + noun + "s"
}

// answer is the measured figure beside a lesson's claim, or why there is none yet.
func answer(r *result.Run, c presets.Claim) string {
	if r == nil {
		return ""
	}
	switch c.Metric {
	case "frame":
		return answerFrame(r, c)
	case "load":
		return answerLoad(r, c)
	}
	return fmt.Sprintf("This version cannot measure a %q claim.", c.Metric)
}

// answerFrame compares median frame times by the summary's statistics: the median
// of the per-frame ratios with its 95% interval.
func answerFrame(r *result.Run, c presets.Claim) string {
	q, err := lab.Compare(r, c.Slower, c.Faster)
	if err != nil {
		return "Not measured yet: " + strings.TrimPrefix(err.Error(), "compare: ") + "."
	}
	var b strings.Builder
	if q.Median >= 1 {
		fmt.Fprintf(&b, "Measured here: %s is %s slower than %s", c.Slower, units.Ratio(q.Median), c.Faster)
	} else {
		fmt.Fprintf(&b, "Measured here: %s is faster, not slower: it takes %s of %s's time", c.Slower, units.Ratio(q.Median), c.Faster)
	}
	fmt.Fprintf(&b, " (95%% interval %s–%s, the median of per-frame ratios). ", trimX(units.Ratio(q.Lo)), trimX(units.Ratio(q.Hi)))
	b.WriteString(verdict(c, q))
	return b.String()
}

// verdict says whether the measurement bears the claim out: a claim of direction
// only (ratio 1) holds when the slower is significantly slower; a claim with a
// figure holds when the interval contains it.
func verdict(c presets.Claim, q result.Ratio) string {
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
// ratio is of two single measurements and has no interval: the answer says so.
func answerLoad(r *result.Run, c presets.Claim) string {
	slow, fast := backingOf(r, c.Slower), backingOf(r, c.Faster)
	if slow == nil || fast == nil || slow.Load.NS <= 0 || fast.Load.NS <= 0 {
		return "Not measured yet: both loads must finish first."
	}
	ratio := float64(slow.Load.NS) / float64(fast.Load.NS)
	return fmt.Sprintf("Measured here: loading %s took %s as long as %s (%s against %s). One load each, so no interval; "+
		"run it again to see how much it varies. The source says %s.",
		c.Slower, units.Ratio(ratio), c.Faster, units.Duration(float64(slow.Load.NS)), units.Duration(float64(fast.Load.NS)),
		units.Ratio(c.Ratio))
}
