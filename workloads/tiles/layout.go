package tiles

import (
	"strconv"

	"localitylab/memlayout"
)

// What the stores' layouts (workload.LayoutReporter, each in its store's file) share.
// A frame visits the window's tiles in row-major order and every entry on each, so
// each walk visits the entries of the last frame's window in that order, and each
// heat map counts the entries on the window's tiles as the store holds them: what the
// frame read, and nothing else of a map that may hold a hundred million entries.
//
// The bytes per entity leave out the tile table (a list head or slice header per
// tile), whose size follows the map, not the entities; it is a fact of its own, as
// the lab books it as fixed heap. Entries on tiles count 4 or 8 bytes each.

// eachWindowTile calls fn with the index of every tile of the last frame's window, in
// the order the frame visits them (the order parameter).
func (w *world) eachWindowTile(fn func(t int32)) {
	win := w.win
	if w.cfg.byColumn {
		for t := range columnMajor(win, w.cfg.cols) {
			fn(t)
		}
		return
	}
	for r := win.Y0; r < win.Y1; r++ {
		for c := win.X0; c < win.X1; c++ {
			fn(w.tileIndex(c, r))
		}
	}
}

// orderWords says in which order a frame visits the window's tiles, for a caption.
func (w *world) orderWords() string {
	if w.cfg.byColumn {
		return "column by column"
	}
	return "row by row"
}

// windowHeat adds the heat map of entries per tile over the last frame's window,
// count giving a tile's entries.
func (w *world) windowHeat(dst *memlayout.Layout, count func(t int32) int) {
	win := w.win
	h := dst.View(memlayout.Heatmap, "Entries per tile over the window")
	h.StartHeat(int(win.X1-win.X0), int(win.Y1-win.Y0),
		memlayout.Rect{X0: int64(win.X0), Y0: int64(win.Y0), X1: int64(win.X1), Y1: int64(win.Y1)}, "entries per tile")
	w.eachWindowTile(func(t int32) {
		c, r := t%w.cfg.cols, t/w.cfg.cols
		h.HeatAdd(int(c-win.X0), int(r-win.Y0), int64(count(t)))
	})
	if h.Heat.Block > 1 {
		h.Note = "each square sums " + strconv.Itoa(h.Heat.Block) + "×" + strconv.Itoa(h.Heat.Block) + " tiles"
	}
}
