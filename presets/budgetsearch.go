package presets

import (
	"errors"
	"fmt"
	"math"

	"localitylab/internal/units"
)

// A budget claim ("the pan stutters") is about time, and a fixed size makes it a
// claim about one machine: on a 16-core Xeon a million-sprite scan takes 2.4 ms, and
// no pan stutters at a million. What a student can test on the machine in front of
// them is where it would: the size from which the claim's slower backing misses the
// frame budget in one frame in twenty or more. SearchBudget finds it by measuring,
// a handful of runs at sizes it chooses: up from the lesson's size (or down, where
// the lesson's size already stutters) by the factor the frame time says is left, then
// halving the bracket on a logarithmic scale. It extrapolates nothing: its answer is
// the two sizes measured on either side, and a search that reaches the largest size
// the workload (or the machine's memory) allows without a stutter says so.

// Probe is what one run at a size measured of the backing searched: its median and
// 95th-percentile frame times. Stutters reports one frame in twenty or more over
// Budget: the p95 above it.
type Probe struct {
	N        int64
	P50, P95 float64 // ns
}

// Stutters reports whether the probe's frames miss the budget in one frame in twenty
// or more, the share a budget claim reads as a stutter.
func (p Probe) Stutters() bool { return p.P95 > float64(Budget) }

// ErrTooBig is what a measure function returns for a size the machine cannot hold:
// the search treats it as the end of the range.
var ErrTooBig = errors.New("does not fit")

// BudgetFound is the result of a search: Under is the largest size measured whose
// frames kept the budget and Over the smallest that missed it (nil when the search
// found none on that side), Probes every run in the order made, and Limit the
// largest size it could try (the workload's most, or less where the machine could
// not hold more).
type BudgetFound struct {
	Under, Over *Probe
	Probes      []Probe
	Limit       int64
}

// Found reports whether the search bracketed the size where the frames start to miss
// the budget.
func (f BudgetFound) Found() bool { return f.Under != nil && f.Over != nil }

// How the search moves: at most maxStep times the size per probe upward (so that a
// frame time far below the budget, where a size's effect on the caches is not yet
// seen, does not jump to the workload's end at once), at least minStep; it aims
// aim above the size that the frame time, scaled in proportion, says would reach
// the budget, so as to bracket it in one step where the cost is linear; it stops
// halving when the bracket is within bracketClose.
const (
	maxStep      = 8.0
	minStep      = 1.5
	aim          = 1.25
	bracketClose = 1.3
)

// SearchBudget measures at start, then at sizes it chooses between min and max, at
// most probes runs in all, and returns what it found. measure runs the lesson at a
// size and returns its probe, ErrTooBig for a size the machine cannot hold, or
// another error, which ends the search.
func SearchBudget(start, min, max int64, probes int, measure func(n int64) (Probe, error)) (BudgetFound, error) {
	f := BudgetFound{Limit: max}
	run := func(n int64) (Probe, bool, error) {
		p, err := measure(n)
		switch {
		case errors.Is(err, ErrTooBig):
			f.Limit = n - 1
			return Probe{}, false, nil
		case err != nil:
			return Probe{}, false, err
		}
		p.N = n
		f.Probes = append(f.Probes, p)
		if p.Stutters() {
			if f.Over == nil || n < f.Over.N {
				f.Over = &f.Probes[len(f.Probes)-1]
			}
		} else if f.Under == nil || n > f.Under.N {
			f.Under = &f.Probes[len(f.Probes)-1]
		}
		return p, true, nil
	}
	n := start
	for len(f.Probes) < probes {
		p, ok, err := run(n)
		if err != nil {
			return f.fix(), err
		}
		if f.Found() {
			break
		}
		var next int64
		switch {
		case !ok: // too big: try between the largest that kept the budget and this
			if f.Under == nil || f.Under.N >= f.Limit {
				return f.fix(), nil
			}
			next = geoMid(f.Under.N, f.Limit+1)
		case p.Stutters(): // over already: down by what the frame time says
			if n <= min {
				return f.fix(), nil
			}
			next = int64(float64(n) * math.Max(1/maxStep, math.Min(1/minStep, float64(Budget)/p.P95/aim)))
			next = clamp(int64(round2(float64(next))), min, n-1)
		default: // under: up by what is left of the budget
			if n >= f.Limit {
				return f.fix(), nil
			}
			next = int64(float64(n) * math.Min(maxStep, math.Max(minStep, aim*float64(Budget)/math.Max(p.P95, 1))))
			next = clamp(int64(round2(float64(next))), n+1, f.Limit)
		}
		n = next
	}
	for f.Found() && len(f.Probes) < probes && float64(f.Over.N)/float64(f.Under.N) > bracketClose {
		if _, _, err := run(geoMid(f.Under.N, f.Over.N)); err != nil {
			return f.fix(), err
		}
	}
	return f.fix(), nil
}

// fix re-points Under and Over into Probes, whose array appends may have moved.
func (f BudgetFound) fix() BudgetFound {
	under, over := f.Under, f.Over
	f.Under, f.Over = nil, nil
	for k := range f.Probes {
		p := &f.Probes[k]
		if under != nil && p.N == under.N && !p.Stutters() {
			f.Under = p
		}
		if over != nil && p.N == over.N && p.Stutters() {
			f.Over = p
		}
	}
	return f
}

func geoMid(a, b int64) int64 {
	m := int64(round2(math.Sqrt(float64(a) * float64(b))))
	return clamp(m, a+1, b-1)
}

func clamp(x, lo, hi int64) int64 { return min(max(x, lo), hi) }

// BudgetText says what a search found for backing, in a sentence a lesson's answer
// can carry: "On this machine ptrarray's frames miss the 16.7 ms budget in one frame
// in twenty or more from about 640,000 sprites: its p95 was 15.2 ms at 520,000 and
// 19.8 ms at 790,000." what names the entities ("sprites").
func (f BudgetFound) BudgetText(backing, what string) string {
	budget := units.Duration(float64(Budget))
	switch {
	case f.Found():
		return fmt.Sprintf("On this machine %s's frames miss the %s budget in one frame in twenty or more from about %s %s "+
			"(between %s, p95 %s, and %s, p95 %s; %d runs).", backing, budget, units.Count(round2(math.Sqrt(float64(f.Under.N)*float64(f.Over.N)))), what,
			units.Count(float64(f.Under.N)), units.Duration(f.Under.P95), units.Count(float64(f.Over.N)), units.Duration(f.Over.P95), len(f.Probes))
	case f.Under != nil:
		return fmt.Sprintf("On this machine %s's frames keep the %s budget at every size measured, up to %s %s, "+
			"the most this search could try (its p95 there %s, %s of the budget): here the pan would not stutter at any size the lab can load.",
			backing, budget, units.Count(float64(f.Under.N)), what, units.Duration(f.Under.P95), pct(f.Under.P95/float64(Budget)))
	case f.Over != nil:
		return fmt.Sprintf("On this machine %s's frames miss the %s budget at every size measured, down to %s %s (its p95 there %s).",
			backing, budget, units.Count(float64(f.Over.N)), what, units.Duration(f.Over.P95))
	}
	return fmt.Sprintf("The search measured nothing for %s.", backing)
}

// round2 rounds x to two significant digits: an "about" of a bracket, not a figure.
func round2(x float64) float64 {
	if x <= 0 {
		return 0
	}
	p := math.Pow(10, math.Floor(math.Log10(x))-1)
	return math.Round(x/p) * p
}
