package probe

import (
	"fmt"
	"math"

	"localitylab/internal/units"
	"localitylab/lab/cpucache"
	"localitylab/lab/result"
)

// The ladder's shape.
const (
	smallestBytes = 4 << 10 // the first working set: one page, inside every L1
	// denseCap bounds the part of the ladder measured at four points per doubling;
	// past it there are two, and the points added where the ladder climbs
	// (refinements) make a step found there as fine as below. Each load past the
	// last cache waits on memory, and warming a working set of many MiB costs tens
	// of milliseconds: at four points per doubling up to twice a 32 MiB L3, those
	// points were half a full probe's time.
	denseCap = 4 << 20
	// memoryFloor and memoryCap bound the memory point, four times the last cache:
	// far enough past it that little of it is left in any cache, near enough that
	// linking it stays within the probe's time.
	memoryFloor = 128 << 20
	memoryCap   = 1 << 30
	// noCacheTop is how far the ladder goes where the system reports no cache.
	noCacheTop = 1 << 30
	// defaultLine is the line assumed where the system reports none: that of every
	// x86-64 core and most ARM64 ones (Apple's are 128 bytes).
	defaultLine = 64
)

// Plan is what one probe measures: the ladder's working sets, the repetitions and
// how long each runs. NewPlan makes it from what the system reports of its caches
// and the memory the probe may take; the caller provides a buffer of BufferBytes.
type Plan struct {
	Kind     string // result.ProbeShort or result.ProbeFull
	Line     int    // bytes between two elements of the chase
	LineNote string // where Line came from, when the system reports none
	// Sizes are the ladder's working sets, increasing; the last is the memory
	// point, through which the memory bandwidth is read too.
	Sizes []int64
	Reps  int // repetitions per point and pass
	// Passes is how many times the ladder's smaller working sets are visited, in
	// alternating order; the larger ones get Reps × Passes repetitions at once
	// (see meter.points).
	Passes int
	// Refine is how many working sets the probe adds where the ladder climbs
	// steepest, once it is measured (see refinements): 0 for none.
	Refine int
	RepNS  int64 // about how long one repetition runs
	// WarmLoads bounds the loads that warm a working set before its repetitions:
	// what the largest cache holds. A working set that fits is warmed by one pass
	// through it; one that does not finds the caches already full of its own lines,
	// which linking it had just written, and needs no more than a cache's worth of
	// loads to reach the state its repetitions measure.
	WarmLoads    int
	Reported     []cpucache.Level
	ReportedNote string
	// ReachesMemory says that the memory point lies past twice the last cache the
	// system reports (or 128 MiB where it reports none): its plateau is memory's.
	ReachesMemory bool
	Notes         []string
}

// NewPlan plans a probe of kind (result.ProbeShort or result.ProbeFull) for the
// caches the system reports (reported, smallest first; none, with why in note,
// where it reports none), within maxBytes of memory (0: no bound).
func NewPlan(kind string, reported []cpucache.Level, note string, maxBytes int64) (Plan, error) {
	p := Plan{Kind: kind, Reported: reported, ReportedNote: note, Line: defaultLine}
	// Repetitions of half a millisecond: long beside the clock's reads, short beside
	// a time slice, so that few are interrupted on a busy machine. On the development
	// VM at a load of 11 to 12, three full probes of nine 2 ms repetitions kept 137 to
	// 234 of some 570 interrupted even after running them again, and read L3 at 17.5,
	// 33.4 and 22.7 ns; of eleven 0.5 ms ones, 10 to 18 of 682, and 14.7 to 17.4 ns.
	// The full probe spreads twelve over three passes (see meter.points).
	switch kind {
	case result.ProbeShort:
		p.Reps, p.Passes, p.RepNS = 7, 1, 5e5
	case result.ProbeFull:
		p.Reps, p.Passes, p.RepNS, p.Refine = 4, 3, 5e5, maxRefine
	default:
		return Plan{}, fmt.Errorf("kind: %q (want %s or %s)", kind, result.ProbeShort, result.ProbeFull)
	}
	p.Line, p.LineNote = lineOf(reported)
	top, memory := int64(noCacheTop), int64(noCacheTop)
	largest := int64(cpucache.FallbackLLC)
	if ll, ok := cpucache.LastLevel(reported); ok {
		largest = ll.Bytes
		top = 2 * ll.Bytes
		memory = min(max(4*ll.Bytes, memoryFloor), max(memoryCap, top))
	}
	p.WarmLoads = int(max(largest/int64(p.Line), 1<<16))
	past := top // where the ladder must go to reach memory
	if maxBytes > 0 && memory > maxBytes {
		bound := int64(1) << int(math.Log2(float64(maxBytes)))
		p.Notes = append(p.Notes, fmt.Sprintf("the memory point is %s, not %s: the probe takes at most a quarter of the memory available",
			units.Bytes(float64(bound)), units.Bytes(float64(memory))))
		memory, top = bound, min(top, bound)
	}
	if memory < 2*smallestBytes {
		return Plan{}, fmt.Errorf("the memory available allows a working set of %s, too little for a ladder", units.Bytes(float64(memory)))
	}
	p.ReachesMemory = memory >= past && (len(reported) > 0 || memory >= memoryFloor)
	if !p.ReachesMemory {
		p.Notes = append(p.Notes, "the ladder stops short of twice the last cache: its last plateau is not known to be memory's")
	}
	perDoubling := 4
	if kind == result.ProbeShort {
		perDoubling = 1
	}
	p.Sizes = ladderSizes(top, memory, perDoubling, int64(p.Line))
	return p, nil
}

// lineOf is the line of the smallest reported cache that has one, else
// defaultLine with a note saying so.
func lineOf(reported []cpucache.Level) (int, string) {
	for _, l := range reported {
		if l.LineBytes > 0 {
			return l.LineBytes, ""
		}
	}
	return defaultLine, fmt.Sprintf("assumed %d bytes: the system reports no cache line", defaultLine)
}

// ladderSizes are the working sets from smallestBytes: perDoubling of them per
// doubling up to top (up to denseCap, two per doubling past it), then one per
// doubling up to memory, which is the last; each a whole number of lines.
func ladderSizes(top, memory int64, perDoubling int, line int64) []int64 {
	var out []int64
	add := func(b int64) {
		b = max(b/line, 2) * line
		if len(out) == 0 || b > out[len(out)-1] {
			out = append(out, b)
		}
	}
	for k := 0; ; k++ {
		b := int64(float64(smallestBytes) * math.Exp2(float64(k)/float64(perDoubling)))
		if b > top || b >= memory {
			break
		}
		if b > denseCap && perDoubling > 2 && k%(perDoubling/2) != 0 {
			continue
		}
		add(b)
	}
	for b := int64(smallestBytes); b < memory; b *= 2 {
		if b > top {
			add(b)
		}
	}
	add(memory)
	return out
}

// BufferBytes is the memory the probe reads: its largest working set.
func (p *Plan) BufferBytes() int64 { return p.Sizes[len(p.Sizes)-1] }

// MemoryBytes is the memory point's working set.
func (p *Plan) MemoryBytes() int64 { return p.Sizes[len(p.Sizes)-1] }

func sizeText(b int64) string { return units.Bytes(float64(b)) }
