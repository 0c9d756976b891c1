package presets

import (
	"fmt"
	"slices"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
	"localitylab/workloads/tiles"
)

// KindLoad: loading Slower takes Ratio times as long as loading Faster.
const KindLoad ClaimKind = "load"

var loadKind = claimKind{
	name:  KindLoad,
	check: positiveRatio,
	run:   func(c Claim, r *result.Run) Answer { return c.explainLoad(r, c.answerLoad(r)) },
	ask: func(c Claim, _ *Sweep) Question {
		return runQuestion(fmt.Sprintf("Your prediction: loading %s takes how many times as long as %s?", c.Slower, c.Faster), unitRatio)
	},
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

// explainLoad adds to a load claim's answer what the two loads cost on the way to
// what they hold, as the workers measured it: the page faults each took (fresh pages
// from the system), the kernel's share of its CPU time, the bytes it allocated and
// what it let go of, which Go's collector frees only at a later cycle. On the tiles
// workload it also says what the growth parameter of the run did, and how a C++
// vector, as source 000 grew them, differs. Loads measured without these figures
// (results saved before they were) leave the answer as it is; page faults and CPU
// time a system could not measure are said to be n/a, with the reason.
func (c Claim) explainLoad(r *result.Run, a Answer) Answer {
	slow, fast := r.Backing(c.Slower), r.Backing(c.Faster)
	if a.Verdict == "" || slow == nil || fast == nil || slow.Load.AllocBytes == 0 || fast.Load.AllocBytes == 0 {
		return a
	}
	why := []string{loadCosts(slow, fast)}
	if r.Workload == "tiles" {
		if g, ok := r.Params[tiles.GrowthParam]; ok {
			why = append(why, growthWhy(g, slow, fast, c.Ratio)...)
		}
	}
	a.Verdict += " " + strings.Join(why, " ")
	return a
}

// kept is what a load allocated and still held at its end.
func kept(l *result.Load) float64 { return float64(int64(l.AllocBytes) - l.FreedLateBytes) }

// freshBytes is the memory a load's page faults brought in; ok is false where they
// were not measured.
func freshBytes(l *result.Load) (float64, bool) {
	faults, ok := l.Faults()
	page := l.PageBytes
	if page <= 0 {
		page = 4096
	}
	return float64(faults * page), ok
}

// faultsOfBoth reports whether both loads' page faults were measured.
func faultsOfBoth(s, f *result.Load) bool {
	_, oks := s.Faults()
	_, okf := f.Faults()
	return oks && okf
}

// loadCosts states both loads' costs: faults and bytes, then CPU time where measured;
// where a system could not measure faults and CPU time, that they are n/a and why.
func loadCosts(slow, fast *result.Backing) string {
	sl, fl := &slow.Load, &fast.Load
	faults := faultsOfBoth(sl, fl)
	cost := func(b *result.Backing) string {
		l := &b.Load
		if !faults {
			return fmt.Sprintf("%s allocated %s to keep %s", b.Name, units.Bytes(float64(l.AllocBytes)), units.Bytes(kept(l)))
		}
		n, _ := l.Faults()
		fresh, _ := freshBytes(l)
		return fmt.Sprintf("%s took %s page faults (%s of fresh pages) and allocated %s to keep %s", b.Name,
			units.Count(float64(n)), units.Bytes(fresh), units.Bytes(float64(l.AllocBytes)), units.Bytes(kept(l)))
	}
	s := fmt.Sprintf("What the loads cost on the way: %s; %s.", cost(slow), cost(fast))
	if !faults {
		why := sl.UsageMissing()
		if _, ok := sl.Faults(); ok {
			why = fl.UsageMissing()
		}
		s += " Their page faults and CPU time: n/a (" + why + ")."
	}
	su, ss, oks := sl.CPU()
	fu, fs, okf := fl.CPU()
	if cs, cf := su+ss, fu+fs; oks && okf && cs > 0 && cf > 0 {
		s += fmt.Sprintf(" In CPU time (the worker's, every thread) %s's load took %s %s's, %s against %s, of which the "+
			"kernel, serving page faults above all, took %s and %s.", slow.Name, units.Ratio(float64(cs)/float64(cf)), fast.Name,
			units.Duration(float64(cs)), units.Duration(float64(cf)), units.Duration(float64(ss)), units.Duration(float64(fs)))
		if float64(sl.NS) > 1.2*float64(cs) && float64(fl.NS) > 1.2*float64(cf) {
			s += " The longer wall-clock times of the load column include time the workers were not running."
		}
	}
	if letGo(sl) || letGo(fl) {
		s += fmt.Sprintf(" What a load allocated and no longer kept, Go's collector freed only at a later cycle (%d ran "+
			"during %s's load, %d during %s's), and until then a growing vector that finds no freed block large enough "+
			"takes fresh pages from the system, a page fault each.", sl.GCCycles, slow.Name, fl.GCCycles, fast.Name)
	}
	return s
}

// letGo reports whether a load let go of a tenth or more of what it allocated.
func letGo(l *result.Load) bool { return float64(l.FreedLateBytes) >= 0.1*float64(l.AllocBytes) }

// growthWhy says what the run's growth did to the two loads, in sentences.
func growthWhy(growth int64, slow, fast *result.Backing, claimed float64) []string {
	s, f := &slow.Load, &fast.Load
	allocs := float64(s.AllocBytes) / float64(f.AllocBytes)
	times := func(l *result.Load) string { return units.Ratio(float64(l.AllocBytes) / kept(l)) }
	compared := fmt.Sprintf("%s allocated %s %s's bytes", slow.Name, units.Ratio(allocs), fast.Name)
	if faultsOfBoth(s, f) {
		fs, _ := freshBytes(s)
		ff, _ := freshBytes(f)
		compared = fmt.Sprintf("%s took %s %s's fresh pages for %s its allocation", slow.Name, units.Ratio(fs/ff), fast.Name, units.Ratio(allocs))
	}
	switch growth {
	case tiles.GrowthSized:
		left := "What is left of the difference in load time does not come from growing vectors."
		if su, _, oks := s.CPU(); oks && su > 0 {
			if fu, _, okf := f.CPU(); okf && fu > 0 {
				left = fmt.Sprintf("What is left of the difference does not come from growing vectors: in user code %s's load "+
					"took %s, %s's %s.", slow.Name, units.Duration(float64(su)), fast.Name, units.Duration(float64(fu)))
			}
		}
		return []string{fmt.Sprintf("Sized once, every vector was allocated at its final size: the loads allocated %s and %s "+
			"what they keep and let go of almost nothing, and %s. %s", times(s), times(f), compared, left)}
	case tiles.GrowthDouble:
		return []string{
			fmt.Sprintf("Grown by doubling, as a C++ vector grows in GCC's and Clang's libraries, a vector is copied "+
				"less often than by append: the loads allocated %s and %s what they keep, and %s.", times(s), times(f), compared),
			"A doubling vector's new block is larger than all the blocks it left before together, so however soon " +
				"those are freed they cannot serve its next growth; only another vector (another row) can use them. " +
				"The price is room: a vector just doubled is up to half empty, which bytes/entity shows.",
		}
	}
	return []string{
		fmt.Sprintf("Grown by Go's append, a large vector grows by about a quarter and is copied at each growth: the "+
			"loads allocated %s and %s what they keep, and %s.", times(s), times(f), compared),
		fmt.Sprintf("In C++, as the source grew its vectors, a vector frees its old block the moment it moves, and GCC's "+
			"and Clang's libraries double its capacity where Go's append adds a quarter. The source moved to rows after "+
			"its profiler showed many cache misses and does not say where its load's time went, and this lab does not "+
			"run its C++: how much of the source's %s those differences explain is not measured here. Set growth to 2 "+
			"to grow by doubling, and to 0 to size every vector once.", units.Ratio(claimed)),
	}
}
