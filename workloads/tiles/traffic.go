package tiles

import (
	"errors"
	"fmt"
	"math"

	"localitylab/internal/units"
	"localitylab/workloads/workload"
)

// What one frame reads, each backing's in its Entry (Traffic), counted from the
// visits and moves in ptrarray.go, slotmap.go, soa.go and rowvec.go. A frame reads a
// part of its structure only (the window's tiles, the moving entities' own tiles), so
// each count is the whole frame's (workload.Traffic.PerFrame), spread over the
// store's heap as its estimate gives it (Entry.Bytes). The window's entries are an
// expectation, not a tally: the entities stand where the seed put them, uniformly,
// and the window's positions are averaged over its sweep. Not counted: the
// allocations of the slices the moves outgrow (ptrarray, slotmap). A move's lines count
// every touch of a tile's header, list and entry, the old tiles' and the new ones',
// as a line of its own: an upper bound where a step stays within a line of its old
// tile, and lists longer than one entry (a fifth of the tiles hold any at the
// defaults) touch a neighbour's links more, which is not counted.

// window is what one frame's window covers, on average over the positions of its
// sweep: tiles, tile entries on them, and tiles holding at least one.
type window struct{ tiles, entries, occupied float64 }

// windowOf is c's window.
func windowOf(c config) window {
	tw, th := min(c.winW, c.cols), min(c.winH, c.rows)
	sx := meanCover(c.cols, c.span, tw, c.winStep, c.stops)
	sy := meanCover(c.rows, c.span, th, c.winH, c.bands)
	e := float64(c.n) * sx * sy / (float64(c.maxCol+1) * float64(c.maxRow+1))
	t := float64(tw) * float64(th)
	// Each entity covers a tile independently: a tile is empty with the chance
	// exp(-λ) of a Poisson count of mean λ, the window's mean.
	return window{tiles: t, entries: e, occupied: t * (1 - math.Exp(-e/t))}
}

// meanCover is, along one axis of size tiles, the number of an entity's positions
// that cover a window's tiles, summed over the win tiles of the window and averaged
// over its k positions (windowAt: every step tiles, the last pulled back to the edge).
// A tile at x is covered from the positions max(x-span+1, 0) to min(x, size-span).
func meanCover(size, span, win, step int32, k int) float64 {
	pre := make([]float64, size+1)
	for x := range size {
		pre[x+1] = pre[x] + float64(min(x, size-span)-max(x-span+1, 0)+1)
	}
	var sum float64
	for i := range int32(k) {
		x0 := min(i*step, max(size-win, 0))
		sum += pre[x0+win] - pre[x0]
	}
	return sum / float64(k)
}

// frameTraffic is a frame's traffic: the window's streamed bytes and chased lines,
// and per move chased lines more, spread over the store's heap.
func frameTraffic(c config, heap int64, streamed, chased float64, perMove int, what, move string) workload.Traffic {
	w := windowOf(c)
	return workload.Traffic{
		Streamed: streamed,
		Chased:   chased + float64(c.moving*perMove),
		PerFrame: true,
		Spread:   float64(heap),
		What: fmt.Sprintf("%s; per move (%s a frame) %d lines, %s, each a line of its own; the window's %s tile entries on %s tiles are the mean of its sweep over the seed's map, not counted in the run",
			what, units.Count(float64(c.moving)), perMove, move, units.Count(w.entries), units.Count(w.tiles)),
	}
}

// byColumn is why a frame visited column by column is not counted: each tile is a
// map row from the last, and what that costs depends on how many rows the caches
// hold.
func byColumn(c config) error {
	if c.byColumn {
		return errors.New("visited column by column, each tile lies a map row from the last: its reads are not counted")
	}
	return nil
}

// tileLists is what the window reads of its tiles' slices, elem bytes an entry: a
// line for each occupied tile's. The load cuts them from one allocation in tile
// order when it sizes them, but that order does not last: a move onto a tile whose
// slice is full (nearly every one, sized exactly) moves it to an allocation of its
// own, tens of thousands a frame at the defaults (allocs/frame).
func tileLists(w window, elem int) (chased float64, words string) {
	return w.occupied, fmt.Sprintf("a line for the %d-byte entries of each of the %s occupied tiles (the moves' appends reallocate them apart)", elem, units.Count(w.occupied))
}
