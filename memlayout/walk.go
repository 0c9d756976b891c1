package memlayout

import (
	"fmt"
	"slices"

	"localitylab/internal/units"
)

// MaxGaps is how many gaps a Walk keeps to take the median from: every gap of a walk
// of up to MaxGaps+1 entities, an even sample of a longer one.
const MaxGaps = 4096

// FactSpan is the distance from the lowest to the highest address a Walk saw.
const FactSpan = "address_span_bytes"

// Walk measures a structure in the order a frame visits its entities: every gap (the
// distance in memory between two entities visited one after the other) goes into a
// histogram, an even sample of the gaps gives their median, and an even sample of the
// entities' addresses gives a scatter of address against position. It keeps a bounded
// sample whatever the walk's length: when a sample is full it keeps every other
// element and from then on takes half as many, so the sample stays even.
//
// A Walk reads addresses the store hands it; it never reads the memory they point at.
// Addresses are compared and subtracted, never dereferenced or kept beyond Finish,
// which turns them into offsets from the lowest.
type Walk struct {
	l      *Layout
	pos    int64 // entities visited so far
	prev   uintptr
	lo, hi uintptr

	k    int64      // a point is kept at every k-th position
	pts  []rawPoint // at positions 0, k, 2k, …
	kg   int64      // a gap is kept at every kg-th gap
	gaps []uint64   // gaps 0, kg, 2kg, …
	hist [MaxBins]int64
	top  int // highest bin used
}

type rawPoint struct {
	pos  int64
	addr uintptr
}

// Walk starts a walk that Finish will add to l. A layout has one walk at a time.
func (l *Layout) Walk() *Walk {
	w := &l.walk
	*w = Walk{l: l, k: 1, kg: 1, pts: w.pts[:0], gaps: w.gaps[:0], lo: ^uintptr(0)}
	return w
}

// Add visits the entity at addr.
func (w *Walk) Add(addr uintptr) {
	if w.pos > 0 {
		d := dist(addr, w.prev)
		w.hist[w.bin(d)]++
		w.keepGap(w.pos-1, d)
	}
	w.keepPoint(w.pos, addr)
	w.lo, w.hi = min(w.lo, addr), max(w.hi, addr)
	w.prev = addr
	w.pos++
}

// Run visits n entities packed stride bytes apart from first on, as a loop over a
// slice visits them: in O(1) plus what the samples take, not O(n).
func (w *Walk) Run(first uintptr, n int, stride uintptr) {
	if n <= 0 {
		return
	}
	w.Add(first)
	if n == 1 {
		return
	}
	p0 := w.pos - 1 // position of first
	last := p0 + int64(n) - 1
	w.hist[w.bin(uint64(stride))] += int64(n) - 1
	for g := roundUp(p0, w.kg); g < last; g = roundUp(g+1, w.kg) {
		w.keepGap(g, uint64(stride))
	}
	for p := roundUp(p0+1, w.k); p <= last; p = roundUp(p+1, w.k) {
		w.keepPoint(p, first+uintptr(p-p0)*stride)
	}
	end := first + uintptr(n-1)*stride
	w.lo, w.hi = min(w.lo, first), max(w.hi, end)
	w.prev = end
	w.pos = last + 1
}

func dist(a, b uintptr) uint64 {
	if a > b {
		return uint64(a - b)
	}
	return uint64(b - a)
}

// roundUp is the first multiple of k at or after x (x ≥ 0).
func roundUp(x, k int64) int64 { return (x + k - 1) / k * k }

func (w *Walk) bin(d uint64) int {
	b := gapBin(d)
	w.top = max(w.top, b)
	return b
}

// keepGap keeps gap g (between positions g and g+1) when the sample takes it.
func (w *Walk) keepGap(g int64, d uint64) {
	if g%w.kg != 0 {
		return
	}
	if len(w.gaps) == MaxGaps {
		w.gaps = halve(w.gaps)
		w.kg *= 2
		if g%w.kg != 0 {
			return
		}
	}
	w.gaps = append(w.gaps, d)
}

// keepPoint keeps the entity at position p when the sample takes it.
func (w *Walk) keepPoint(p int64, addr uintptr) {
	if p%w.k != 0 {
		return
	}
	if len(w.pts) == MaxPoints {
		w.pts = halve(w.pts)
		w.k *= 2
		if p%w.k != 0 {
			return
		}
	}
	w.pts = append(w.pts, rawPoint{p, addr})
}

// halve keeps the elements at even places: a sample taken every k-th becomes one
// taken every 2k-th.
func halve[T any](s []T) []T {
	n := 0
	for i := 0; i < len(s); i += 2 {
		s[n] = s[i]
		n++
	}
	return s[:n]
}

// Visited is how many entities the walk has visited.
func (w *Walk) Visited() int64 { return w.pos }

// Finish adds what the walk measured to its layout: the facts median_gap_bytes and
// address_span_bytes, and two views, the scatter of address against visit position
// (titled title) and the histogram of gaps. order says what the visit order is, for
// the notes ("index order", "the window's tiles, row by row").
func (w *Walk) Finish(title, order string) {
	l := w.l
	if w.pos < 2 {
		l.Unknown(FactMedianGap, "bytes", "fewer than two entities were visited")
	} else {
		slices.Sort(w.gaps)
		m := len(w.gaps) / 2
		med := float64(w.gaps[m])
		if len(w.gaps)%2 == 0 {
			med = (float64(w.gaps[m-1]) + med) / 2
		}
		note := fmt.Sprintf("all %s gaps, in %s", count(w.pos-1), order)
		if w.kg > 1 {
			note = fmt.Sprintf("an even sample of %s of the %s gaps, in %s", count(int64(len(w.gaps))), count(w.pos-1), order)
		}
		l.Fact(FactMedianGap, med, "bytes", note)
	}
	if w.pos > 0 {
		l.Fact(FactSpan, float64(w.hi-w.lo), "bytes", "from the lowest to the highest address visited")
	}
	v := l.View(Scatter, title)
	v.Of = w.pos
	for _, p := range w.pts {
		v.Points = append(v.Points, Point{Index: p.pos, Offset: int64(p.addr - w.lo)})
	}
	v.Note = fmt.Sprintf("every entity, in %s", order)
	if w.k > 1 {
		v.Note = fmt.Sprintf("one in %s of %s entities, in %s", count(w.k), count(w.pos), order)
	}
	h := l.View(Histogram, "Gaps between consecutive entities")
	h.Unit = "bytes"
	if w.pos >= 2 {
		for i := 0; i <= w.top; i++ {
			h.bin(i, gapEdges).Count = w.hist[i]
		}
	}
	h.Note = fmt.Sprintf("all %s gaps, in %s; a line is %d bytes, a page %s", count(max(w.pos-1, 0)), order, Line, count(Page))
}

func count(n int64) string { return units.Count(float64(n)) }
