// Package tiles is the dense tile map with entities standing on its tiles (after
// source 000).
//
// A map of cols×rows tiles carries entities; an entity covers span×span tiles and is
// listed on every one of them. Each frame a different few entities step to a
// neighbouring tile (removed from their tiles, inserted on the new ones), then a window
// of tiles, sweeping the map band by band, visits every entity on every tile it covers.
// Each tile's entities are summed in an order-free way and the tiles are folded into the
// checksum in the order visited (row-major, or column-major under the order parameter),
// so a backing may keep a tile's entities in any order.
//
// The shared driver in world.go generates the map and decides every frame's events; the
// six stores differ only in how they keep "which entities stand on this tile".
//
// Measured (bench_test.go, one run each on a shared 2-core x86-64 VM, as ratios): the
// window's walk alone at the defaults is 3–5× faster on rowvec than on soa's single
// map-wide vector (2.8× and 4.6× in two sessions), about 10× faster than ptrarray's
// pointers and about 25× faster than map's per-tile lookups; but whole frames are
// dominated by the 50,000 moves, a few cache misses each on every backing, so rowvec
// and soa frames come within 1.5× of each other.
//
// On source 000's load case (a million 10×10 entities on 107×80 tiles, 100 million
// tile entries; the tiles-rows lesson) the growth parameter decides how every store's
// tile-entity vectors reach their size: sized once (0), grown by Go's append as the
// source grows its vectors by push_back (1), or by doubling, as a C++ vector grows in
// GCC's and Clang's libraries (2). By append, a large slice grows by about a quarter
// and is copied each time, so both rowvec's rows and soa's one vector allocate about
// five times what they keep on the way, and copying and zeroing are most of either
// load (runtime.growslice in a CPU profile of BenchmarkLoad). In three runs of
// localitylab bench -preset tiles-rows per growth on a heavily shared 2-core VM, in
// the worker's CPU time: grown by append, soa's load took 1.17–1.44× rowvec's, the
// difference nearly all in the kernel, serving 832,000–911,000 page faults against
// 519,000–555,000 (Go frees an outgrown vector only at a later collection, and until
// then growing takes fresh pages); by doubling the two came out even, 602,000 faults
// against 541,000–553,000; sized, 1.17–1.26×, the same 295,000 faults each, the
// difference in user code. The wall-clock load times swing with the machine's load
// (soa's 1.25–1.46× rowvec's grown by append, 0.75–1.11× by doubling, 0.90–1.39×
// sized, in the same runs). The source measured 5.8×. soa held 10%
// more grown by append (1.38 KiB against 1.25 KiB per entity), the spare capacity of
// one vector grown by a quarter; the source 17% (479,508,224 against 410,546,720
// bytes). A tile entry holds 12 bytes: the entity's id (the window sums ids), next (the
// list) and prev (a move unlinks from the middle of a list without walking it); the
// rowvec and soa stores add a 4-byte record of where each entry went only when
// entities move. The source's entries hold a next link and nothing else, 4 bytes.
//
// The order parameter sets how a frame visits the window's tiles: row by row, as the
// source advises, or column by column. In two runs of localitylab sweep -preset
// row-order (the whole 2048×2048 map as the window, nothing moving) column by column
// cost rowvec 4.1× and 6.5× its row-by-row time per entity, soa 1.45× and 1.7×,
// ptrarray 1.7× and 2.0×: the per-row layout gains most from the order it was built
// for.
package tiles

import (
	"fmt"

	"localitylab/workloads/internal/stores"
	"localitylab/workloads/workload"
)

// The parameters beyond seed, by name. Presets use these names.
const (
	pEntities   = workload.Entities
	pCols       = "cols"
	pRows       = "rows"
	pMovingPct  = "moving_pct"
	pWindowW    = "window_w"
	pWindowH    = "window_h"
	pWindowStep = "window_step"
	pSpan       = "span"
	pCell       = "cell"
	pGrowth     = "growth"
	pOrder      = "order"
)

// The values of the growth parameter: how a store's tile-entity vectors reach their
// size while the map loads.
const (
	growSized  = 0 // counted first, each allocated once at its final size
	growAppend = 1 // grown by append from empty, as source 000 grows its vectors
	growDouble = 2 // grown from empty by doubling the capacity, as a C++ vector grows
)

// The values of the order parameter: in which order a frame visits the window's tiles.
const (
	orderRows    = 0 // row by row: every column of a row before the next row
	orderColumns = 1 // column by column: every row of a column before the next column
)

// Limits that keep every tile index, entry index and table inside int32 and the
// per-tile arrays of a store within reason.
const (
	maxEntities = 10_000_000
	maxSide     = 1 << 15 // tiles along one axis
	maxTiles    = 1 << 26 // cols×rows: 64M tiles is 256 MB of list heads for rowvec alone
	maxSpan     = 256
	// maxEntries bounds entities×span², the tile entries of the whole map: the single
	// map-wide vector of soa indexes them with int32, and 2^30 of them already need
	// more than 8 GB in any backing.
	maxEntries = 1 << 30
)

// Spec describes the tiles workload.
var Spec = stores.Builtin(workload.Spec{
	Name:  "tiles",
	Title: "Dense tile map with entities on its tiles",
	Doc: "A map of tiles carries entities, each covering span×span tiles. Each frame a few " +
		"entities step to a neighbouring tile (removed from their tiles, inserted on the new " +
		"ones); then a window sweeping the map band by band visits every entity on every tile " +
		"in it, summing each tile's entities and folding the tiles into the checksum in order.",
	Params: params,
}, newConfig, ptrarrayEntry, mapEntry, slotmapEntry, rowvecEntry, soaEntry, spatialhashEntry) // one file each

// entry is one built-in backing on this workload, in the file of its store: its
// store, estimate and note (stores.Entry).
type entry = stores.Entry[config]

// params is Spec.Params, a variable of its own so that newConfig can read it without an
// initialisation cycle through Spec.New.
var params = []workload.Param{
	workload.Seed,
	{Name: pEntities, Doc: "number of entities", Default: 1_000_000, Min: 1, Max: maxEntities},
	{Name: pCols, Doc: "width of the map", Unit: "tiles", Default: 2048, Min: 1, Max: maxSide},
	{Name: pRows, Doc: "height of the map", Unit: "tiles", Default: 2048, Min: 1, Max: maxSide},
	{Name: pMovingPct, Doc: "share of entities that step to a neighbouring tile each frame (a different choice every frame)", Unit: "%", Default: 5, Min: 0, Max: 100},
	{Name: pWindowW, Doc: "width of the window that visits the tiles (clipped to the map)", Unit: "tiles", Default: 512, Min: 1, Max: maxSide},
	{Name: pWindowH, Doc: "height of the window; it sweeps the map in bands of this height", Unit: "tiles", Default: 256, Min: 1, Max: maxSide},
	{Name: pWindowStep, Doc: "how far the window moves along its band each frame", Unit: "tiles", Default: 64, Min: 1, Max: maxSide},
	{Name: pSpan, Doc: "side of an entity: it stands on span×span tiles (10 gives source 000's load case)", Unit: "tiles", Default: 1, Min: 1, Max: maxSpan},
	{Name: pCell, Doc: "spatial hash cell side", Unit: "tiles", Default: 1, Min: 1, Max: maxSide},
	{Name: pGrowth, Doc: "how every store's tile-entity vectors grow while the map loads: 0 = counted first and allocated once at their final size, 1 = grown from empty by Go's append, as source 000 grows its vectors by push_back (Go doubles a small slice and grows a large one by about a quarter), 2 = grown from empty by doubling the capacity whenever a vector is full, as a C++ vector grows in GCC's and Clang's libraries (same map, same checksums; only the load differs)", Default: growSized, Min: growSized, Max: growDouble, Modes: true},
	{Name: pOrder, Doc: "in which order each frame visits the window's tiles: 0 = row by row, finishing a row before the next, as source 000 advises; 1 = column by column, stepping to another row at every tile (the same tiles and sums for every backing; the checksum folds the tiles in the order visited)", Default: orderRows, Min: orderRows, Max: orderColumns, Modes: true},
}

// config is the resolved parameters in the types the stores use, plus what is derived
// from them.
type config struct {
	seed       uint64
	n          int
	cols, rows int32
	movingPct  int
	winW, winH int32
	winStep    int32
	span       int32
	cell       int32
	sized      bool // growth = growSized
	double     bool // growth = growDouble
	byColumn   bool // order = orderColumns

	perEnt int   // tiles one entity stands on: span²
	moving int   // entities that step each frame
	maxCol int32 // an entity's left column lies in [0, maxCol]
	maxRow int32 // its top row in [0, maxRow]
	stops  int   // window positions along a band
	bands  int   // bands of the sweep
}

// newConfig reads resolved parameters and checks what crosses fields.
func newConfig(p workload.Params) (config, error) {
	if err := workload.CheckParams("tiles", params, p); err != nil {
		return config{}, err
	}
	c := config{
		seed:      uint64(p[workload.Seed.Name]),
		n:         int(p[pEntities]),
		cols:      int32(p[pCols]),
		rows:      int32(p[pRows]),
		movingPct: int(p[pMovingPct]),
		winW:      int32(p[pWindowW]),
		winH:      int32(p[pWindowH]),
		winStep:   int32(p[pWindowStep]),
		span:      int32(p[pSpan]),
		cell:      int32(p[pCell]),
		sized:     p[pGrowth] == growSized,
		double:    p[pGrowth] == growDouble,
		byColumn:  p[pOrder] == orderColumns,
	}
	if tiles := int64(c.cols) * int64(c.rows); tiles > maxTiles {
		return config{}, fmt.Errorf("tiles: %s × %s = %d×%d is %d tiles, more than %d", pCols, pRows, c.cols, c.rows, tiles, maxTiles)
	}
	if c.span > min(c.cols, c.rows) {
		return config{}, fmt.Errorf("tiles: %s = %d does not fit in the map of %d×%d tiles (want 1 to %d)", pSpan, c.span, c.cols, c.rows, min(c.cols, c.rows))
	}
	c.perEnt = int(c.span) * int(c.span)
	if entries := int64(c.n) * int64(c.perEnt); entries > maxEntries {
		return config{}, fmt.Errorf("tiles: %s × %s² = %d×%d² is %d tile entries, more than %d", pEntities, pSpan, c.n, c.span, entries, maxEntries)
	}
	c.moving = c.n * c.movingPct / 100
	c.maxCol, c.maxRow = c.cols-c.span, c.rows-c.span
	c.stops = sweepStops(c.cols, c.winW, c.winStep)
	c.bands = sweepStops(c.rows, c.winH, c.winH)
	return c, nil
}
