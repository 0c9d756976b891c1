// Package sprites is the million-sprite camera pan (after sources 003 and 004).
//
// A square world holds many sprites of varied size and depth; a view the size of a
// screen pans along a closed path. Each frame a different few sprites move, then every
// backing finds the sprites that overlap the view (culling), sorts them by (depth, id)
// and "draws" them by folding id and position into the checksum in draw order.
//
// The backings differ only in how they hold the sprites, and so in how they reach a
// moving sprite and find the visible ones: the flat ones (ptrarray, map, slotmap, soa)
// test every sprite, rowvec visits only the world bands the view can touch,
// spatialhash asks its cells but must move a sprite to another cell's list when its
// corner changes cell. What the frame
// produces is decided by the shared driver in world.go, so every backing folds the
// same sprites in the same order.
package sprites

import (
	"fmt"
	"math"

	"localitylab/workloads/internal/stores"
	"localitylab/workloads/workload"
)

// The parameters beyond seed and entities, by name.
const (
	pEntities   = workload.Entities
	pMinSize    = "min_size"
	pMaxSize    = "max_size"
	pDepths     = "depths"
	pMovingPct  = "moving_pct"
	pStep       = "step"
	pViewW      = "view_w"
	pViewH      = "view_h"
	pOnScreen   = "on_screen"
	pPanSpeed   = "pan_speed"
	pPathPct    = "path_pct"
	pCell       = "cell"
	pBand       = "band"
	pColdBytes  = "cold_bytes"
	pChain      = "chain"  // chain.go
	pStride     = "stride" // stride.go
	pColdIn     = "cold_inline"
	pHashCells  = "hash_cells"
	pAllocOrder = "alloc_order" // allocorder.go
)

// Limits that keep every coordinate, key and table inside its integer type.
const (
	maxEntities = 10_000_000 // ids fit in 24 bits of the sort key (see visible.go)
	maxDepths   = 1 << 16    // depths fit in 16 bits of the sort key
	maxSize     = 4096
	maxView     = 1 << 16
	// maxBandTiles bounds the rowvec grid: each tile costs a 4-byte list head.
	maxBandTiles = 1 << 22
	// maxHashCells bounds the spatial hash's grid: each cell costs 8 bytes.
	maxHashCells = 1 << 24
)

// Spec describes the sprites workload.
var Spec = stores.Builtin(workload.Spec{
	Name:  "sprites",
	Title: "Million-sprite camera pan",
	Doc: "A screen-sized view pans over a square world of sprites. Each frame a few " +
		"sprites move; then the backing finds the sprites that overlap the view, sorts " +
		"them by depth and id, and draws them (folds id and position into the checksum). " +
		"The world side is sqrt(entities × view_w × view_h / on_screen), so about " +
		"on_screen sprites have their corner in the view.",
	Params: params,
}, newConfig, ptrarrayEntry, mapEntry, slotmapEntry, rowvecEntry, soaEntry, spatialhashEntry) // one file each

// entry is one built-in backing on this workload, in the file of its store: its
// store, estimate and note (stores.Entry).
type entry = stores.Entry[config]

// params is Spec.Params; a variable of its own so that newConfig can read it without
// an initialisation cycle through Spec.New.
var params = []workload.Param{
	workload.Seed,
	{Name: pEntities, Doc: "number of sprites", Default: 1_000_000, Min: 1, Max: maxEntities},
	{Name: pMinSize, Doc: "smallest sprite side", Unit: "units", Default: 8, Min: 1, Max: maxSize},
	{Name: pMaxSize, Doc: "largest sprite side (at least min_size)", Unit: "units", Default: 64, Min: 1, Max: maxSize},
	{Name: pDepths, Doc: "number of depth layers; sprites sort by depth, then id", Default: 16, Min: 1, Max: maxDepths},
	{Name: pMovingPct, Doc: "share of sprites that move each frame (a different choice every frame)", Unit: "%", Default: 1, Min: 0, Max: 100},
	{Name: pStep, Doc: "largest move of a moving sprite along each axis, per frame", Unit: "units", Default: 8, Min: 0, Max: 1 << 20},
	{Name: pViewW, Doc: "width of the view", Unit: "units", Default: 1920, Min: 1, Max: maxView},
	{Name: pViewH, Doc: "height of the view", Unit: "units", Default: 1080, Min: 1, Max: maxView},
	{Name: pOnScreen, Doc: "sprites the world is sized to put in view (sets the world side)", Default: 2000, Min: 1, Max: maxEntities},
	{Name: pPanSpeed, Doc: "distance the view travels along its path each frame", Unit: "units", Default: 16, Min: 0, Max: 1 << 20},
	{Name: pPathPct, Doc: "side of the view's square path, as a share of the world side", Unit: "%", Default: 50, Min: 0, Max: 100},
	{Name: pCell, Doc: "spatial hash cell side; 0 = six times the mean sprite size (216 at the defaults): the fastest moving frame in a sweep of 36 to 288, since larger cells send fewer moves to another cell's list, while still frames hardly change", Unit: "units", Default: 0, Min: 0, Max: 1 << 20},
	{Name: pBand, Doc: "side of the rowvec world bands (grid rows and columns)", Unit: "units", Default: 512, Min: 1, Max: 1 << 20},
	{Name: pColdBytes, Doc: "cold data each sprite owns, read only when it is drawn: inside the record (or behind a pointer in it: cold_inline) for every backing but soa, which keeps it in a column of its own; the record stores are compiled for a few sizes only", Unit: "bytes", Default: 0,
		Min: coldSizes[0], Max: coldSizes[len(coldSizes)-1], Values: coldSizes},
	{Name: pChain, Doc: "ptrarray only: 0 = its plain objects; 1 = each object also points to the next sprite's, and the cull still reads the array; 2 = the cull follows those pointers from sprite 0, a linked list of the same objects; the other backings hold no such pointer and are left alone", Default: chainNone, Min: chainNone, Max: chainFollow, Modes: true},
	{Name: pStride, Doc: "the flat scans (ptrarray, slotmap, soa) read their array in stride passes, every stride-th entry in each (0, stride, 2·stride …, then 1, stride+1 …): every sprite is still tested once a frame; map, rowvec and spatialhash have no array order to stride and are left alone, as is the linked list of chain 2", Unit: "entries", Default: 1, Min: 1, Max: maxStride},
	{Name: pHashCells, Doc: "the spatial hash's cells: 0 = the lab's loose grid (each sprite listed once, in the cell of its corner); 1 = source 004's hash (each sprite listed in every cell its box covers, cells twice the mean sprite when cell is 0, a moved sprite taken out of its cells and added to its new ones when they change)", Default: 0, Min: 0, Max: 1, Modes: true},
	{Name: pAllocOrder, Doc: "ptrarray only: how its objects were allocated: 1 = one by one in a shuffled order of their ids with other allocations between them, as they lie in a heap a game has run in for a while; 0 = one after another in id order, as a []*T built fresh in a loop gets them (Go's allocator gives them nearly consecutive addresses); the other backings allocate no object per sprite and are left alone", Default: allocShuffled, Min: allocInOrder, Max: allocShuffled, Modes: true},
	{Name: pColdIn, Doc: "where the record-oriented backings keep the cold bytes: 1 = inside each record; 0 = in an object of their own that the record points to (source 003's hot/cold split); soa keeps its cold column either way", Default: 1, Min: 0, Max: 1, Modes: true},
}

// config is the resolved parameters in the types the stores use, plus what is derived
// from them (world side, cell size).
type config struct {
	seed       uint64
	n          int
	minSize    int32
	maxSize    int32
	depths     int32
	movingPct  int
	step       int32
	viewW      int32
	viewH      int32
	onScreen   int
	panSpeed   int64
	pathPct    int64
	cell       int32
	band       int32
	cold       int   // cold bytes per sprite, one of coldSizes
	chain      int   // chain.go: chainNone, chainLinked or chainFollow
	stride     int   // stride.go: the flat scans' stride, 1 = front to back
	coldPtr    bool  // cold_inline = 0: the cold bytes behind a pointer (coldptr.go)
	overlap    bool  // hash_cells = 1: source 004's hash (overlaphash.go)
	inOrder    bool  // alloc_order = 0: ptrarray's objects allocated in id order (allocorder.go)
	side       int32 // world side: sprite corners lie in [0, side)²
	moving     int   // sprites moved per frame
	bandsPerAx int   // rowvec grid: bands along each axis
}

// newConfig reads resolved parameters and checks what crosses fields. The checks that
// concern one backing's structure only (band, cell) are its Entry's.
func newConfig(p workload.Params) (config, error) {
	if err := workload.CheckParams("sprites", params, p); err != nil {
		return config{}, err
	}
	c := config{
		seed:      uint64(p[workload.Seed.Name]),
		n:         int(p[pEntities]),
		minSize:   int32(p[pMinSize]),
		maxSize:   int32(p[pMaxSize]),
		depths:    int32(p[pDepths]),
		movingPct: int(p[pMovingPct]),
		step:      int32(p[pStep]),
		viewW:     int32(p[pViewW]),
		viewH:     int32(p[pViewH]),
		onScreen:  int(p[pOnScreen]),
		panSpeed:  p[pPanSpeed],
		pathPct:   p[pPathPct],
		cell:      int32(p[pCell]),
		band:      int32(p[pBand]),
		cold:      int(p[pColdBytes]),
		chain:     int(p[pChain]),
		stride:    int(p[pStride]),
		coldPtr:   p[pColdIn] == 0,
		overlap:   p[pHashCells] == 1,
		inOrder:   p[pAllocOrder] == allocInOrder,
	}
	if c.minSize > c.maxSize {
		return config{}, fmt.Errorf("sprites: %s = %d is larger than %s = %d", pMinSize, c.minSize, pMaxSize, c.maxSize)
	}
	// The chained objects keep their cold bytes inside; a chain of records whose cold
	// bytes sit behind a second pointer is a layout no lesson asks for, so it is refused
	// rather than quietly measured as the inline one.
	if c.chain != chainNone && c.coldPtr {
		return config{}, fmt.Errorf("sprites: %s = %d cannot be combined with %s = 0: the chained objects keep their cold bytes inside; set %s = 1 or %s = 0",
			pChain, c.chain, pColdIn, pColdIn, pChain)
	}
	c.side = worldSide(c.n, c.viewW, c.viewH, c.onScreen)
	c.moving = c.n * c.movingPct / 100
	if c.cell == 0 {
		c.cell = hashCell(c)
	}
	c.bandsPerAx = int((int64(c.side) + int64(c.band) - 1) / int64(c.band))
	return c, nil
}

// worldSide is the side of the square world that puts about onScreen sprite corners in
// a view of viewW×viewH when n corners are spread uniformly: side² / (viewW·viewH) =
// n / onScreen. (Sprites whose corner lies just left of or above the view also overlap
// it, so the count actually drawn is a few percent higher.) The side is at least 1.
func worldSide(n int, viewW, viewH int32, onScreen int) int32 {
	area := float64(n) * float64(viewW) * float64(viewH) / float64(onScreen)
	s := int64(math.Ceil(math.Sqrt(area)))
	return int32(max(s, 1)) // at most sqrt(1e7·2^32) ≈ 2.1e8: fits
}

// minBand is the smallest band that keeps the rowvec grid within maxBandTiles.
func minBand(side int32) int64 {
	perAxis := int64(math.Sqrt(maxBandTiles))
	return (int64(side) + perAxis - 1) / perAxis
}

// spriteBytes is the size of a sprite by value.
const spriteBytes = 24

// heapBytes is a store's estimate of its heap after Load (its Entry's Bytes): what
// its structure keeps per sprite (with the slack of a grown slice or table) and fixed,
// plus the frame's scratch buffers.
func (c *config) heapBytes(perSprite, fixed int64) int64 {
	scratch := int64(c.moving)*12 + 2*16*int64(min(c.n, 4*c.onScreen+64))
	return fixed + int64(c.n)*perSprite + scratch
}

// coldSpace is the cold bytes an estimate counts per sprite: with cold_inline 0 the
// pointer in the record too, with a table's or a slice's slack.
func (c *config) coldSpace() int64 {
	cold := int64(c.cold)
	if c.coldPtr && cold > 0 {
		cold += 16
	}
	return cold
}
