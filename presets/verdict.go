package presets

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

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
}

// String is the answer as the app, the command line and the page state it.
func (a Answer) String() string {
	return strings.TrimSpace(strings.TrimSpace(strings.TrimSpace(a.Measured+" "+a.Verdict)+" "+a.Conditions) + " " + a.Misses)
}

// Answer puts what r measured beside the claim. A nil run answers nothing.
func (c Claim) Answer(r *result.Run) Answer {
	if r == nil {
		return Answer{}
	}
	var a Answer
	switch c.Metric {
	case "frame":
		a = c.answerFrame(r)
		a.Misses = c.simMisses(r)
	case "load":
		a = c.explainLoad(r, c.answerLoad(r))
	case "lookup":
		a = c.answerLookup(r)
	case "budget":
		a = c.answerBudget(r)
	case "gc":
		a = c.answerGC(r)
	default:
		if c.OfSweep() {
			return Answer{Measured: "This claim is answered by a sweep, not by a single run: run the lesson as a sweep."}
		}
		return Answer{Measured: fmt.Sprintf("This version cannot measure a %q claim.", c.Metric)}
	}
	if a.Verdict != "" {
		if differ := c.conditionsDiffer(r); differ != "" {
			a.Verdict = "Conditions differ (see below). " + a.Verdict
			a.Conditions = differ
		}
	}
	return a
}

// answerFrame compares median frame times by the summary's statistics: per round the
// median of the per-frame ratios, then their median with its 95% interval over the
// rounds.
func (c Claim) answerFrame(r *result.Run) Answer {
	q, err := summary.Ratio(r, c.Slower, c.Faster)
	if errors.Is(err, summary.ErrUnresolved) {
		return unresolved(strings.TrimPrefix(err.Error(), "cannot tell: "))
	}
	if err != nil {
		return Answer{Measured: "Not measured yet: " + strings.TrimPrefix(err.Error(), "ratio: ") + "."}
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

// unresolved is the answer where the times compared are shorter than the clock that
// took them resolves (what says so): no figure, and no verdict but that none can be
// given.
func unresolved(what string) Answer {
	return Answer{Measured: "Measured here: " + what + ".",
		Verdict: "Cannot tell: on this machine's clock these times read as a few of its steps, which say nothing of which is faster; run more entities.",
		Outcome: CannotTell}
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
		case q.Significant && q.Median > 1:
			return holds, "The claim holds: the direction is borne out."
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

// answerLoad compares the two load times. A load happens once per backing in each
// fork, so the ratio rests on a few loads: with one fork it is of two single
// measurements, with several the median of the forks' ratios (the two loads of a fork
// ran moments apart, so they are paired), with the range over the forks. The verdict
// judges that figure as verdict does a median; when the forks' own figures would
// judge differently, none is given.
func (c Claim) answerLoad(r *result.Run) Answer {
	slow, fast := r.Backing(c.Slower), r.Backing(c.Faster)
	if slow == nil || fast == nil || slow.Load.NS <= 0 || fast.Load.NS <= 0 {
		return Answer{Measured: "Not measured yet: both loads must finish first."}
	}
	ratio := float64(slow.Load.NS) / float64(fast.Load.NS)
	var ratios []float64
	for k := range min(len(slow.ForkLoadNS), len(fast.ForkLoadNS)) {
		if s, f := slow.ForkLoadNS[k], fast.ForkLoadNS[k]; s > 0 && f > 0 {
			ratios = append(ratios, float64(s)/float64(f))
		}
	}
	measured := fmt.Sprintf("Measured here: loading %s took %s as long as %s (%s against %s). One load each, so no interval; "+
		"run it again to see how much it varies.",
		c.Slower, units.Ratio(ratio), c.Faster, units.Duration(float64(slow.Load.NS)), units.Duration(float64(fast.Load.NS)))
	if len(ratios) > 1 {
		ratio = median(slices.Clone(ratios))
		lo, hi := slices.Min(ratios), slices.Max(ratios)
		measured = fmt.Sprintf("Measured here: loading %s took %s as long as %s, the median over %d forks of one load each "+
			"(range %s–%s; %s against %s in the median fork).", c.Slower, units.Ratio(ratio), c.Faster, len(ratios),
			bare(lo), bare(hi), units.Duration(float64(slow.Load.NS)), units.Duration(float64(fast.Load.NS)))
		kLo, _ := c.judgeLoad(lo)
		kHi, _ := c.judgeLoad(hi)
		if kLo != kHi {
			return Answer{Measured: measured, Outcome: Unsettled, Verdict: fmt.Sprintf("Unsettled on this machine: its forks' loads gave %s and %s, "+
				"and the claim would hold on one and not on the other. Run it again, or on a quieter machine.", units.Ratio(lo), units.Ratio(hi))}
		}
	}
	k, v := c.judgeLoad(ratio)
	return Answer{Measured: measured, Verdict: v, Outcome: k.outcome()}
}

// judgeLoad judges a ratio of load times against the claim, with its kind.
func (c Claim) judgeLoad(ratio float64) (kind, string) {
	claimed := units.Ratio(c.Ratio)
	switch {
	case ratio < 1:
		return fails, fmt.Sprintf("The claim does not hold on this load: %s loaded faster, let alone the source's %s.", c.Slower, claimed)
	case ratio*closeEnough >= c.Ratio && ratio <= c.Ratio*closeEnough:
		return holds, fmt.Sprintf("The claim holds on this load: close to the source's %s (within a factor of 1.25).", claimed)
	}
	return fails, fmt.Sprintf("The claim does not hold on this load: the gap is %s the source's %s.", share(ratio/c.Ratio), claimed)
}

// answerLookup compares the time the two backings took to resolve a frame's handles
// by id, timed on their own just after each frame (summary.LookupRatio), by the same
// statistics as frame times. In a frame the lookups are a small share beside the
// update of every entity; a claim about lookups is judged on them alone.
func (c Claim) answerLookup(r *result.Run) Answer {
	q, err := summary.LookupRatio(r, c.Slower, c.Faster)
	if err != nil {
		return Answer{Measured: "Not measured yet: " + strings.TrimPrefix(err.Error(), "ratio: ") + "."}
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

// Budget is the frame time of 60 frames a second, which a "budget" claim is judged
// against: a frame over it is a frame the display shows twice, a visible hitch.
const Budget = time.Second / 60

// Shares of frames over the budget that a "budget" claim reads as a stutter (one
// frame in twenty or more: three hitches a second at 60 fps) and as smooth (under one
// in a hundred).
const (
	stutterShare = 0.05
	smoothShare  = 0.01
)

// answerBudget judges a claim that Slower stutters where Faster stays smooth, by the
// share of each one's kept frames over Budget, not by which is faster: a backing many
// times slower than another can still keep every frame within the budget. The share
// is over the kept frames of every fork, with a 95% interval (budgetShare), so that a
// handful of frames over the budget is read as what it is: too few to tell a stutter
// from the odd hitch. When the forks' own shares would judge the claim differently,
// no verdict is given.
func (c Claim) answerBudget(r *result.Run) Answer {
	slow, fast := r.Backing(c.Slower), r.Backing(c.Faster)
	if slow == nil || fast == nil || slow.Summary.Measured == 0 || fast.Summary.Measured == 0 {
		return Answer{Measured: "Not measured yet: both backings need frames after the warm-up."}
	}
	s, f := budgetShare(r, slow, -1), budgetShare(r, fast, -1)
	budget := units.Duration(float64(Budget))
	measured := fmt.Sprintf("Measured here: %s's frames (p50 %s, p99 %s) went over the %s budget of 60 fps in %s of %s (%s); "+
		"%s's (p50 %s, p99 %s) in %s (%s).",
		c.Slower, units.Duration(slow.Summary.P50NS), units.Duration(slow.Summary.P99NS), budget,
		units.Count(float64(s.over)), units.Count(float64(s.kept)), s,
		c.Faster, units.Duration(fast.Summary.P50NS), units.Duration(fast.Summary.P99NS), units.Count(float64(f.over)), f)
	k, v := c.judgeBudget(s, f, slow)
	if n := r.NumForks(); n > 1 && k != tooFew {
		var kinds []kind
		var shares []string
		for fk := range n {
			fs, ff := budgetShare(r, slow, fk), budgetShare(r, fast, fk)
			if fs.kept == 0 || ff.kept == 0 {
				continue
			}
			kf, _ := c.judgeBudget(fs, ff, slow)
			kinds = append(kinds, kf)
			shares = append(shares, pct(fs.p))
		}
		if slices.Contains(kinds, holds) && slices.Contains(kinds, fails) {
			return Answer{Measured: measured, Outcome: Unsettled, Verdict: fmt.Sprintf("Unsettled on this machine: %s's forks missed the budget in %s of their frames, "+
				"and the claim would hold in one fork and not in another. Run it again, or on a quieter machine.",
				c.Slower, strings.Join(shares, ", "))}
		}
	}
	return Answer{Measured: measured, Verdict: v, Outcome: k.outcome()}
}

// judgeBudget judges the shares over the budget of the slower backing (s) and the
// faster (f), each with its interval: the claim holds when the slower clearly misses
// one frame in twenty or more (the interval's low end at stutterShare or above) while
// the faster clearly does not (its high end below it) and typically misses under one in
// a hundred. An interval that straddles one in twenty cannot tell a stutter from
// hitches, and says so.
func (c Claim) judgeBudget(s, f overShare, slow *result.Backing) (kind, string) {
	stutters := func(x overShare) bool { return x.lo >= stutterShare }
	smooth := func(x overShare) bool { return x.hi < stutterShare && x.p < smoothShare }
	switch {
	case stutters(s) && smooth(f):
		return holds, fmt.Sprintf("The claim holds: %s misses the budget in %s of its frames, a pan that stutters, while %s keeps it.", c.Slower, pct(s.p), c.Faster)
	case stutters(f) && stutters(s):
		return fails, fmt.Sprintf("The claim does not hold here: %s misses the budget too, in %s of its frames.", c.Faster, pct(f.p))
	case stutters(f) && s.hi < stutterShare:
		return fails, fmt.Sprintf("The claim does not hold here: it is the other way round, %s misses the budget in %s of its frames and %s keeps it.",
			c.Faster, pct(f.p), c.Slower)
	case smooth(s) && smooth(f):
		return fails, fmt.Sprintf("The claim does not hold here: scanning with %s keeps the budget (its p99 is %s of it), so neither stutters, "+
			"whichever is faster.", c.Slower, pct(slow.Summary.P99NS/float64(Budget)))
	case s.hi < stutterShare && f.hi < stutterShare:
		return fails, fmt.Sprintf("The claim does not clearly hold: %s misses the budget in %s of its frames (%s), occasional hitches rather than a stutter.",
			c.Slower, pct(s.p), s)
	}
	x, name := s, c.Slower
	if !(s.lo < stutterShare && stutterShare <= s.hi) {
		x, name = f, c.Faster
	}
	return unclear, fmt.Sprintf("Cannot tell here: %s misses the budget in %s of its frames (%s), too near one frame in twenty "+
		"to tell a stutter from occasional hitches. Run more frames.", name, pct(x.p), x)
}

// pct writes a share as a whole percentage, "3%".
func pct(f float64) string { return fmt.Sprintf("%.0f%%", 100*f) }

// overShare is a backing's frames over the budget among its kept frames: the share p with
// its 95% interval lo–hi.
type overShare struct {
	over, kept int
	p, lo, hi  float64
}

// String writes the interval, "95% interval 1.2–8.4%".
func (x overShare) String() string {
	return fmt.Sprintf("95%% interval %s–%s", strings.TrimSuffix(fmt.Sprintf("%.1f", 100*x.lo), ".0"), fmt.Sprintf("%.1f%%", 100*x.hi))
}

// budgetShare counts b's kept frames over Budget in fork fork (all forks when fork <
// 0), with a 95% interval of their share: Wilson's score interval, over as many
// frames as the rounds are worth. Frames of one round share the machine's moment (a
// burst of load lands on several at once), so the count is spread over fewer
// independent frames than it has: the kept frames divided by the design effect, the
// variance of the rounds' counts against that of independent frames (at least 1).
func budgetShare(r *result.Run, b *result.Backing, fork int) overShare {
	var x overShare
	var overs, kepts []float64
	count := func(lo, hi int) {
		o, k := 0, 0
		for f := lo; f < min(hi, len(b.Frames.NS)); f++ {
			if r.Excluded(f) == result.Kept && (fork < 0 || r.ForkOf(f) == fork) {
				k++
				if b.Frames.NS[f] > int64(Budget) {
					o++
				}
			}
		}
		if k > 0 {
			x.over, x.kept = x.over+o, x.kept+k
			overs, kepts = append(overs, float64(o)), append(kepts, float64(k))
		}
	}
	if r.Rounds == nil {
		count(0, len(b.Frames.NS))
	}
	for _, rd := range r.Rounds {
		count(rd.First, rd.First+rd.Frames)
	}
	if x.kept == 0 {
		return x
	}
	n := float64(x.kept)
	x.p = float64(x.over) / n
	deff := 1.0
	if rs := float64(len(overs)); rs > 1 && x.p > 0 && x.p < 1 {
		var ss float64
		for i := range overs {
			d := overs[i] - x.p*kepts[i]
			ss += d * d
		}
		clustered := rs / (rs - 1) * ss / (n * n)
		deff = max(1, clustered/(x.p*(1-x.p)/n))
	}
	x.lo, x.hi = wilson(x.p, n/deff)
	return x
}

// wilson is Wilson's 95% score interval for a share p observed over n trials.
func wilson(p, n float64) (lo, hi float64) {
	const z = 1.959963984540054
	d := 1 + z*z/n
	centre := (p + z*z/(2*n)) / d
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / d
	return max(0, centre-half), min(1, centre+half)
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

// names are the backings the claim is about.
func (c *Claim) names() []string {
	if c.Backing != "" {
		return []string{c.Backing}
	}
	return []string{c.Slower, c.Faster}
}

// bare writes a ratio without its "×", as an interval's ends are written.
func bare(x float64) string { return strings.TrimSuffix(units.Ratio(x), "×") }
