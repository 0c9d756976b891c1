package memlayout

import (
	"fmt"
	"math"
	"math/bits"
)

// SlotTable fills a Strip view with a slot table of n slots, reading each slot's
// generation and liveness through at, in slot order. A table of more than MaxSlots
// slots is summed into cells of PerCell consecutive slots: a cell's Live is the share
// of its slots that are live and its Gen the highest generation among them.
func (v *View) SlotTable(n int, at func(i int) (gen uint32, live bool)) {
	v.want(Strip, "SlotTable")
	per := max(1, (n+MaxSlots-1)/MaxSlots)
	v.Of, v.PerCell = int64(n), int64(per)
	v.Slots = v.Slots[:0]
	for lo := 0; lo < n; lo += per {
		hi := min(lo+per, n)
		live := 0
		var top uint32
		for i := lo; i < hi; i++ {
			g, ok := at(i)
			if ok {
				live++
			}
			top = max(top, g)
		}
		v.Slots = append(v.Slots, Slot{Live: uint8((live*255 + (hi-lo)/2) / (hi - lo)), Gen: top})
	}
}

// RowTable fills a Rows view with n rows, reading a row's length, capacity and free
// slots through at. Beyond MaxRows rows it shows every PerCell-th row, and at is
// called for those alone.
func (v *View) RowTable(n int, at func(r int) (length, capacity, free int64)) {
	v.want(Rows, "RowTable")
	per := max(1, (n+MaxRows-1)/MaxRows)
	v.Of, v.PerCell = int64(n), int64(per)
	v.Rows = v.Rows[:0]
	for r := 0; r < n; r += per {
		l, c, f := at(r)
		v.Rows = append(v.Rows, Row{Index: int64(r), Len: l, Cap: c, Free: f})
	}
}

// StartHeat makes v's heat map for a grid of w×h structure cells covering area, each
// heat cell summing Block×Block of them so that at most MaxHeat cells remain. Counts
// are then added with HeatAdd.
func (v *View) StartHeat(w, h int, area Rect, unit string) {
	v.want(Heatmap, "StartHeat")
	w, h = max(w, 1), max(h, 1)
	side := int(math.Sqrt(MaxHeat))
	block := max(1, (w+side-1)/side, (h+side-1)/side)
	hw, hh := (w+block-1)/block, (h+block-1)/block
	counts := v.Heat.Counts[:0]
	for range hw * hh {
		counts = append(counts, 0)
	}
	v.Heat = Heat{W: hw, H: hh, Counts: counts, Area: area, Block: block, Unit: unit}
}

// HeatAdd adds n to structure cell (x, y) of the grid StartHeat described; a count
// saturates rather than wraps.
func (v *View) HeatAdd(x, y int, n int64) {
	h := &v.Heat
	i := (y/h.Block)*h.W + x/h.Block
	if x < 0 || y < 0 || x/h.Block >= h.W || y/h.Block >= h.H {
		panic(fmt.Sprintf("memlayout: HeatAdd at (%d, %d) outside the %d×%d cells of block %d", x, y, h.W, h.H, h.Block))
	}
	h.Counts[i] = uint32(min(int64(h.Counts[i])+n, math.MaxUint32))
}

// StartCounts makes v a histogram of counts (entries per cell, say) in bins [0, 1),
// [1, 2), [2, 4), [4, 8), …; Count then adds to them.
func (v *View) StartCounts(unit string) {
	v.want(Histogram, "StartCounts")
	v.Unit = unit
	v.Bins = v.Bins[:0]
}

// Count adds times occurrences of value (≥ 0) to a histogram of counts.
func (v *View) Count(value, times int64) {
	i := 0
	if value > 0 {
		i = bits.Len64(uint64(value))
	}
	v.bin(i, func(i int) (lo, hi int64) {
		if i == 0 {
			return 0, 1
		}
		return 1 << (i - 1), 1 << i
	}).Count += times
}

// bin returns bin i, adding the bins up to it (with their bounds from edges) first.
func (v *View) bin(i int, edges func(i int) (lo, hi int64)) *Bin {
	if i >= MaxBins {
		panic(fmt.Sprintf("memlayout: histogram bin %d beyond %d", i, MaxBins))
	}
	for len(v.Bins) <= i {
		lo, hi := edges(len(v.Bins))
		v.Bins = append(v.Bins, Bin{Lo: lo, Hi: hi})
	}
	return &v.Bins[i]
}

// Line is the size of a cache line and Page of a page, in bytes: the units in which a
// gap histogram is read. Both are the common values (x86-64, most arm64 Linux); the
// histogram's bins are in bytes, so a machine with others reads them as well.
const (
	Line = 64
	Page = 4096
)

// gapBin is the bin of a gap of d bytes: [0, 64) within one line, then doubling:
// [64, 128), [128, 256), …
func gapBin(d uint64) int {
	if d < Line {
		return 0
	}
	return bits.Len64(d / Line)
}

func gapEdges(i int) (lo, hi int64) {
	if i == 0 {
		return 0, Line
	}
	return Line << (i - 1), Line << i
}
