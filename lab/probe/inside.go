package probe

import (
	"fmt"
	"math"
	"slices"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// Where a level's latency is read: inside it, away from both its steps.
const (
	// pastStep is how far past the step up from the level below (its size) a
	// level's latency is read from: a quarter of a doubling, where the way up a
	// private cache's step takes has ended.
	pastStep = 1.19
	// beforeStep is how far short of its own step a level's latency is read to:
	// half a doubling. A shared cache begins to miss well before the working set
	// reaches the share this core gets (the development VM's L3, a share of 1.5 to
	// 2.2 MiB that changed with the other guests' work, climbed from 12 to 25 ns
	// over its last doubling), and the points there are the way up, not the level.
	beforeStep = math.Sqrt2
	// minInside is the fewest points inside a level that its latency is read from;
	// with fewer (a level narrower than its margins), the plateau's own points are
	// read, which the detection found flat.
	minInside = 3
)

// readInside sets each level's latency from the ladder's points inside it (see
// inside), those of them that are settled where three or more are: their median,
// the lowest and the highest of them, and how many.
// Memory's stays its plateau's: the tail of the ladder past the last rise of more
// than memoryRise, some twenty points whose median no few thrown off can move.
// A plateau is a run of points within a step of its lowest; where a shared cache
// gives this core a narrow and changing share, which of its points make the run
// changes from one probe to the next, and its median with it (the development VM's
// L3 read 15, 23 and 45 ns in three probes at a load of 35), while the points
// between the two steps stay the level's whatever the run found.
func readInside(ladder []result.LadderPoint, levels []result.ProbeLevel) {
	below := int64(0) // the size of the level below: none below the first
	for i := range levels {
		l := &levels[i]
		first, last := inside(ladder, *l, below)
		below = l.Size()
		var ns, all []float64
		for _, q := range ladder[first : last+1] {
			all = append(all, q.NS)
			if settled(q) {
				ns = append(ns, q.NS)
			}
		}
		if len(ns) < minInside {
			ns = all
		}
		l.NS, l.Lo, l.Hi, l.Points = medianOf(ns), slices.Min(ns), slices.Max(ns), len(ns)
	}
}

// settled says that q's repetitions agree: its 95% interval spans less than a
// step (result.ProbeStep). Where a shared cache's share comes and goes while a
// point is measured, its repetitions read now the cache and now what lies past
// it, and its median is a draw between the two (on the development VM, L3 points
// at 25 to 32 ns whose repetitions went from 19 to 75 ns, beside settled ones at
// 15 to 20 ns). A level's latency is read from its settled points where three or
// more are inside it. A point without an interval (Lo zero, in a hand-made
// ladder) is settled.
func settled(q result.LadderPoint) bool {
	return q.Lo <= 0 || q.Hi < result.ProbeStep*q.Lo
}

// inside is where in the ladder the points inside level l lie, first to last,
// whose level below has the size below (0 for the first): past below by pastStep
// and short of l's own size by beforeStep (to l's last point where the ladder
// shows no step past it). Fewer than minInside of them, and it is the plateau's.
func inside(ladder []result.LadderPoint, l result.ProbeLevel, below int64) (first, last int) {
	lo, hi := float64(below)*pastStep, float64(l.Bytes)
	if l.SizeBytes > 0 {
		hi = float64(l.SizeBytes) / beforeStep
	}
	first = slices.IndexFunc(ladder, func(q result.LadderPoint) bool { return float64(q.Bytes) >= lo })
	last = len(ladder) - 1
	for last >= 0 && float64(ladder[last].Bytes) > hi {
		last--
	}
	if first < 0 || last-first+1 < minInside {
		first = slices.IndexFunc(ladder, func(q result.LadderPoint) bool { return q.Bytes >= l.FromBytes })
		last = slices.IndexFunc(ladder, func(q result.LadderPoint) bool { return q.Bytes >= l.Bytes })
	}
	return first, last
}

// rampNotes says, of each level whose points inside it climb as steeply as a way
// up does (maxSlope, by least squares over the smoothed ladder: one point thrown
// off is not a climb), that it shows no plateau there: its latency is the median
// of a way up, and moves with where its steps fell. They follow the levels'
// naming.
func rampNotes(ladder []result.LadderPoint, levels []result.ProbeLevel) []string {
	ns := make([]float64, len(ladder))
	for i, q := range ladder {
		ns[i] = q.NS
	}
	s := smooth(ns)
	var out []string
	below := int64(0)
	for _, l := range levels {
		first, last := inside(ladder, l, below)
		below = l.Size()
		if last-first+1 < minInside || slope(ladder, s, span{first, last}) < maxSlope {
			continue
		}
		out = append(out, fmt.Sprintf("%s: no plateau inside it: from %s to %s the latency climbs from %s to %s, more than 1.5× a doubling; %s is the median of the way up",
			l.Name, sizeText(ladder[first].Bytes), sizeText(ladder[last].Bytes), units.Duration(s[first]), units.Duration(s[last]), units.Duration(l.NS)))
	}
	return out
}
