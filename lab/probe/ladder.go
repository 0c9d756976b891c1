package probe

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"localitylab/lab/result"
	"localitylab/lab/stats"
)

// minLoads is the fewest loads one repetition makes, however slow each is.
const minLoads = 1 << 12

// meter holds what every measurement of one probe shares: the buffer, the cycle's
// order before it is written into the buffer (perm, outside it so that linking a
// working set costs random accesses within a sixteenth of its size, not within all of
// it), the timer, and the progress told so far.
type meter struct {
	plan   *Plan
	buf    []uint64
	perm   []uint32
	timer  *timer
	stride int // words between two elements: one line
	// progress is told each measurement as it ends: done of about of.
	progress func(Step)
	done, of int
}

// tell counts one measurement done and tells progress.
func (m *meter) tell(what string) {
	m.done++
	m.progress(Step{Done: m.done, Of: max(m.of, m.done), What: what})
}

// set is one working set of the ladder as it is measured: its own words of the
// buffer, linked once into a cycle of n elements, where its chase stands, and the
// nanoseconds per load of each repetition so far.
type set struct {
	bytes int64
	words []uint64
	n     int
	at    uint64
	reps  []float64
	intr  int
	// once says the set took all its repetitions in one visit: warming it again (a
	// cycle through it, at most a cache's worth of loads) would cost onceAfter times
	// a visit's repetitions or more, so that spreading them over passes would cost
	// far more in warming than it measures.
	once bool
}

// points measures the latency of a dependent load through each working set of
// sizes, increasing. The sets that fit in the buffer side by side, the smaller
// ones, are each linked once into a region of their own and measured in
// plan.Passes passes of plan.Reps repetitions, the passes in alternating order, so
// that a burst of another process's work, which fills the caches for a second or
// so, falls on a few of each set's repetitions rather than on all of a few
// neighbouring sets': a point's figure is the median of its repetitions over every
// pass. The larger sets take the buffer one at a time, in one pass of as many
// repetitions.
func (m *meter) points(ctx context.Context, sizes []int64) ([]result.LadderPoint, error) {
	fit, words := 0, 0
	for fit < len(sizes) && words+m.words(sizes[fit]) <= len(m.buf) {
		words += m.words(sizes[fit])
		fit++
	}
	out, err := m.measureSets(ctx, sizes[:fit], m.plan.Passes, m.plan.Reps)
	if err != nil {
		return nil, err
	}
	for _, b := range sizes[fit:] {
		pt, err := m.measureSets(ctx, []int64{b}, 1, m.plan.Reps*m.plan.Passes)
		if err != nil {
			return nil, err
		}
		out = append(out, pt...)
	}
	return out, nil
}

// words is how many words of the buffer a working set of bytes takes.
func (m *meter) words(bytes int64) int { return int(bytes/int64(m.plan.Line)) * m.stride }

// measureSets lays the working sets of sizes out one after another from the
// buffer's start (the caller sees that they fit) and measures them in passes
// passes of reps repetitions each, increasing on even passes, decreasing on odd
// ones, linking each just before its first visit; it tells progress after each set
// of each pass.
func (m *meter) measureSets(ctx context.Context, sizes []int64, passes, reps int) ([]result.LadderPoint, error) {
	sets := make([]set, len(sizes))
	off := 0
	for i, b := range sizes {
		w := m.words(b)
		sets[i] = set{bytes: b, words: m.buf[off : off+w], n: w / m.stride}
		off += w
	}
	for pass := range passes {
		for k := range sets {
			i := k
			if pass%2 == 1 {
				i = len(sets) - 1 - k
			}
			if sets[i].once {
				continue
			}
			if pass == 0 {
				// A fixed seed per working set: each run links it the same way.
				rng := rand.New(rand.NewPCG(uint64(sets[i].bytes), 0x6c6f63616c697479))
				if err := m.link(ctx, sets[i].words, sets[i].n, rng); err != nil {
					return nil, err
				}
			}
			if err := m.visit(ctx, &sets[i], reps, passes-pass, pass == 0); err != nil {
				return nil, err
			}
			what := "latency through " + sizeText(sets[i].bytes)
			if passes > 1 && !sets[i].once {
				what += fmt.Sprintf(" (pass %d of %d)", pass+1, passes)
			}
			m.tell(what)
		}
	}
	out := make([]result.LadderPoint, len(sets))
	for i := range sets {
		s := &sets[i]
		if s.at%uint64(m.stride) != 0 || s.at >= uint64(len(s.words)) {
			return nil, fmt.Errorf("probe: the chase through %s ended at word %d, outside its cycle of %d elements: the buffer changed under it", sizeText(s.bytes), s.at, s.n)
		}
		med, lo, hi := stats.MedianCI(s.reps, 0.95)
		out[i] = result.LadderPoint{Bytes: s.bytes, NS: med, Lo: lo, Hi: hi, Reps: len(s.reps), Interrupted: s.intr}
	}
	return out, nil
}

// calibrateLoads is how many loads a visit to a set just linked follows before its
// repetitions, to learn how long one takes (some milliseconds past the last cache,
// some tens of microseconds inside L1), and the fewest that warm a set again.
const calibrateLoads = 1 << 14

// onceAfter is how many times a visit's repetitions warming a set again may take
// before the set takes all its repetitions in its first visit (set.once). Four
// keeps the passes for every set up to some 3 MiB even while each of its loads
// waits on memory: on the development VM, where the L3 this core gets comes and
// goes with the other guests' work, a set measured in one visit while the share was
// gone read memory's latency for all its repetitions (at one time every set from
// 609 KiB to 1.4 MiB, which the L3 held before and after).
const onceAfter = 4

// visit warms s by following its cycle (the time of which says how many loads
// make a repetition of about plan.RepNS), then times reps repetitions and keeps
// their nanoseconds per load. The chase goes on from where the last visit left it.
//
// A set just linked (fresh) needs no warming: linking wrote every line of it in
// order, so the caches hold as much of it as they can, its last lines, which for a
// random chase is as good as any (a set that fits is all there; of one that does
// not, the caches hold a cache's worth of its lines, the state its repetitions
// measure); its visit follows calibrateLoads only. A set visited again is warmed by
// a cycle through it, at most a cache's worth of loads (plan.WarmLoads). Of the
// passes visits left to s (this one among them), it takes all the repetitions now
// where warming it would take onceAfter times as long as they will (see set.once):
// past the last cache, where each load waits 100 ns or more on memory, warming a set
// on every pass was most of a probe's time.
func (m *meter) visit(ctx context.Context, s *set, reps, passes int, fresh bool) error {
	warm := min(max(s.n, calibrateLoads), m.plan.WarmLoads)
	follow := warm
	if fresh {
		follow = calibrateLoads
	}
	ns, _, ok := m.timer.time(func() { s.at = chase(s.words, s.at, follow) })
	if !ok {
		return errClock
	}
	perLoad := max(float64(ns), 1) / float64(follow)
	if passes > 1 && perLoad*float64(warm) > onceAfter*float64(int64(reps)*m.plan.RepNS) {
		reps *= passes
		s.once = true
		m.of -= passes - 1
	}
	loads := int(min(max(float64(m.plan.RepNS)/perLoad, minLoads), 1<<30))
	got, intr, err := m.timer.repeat(ctx, reps, func() { s.at = chase(s.words, s.at, loads) })
	if err != nil {
		return err
	}
	for _, r := range got {
		s.reps = append(s.reps, r/float64(loads))
	}
	s.intr += intr
	return nil
}

// link makes the first n elements of buf one random cycle: Sattolo's algorithm
// over perm, then the cycle written into buf in one pass.
func (m *meter) link(ctx context.Context, buf []uint64, n int, rng *rand.Rand) error {
	perm := m.perm[:n]
	for i := range perm {
		perm[i] = uint32(i)
	}
	const chunk = 1 << 18 // how often a long linking looks at ctx
	for hi := n - 1; hi > 0; hi -= chunk {
		if err := ctx.Err(); err != nil {
			return err
		}
		sattolo(perm, max(hi-chunk, 0), hi, rng)
	}
	s := uint64(m.stride)
	buf = buf[:n*m.stride]
	for i, next := range perm {
		buf[i*m.stride] = uint64(next) * s
	}
	return nil
}

// The points a full probe adds where its ladder climbs.
const (
	// maxRefine bounds them: the steps of three caches and memory, about three
	// each. They are small working sets, some tens of milliseconds in all.
	maxRefine = 12
	// refineRise is the least climb from one point to the next that earns a point
	// between them: less is a plateau's noise.
	refineRise = 1.25
)

// refinements are the working sets to add to ladder: halfway (on a log scale)
// between each two neighbours whose latency climbs by refineRise or more, at most
// n of them, the steepest climbs first, each a whole number of lines and none
// already measured. Four points a doubling leave a step's centre, which is where
// a level's size is read (stepAt), a quarter of a doubling wide; the ways up a
// busy machine draws out are where more points tell most.
func refinements(ladder []result.LadderPoint, n int, line int64) []int64 {
	type climb struct {
		at   int64
		rise float64
	}
	var cs []climb
	for i := 1; i+1 < len(ladder); i++ { // not between the ladder and its memory point
		a, b := ladder[i-1], ladder[i]
		rise := b.NS / a.NS
		mid := int64(math.Sqrt(float64(a.Bytes)*float64(b.Bytes))) / line * line
		if rise >= refineRise && mid > a.Bytes && mid < b.Bytes {
			cs = append(cs, climb{mid, rise})
		}
	}
	slices.SortStableFunc(cs, func(x, y climb) int { return cmp.Compare(y.rise, x.rise) })
	var out []int64
	for _, c := range cs[:min(n, len(cs))] {
		out = append(out, c.at)
	}
	slices.Sort(out)
	return out
}

// insertPoint puts pt into ladder in the order of working sets.
func insertPoint(ladder []result.LadderPoint, pt result.LadderPoint) []result.LadderPoint {
	i, _ := slices.BinarySearchFunc(ladder, pt.Bytes, func(q result.LadderPoint, b int64) int { return cmp.Compare(q.Bytes, b) })
	return slices.Insert(ladder, i, pt)
}
