package presets

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// KindBudget: Slower misses the frame budget of 16.7 ms (stutters) where Faster
// keeps it. It has no Ratio. Whether a size misses it depends on the machine, so the
// app offers a search for the size from which it would here (budgetfind.go).
const KindBudget ClaimKind = "budget"

var budgetKind = claimKind{
	name: KindBudget,
	check: func(c *Claim, _ []string) error {
		if c.Ratio != 0 {
			return fmt.Errorf("ratio: %v (a budget claim has none: it is judged against the frame budget)", c.Ratio)
		}
		return nil
	},
	run: Claim.answerBudget,
	ask: func(c Claim, _ *Sweep) Question {
		q := runQuestion(fmt.Sprintf("Your prediction: how long will %s's frame take? (the budget is %s)", c.Slower, units.Duration(float64(Budget))), unitMS)
		q.FindSize = true
		return q
	},
}

// BudgetClaims are the lesson's frame-budget claims about the backings run, one per
// slower backing (the search is of that backing alone, so two claims about it share
// one answer).
func BudgetClaims(lesson *Preset, backings []string) []Claim {
	if lesson == nil {
		return nil
	}
	var out []Claim
	seen := map[string]bool{}
	for _, c := range ClaimsAbout(lesson.Claims, backings) {
		if c.Metric == KindBudget && !seen[c.Slower] {
			seen[c.Slower] = true
			out = append(out, c)
		}
	}
	return out
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
