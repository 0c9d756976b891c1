// Package bullets is the spawn/despawn churn workload (after sources 001 and 002).
//
// Rotating emitters fire bullets into a square arena where a few targets drift. Each
// frame new bullets are spawned, every bullet moves, bullets that left the arena or
// reached the end of their lifetime are despawned, survivors that overlap a target are
// despawned as hits, and every emitter resolves the handles it kept to its last few
// bullets, many of which have died since: a stale handle must be seen as stale, never
// resolve to whatever bullet now occupies its slot or its memory.
//
// The backings differ in what a spawn, a despawn and a handle cost: an allocation and a
// dead flag (ptrarray), a hashed insert and delete (map), a dense append and a
// swap-and-pop under a generation-checked slot table (slotmap, soa), a move between
// per-row vectors (rowvec), a slot map's plus a spatial hash rebuilt every frame
// (spatialhash). What happens in a frame is decided by the shared driver in world.go,
// and every store folds the same facts into the frame checksum.
//
// Each backing is one file: its store, its Entry (estimate and note) and its layout.
// Every store's frame moves every bullet, in the structure's own order, so each
// layout's walk visits every live bullet as the move pass does. Under churn the slot
// tables are what moves: slots freed by the dead, reused by the newborn, each reuse a
// new generation.
package bullets

import (
	"localitylab/workloads/internal/stores"
	"localitylab/workloads/workload"
)

// The parameters beyond seed and entities, by name.
const (
	pEntities    = workload.Entities
	pLifetime    = "lifetime"
	pEmitters    = "emitters"
	pHandles     = "handles"
	pTargets     = "targets"
	pArena       = "arena"
	pBulletSpeed = "bullet_speed"
	pBulletSize  = "bullet_size"
	pTargetSize  = "target_size"
	pTargetSpeed = "target_speed"
	pCell        = "cell"
	pBand        = "band"
	pAllocs      = "allocs"
	pDispatch    = "dispatch"
	pDespawn     = "despawn"
	pDeadPct     = "dead_pct"
)

// Limits that keep every coordinate, id and table inside its integer type.
const (
	maxEntities = 10_000_000
	maxTargets  = 1 << targetBits // a hit is folded as id<<targetBits | target
	targetBits  = 10
	maxArena    = 1 << 20 // units: 2^28 sub-units, so a position plus a step fits in int32
	maxSpeed    = 4096    // units per frame
	// maxBandTiles bounds the rowvec grid: each tile costs a 4-byte list head.
	maxBandTiles = 1 << 22
	// maxHashCells bounds the spatial hash's grid, which the store clears and sums
	// every frame, and maxCellsPerQuery how many cells a target's hit test may visit.
	maxHashCells     = hashCellsPerAxis * hashCellsPerAxis
	hashCellsPerAxis = 1 << 11
	maxCellsPerQuery = 1 << 20
)

// Spec describes the bullets workload.
var Spec = stores.Builtin(workload.Spec{
	Name:  "bullets",
	Title: "Bullets spawning and dying",
	Doc: "Rotating emitters fire bullets across a square arena with a few drifting targets. " +
		"Each frame the emitters spawn as many bullets as died (so about entities stay alive), " +
		"every bullet moves, the expired and those that left the arena are despawned, bullets " +
		"that hit a target are despawned, and each emitter resolves handles to its last bullets, " +
		"counting the stale ones. Load places a population already spread over all ages.",
	Params: params,
}, newConfig, ptrarrayEntry, mapEntry, slotmapEntry, rowvecEntry, soaEntry, spatialhashEntry) // one file each

// entry is one built-in backing on this workload, in the file of its store: its
// store, estimate and note (stores.Entry).
type entry = stores.Entry[config]

// params is Spec.Params; a variable of its own so that newConfig can read it without an
// initialisation cycle through Spec.New.
var params = []workload.Param{
	workload.Seed,
	{Name: pEntities, Doc: "live bullets in steady state: each frame spawns what died, up to 4×entities/lifetime", Default: 250_000, Min: 1, Max: maxEntities},
	{Name: pLifetime, Doc: "frames a bullet lives unless it hits a target or leaves the arena", Unit: "frames", Default: 240, Min: 1, Max: 1_000_000},
	{Name: pEmitters, Doc: "rotating emitters; they fire in turn, each turning a little after every shot", Default: 64, Min: 1, Max: 4096},
	{Name: pHandles, Doc: "handles each emitter keeps to its most recent bullets and resolves every frame", Default: 64, Min: 0, Max: 1024},
	{Name: pTargets, Doc: "drifting square targets; a bullet that overlaps one is despawned as a hit", Default: 32, Min: 0, Max: maxTargets},
	{Name: pArena, Doc: "side of the square arena; a bullet whose corner leaves it is despawned", Unit: "units", Default: 4096, Min: 1, Max: maxArena},
	{Name: pBulletSpeed, Doc: "muzzle speed of the fastest emitter; each emitter fires at 50–100% of it", Unit: "units", Default: 4, Min: 0, Max: maxSpeed},
	{Name: pBulletSize, Doc: "side of a bullet's square box", Unit: "units", Default: 4, Min: 1, Max: 1024},
	{Name: pTargetSize, Doc: "side of a target's square box", Unit: "units", Default: 64, Min: 1, Max: 1 << 16},
	{Name: pTargetSpeed, Doc: "distance a target drifts per frame, bouncing off the arena walls", Unit: "units", Default: 1, Min: 0, Max: maxSpeed},
	{Name: pCell, Doc: "spatial hash cell side; 0 = twice the target size: the grid is rebuilt every frame, so only the targets' queries care, and cells about twice a target keep each query to a few cells (the fastest in a sweep of 4 to 256 units)", Unit: "units", Default: 0, Min: 0, Max: maxArena},
	{Name: pBand, Doc: "side of the rowvec arena bands (grid rows and columns)", Unit: "units", Default: 64, Min: 1, Max: maxArena},
	{Name: pAllocs, Doc: "what a spawn asks of the heap, the same in every backing: 0 = nothing beyond the bullet's record; 1 = a 24-byte trail object per bullet, reused from the bullets that died; 2 = a new trail allocated per spawn, the dead bullet's left to the collector", Default: allocsNone, Min: allocsNone, Max: allocsFresh, Modes: true},
	{Name: pDispatch, Doc: "1 = every backing moves each bullet through an interface method call instead of two additions written in line (source 003's polymorphism in a hot loop), one motion for every bullet, so the call's target is always the same; 2 = the same call, but to one of four kinds of motion chosen by the bullet's position, as a mixed array of kinds would call them, so the processor mispredicts the target; 0 = in line, as the stores are written (the same result in every case)", Default: 0, Min: 0, Max: dispatchMixed, Modes: true},
	{Name: pDespawn, Doc: "how ptrarray, slotmap and soa remove a bullet: 0 = swap-and-pop, the last moved into the hole, so the array stays packed; 1 = mark, the bullet flagged dead where it lies, its slot put on a free list for the next spawn, and the move pass skipping holes (map, rowvec and spatialhash keep their own way)", Default: despawnSwap, Min: despawnSwap, Max: despawnMark, Modes: true},
	{Name: pDeadPct, Doc: "with despawn 1, the share of the array's slots that are holes, spread evenly at load and kept as bullets die and spawn; despawn 0 keeps no holes and ignores it", Unit: "%", Default: 0, Min: 0, Max: maxDeadPct},
}

// config is the resolved parameters, lengths converted to sub-units (see world.go), plus
// what is derived from them.
type config struct {
	seed        uint64
	n           int   // steady-state live bullets
	lifetime    int32 // frames
	emitters    int
	handles     int
	targets     int
	side        int32 // arena side, sub-units
	bulletSpeed int32 // sub-units per frame
	bulletSize  int32 // sub-units
	targetSize  int32 // sub-units
	targetSpeed int32 // sub-units per frame
	cell        int32 // spatial hash cell, sub-units
	cellGiven   int64 // the cell parameter as given, units (0: the default), for messages
	band        int32 // rowvec band, sub-units
	bands       int   // rowvec grid: bands along each axis
	spawnCap    int   // most bullets spawned in one frame
	prewarm     int   // bullets Load places
	allocs      int   // allocsNone, allocsReuse or allocsFresh
	dispatch    int64 // move each bullet through an interface call (dispatch.go): 0, dispatchOne or dispatchMixed
	mark        bool  // despawn by marking holes (marked.go), not by swap-and-pop
	deadPct     int   // with mark, the share of slots that are holes, %
}

// newConfig reads resolved parameters and checks what crosses fields. The checks that
// concern one backing's structure only (band, cell) are its Entry's.
func newConfig(p workload.Params) (config, error) {
	if err := workload.CheckParams("bullets", params, p); err != nil {
		return config{}, err
	}
	c := config{
		seed:        uint64(p[workload.Seed.Name]),
		n:           int(p[pEntities]),
		lifetime:    int32(p[pLifetime]),
		emitters:    int(p[pEmitters]),
		handles:     int(p[pHandles]),
		targets:     int(p[pTargets]),
		side:        int32(p[pArena] * unit),
		bulletSpeed: int32(p[pBulletSpeed] * unit),
		bulletSize:  int32(p[pBulletSize] * unit),
		targetSize:  int32(p[pTargetSize] * unit),
		targetSpeed: int32(p[pTargetSpeed] * unit),
		cell:        int32(p[pCell] * unit),
		cellGiven:   p[pCell],
		band:        int32(p[pBand] * unit),
		allocs:      int(p[pAllocs]),
		dispatch:    p[pDispatch],
		mark:        p[pDespawn] == despawnMark,
		deadPct:     int(p[pDeadPct]),
	}
	if c.cell == 0 {
		// Twice the target, unless that makes more cells than the grid may have.
		c.cell = max(2*c.targetSize, (c.side+hashCellsPerAxis-1)/hashCellsPerAxis)
	}
	c.bands = int((int64(c.side) + int64(c.band) - 1) / int64(c.band))
	perFrame := (c.n + int(c.lifetime) - 1) / int(c.lifetime)
	c.spawnCap = 4 * perFrame
	c.prewarm = c.n - perFrame
	return c, nil
}

// minBand is the smallest band, in units, that keeps the rowvec grid of an arena of
// that many units within maxBandTiles.
func minBand(arena int64) int64 {
	const perAxis = 1 << 11 // sqrt(maxBandTiles)
	return (arena + perAxis - 1) / perAxis
}
