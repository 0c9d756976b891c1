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

	pts  sample[rawPoint] // at positions 0, k, 2k, …
	gaps sample[uint64]   // gaps 0, k, 2k, …
	hist [MaxBins]int64
	top  int // highest bin used
}

type rawPoint struct {
	pos  int64
	addr uintptr
}

// sample keeps the elements at every k-th position of a sequence, at most max of
// them: when full, it keeps every other one and from then on takes every 2k-th.
type sample[T any] struct {
	k     int64
	max   int
	items []T
}

func (s *sample[T]) reset(max int) {
	s.k, s.max, s.items = 1, max, s.items[:0]
}

// keep offers the element at position i; positions come in increasing order.
func (s *sample[T]) keep(i int64, v T) {
	if i%s.k != 0 {
		return
	}
	if len(s.items) == s.max {
		s.items = halve(s.items)
		s.k *= 2
		if i%s.k != 0 {
			return
		}
	}
	s.items = append(s.items, v)
}

// Walk starts a walk that Finish will add to l. A layout has one walk at a time.
func (l *Layout) Walk() *Walk {
	w := &l.walk
	pts, gaps := w.pts, w.gaps
	*w = Walk{l: l, pts: pts, gaps: gaps, lo: ^uintptr(0)}
	w.pts.reset(MaxPoints)
	w.gaps.reset(MaxGaps)
	return w
}

// Add visits the entity at addr.
func (w *Walk) Add(addr uintptr) {
	if w.pos > 0 {
		d := dist(addr, w.prev)
		w.hist[w.bin(d)]++
		w.gaps.keep(w.pos-1, d)
	}
	w.pts.keep(w.pos, rawPoint{w.pos, addr})
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
	for g := roundUp(p0, w.gaps.k); g < last; g = roundUp(g+1, w.gaps.k) {
		w.gaps.keep(g, uint64(stride))
	}
	for p := roundUp(p0+1, w.pts.k); p <= last; p = roundUp(p+1, w.pts.k) {
		w.pts.keep(p, rawPoint{p, first + uintptr(p-p0)*stride})
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
		gaps := w.gaps.items
		slices.Sort(gaps)
		m := len(gaps) / 2
		med := float64(gaps[m])
		if len(gaps)%2 == 0 {
			med = (float64(gaps[m-1]) + med) / 2
		}
		note := fmt.Sprintf("all %s gaps, in %s", count(w.pos-1), order)
		if w.gaps.k > 1 {
			note = fmt.Sprintf("an even sample of %s of the %s gaps, in %s", count(int64(len(gaps))), count(w.pos-1), order)
		}
		l.Fact(FactMedianGap, med, "bytes", note)
	}
	if w.pos > 0 {
		l.Fact(FactSpan, float64(w.hi-w.lo), "bytes", "from the lowest to the highest address visited")
	}
	v := l.View(Scatter, title)
	v.Of = w.pos
	for _, p := range w.pts.items {
		v.Points = append(v.Points, Point{Index: p.pos, Offset: int64(p.addr - w.lo)})
	}
	v.Note = fmt.Sprintf("every entity, in %s", order)
	if w.pts.k > 1 {
		v.Note = fmt.Sprintf("one in %s of %s entities, in %s", count(w.pts.k), count(w.pos), order)
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
