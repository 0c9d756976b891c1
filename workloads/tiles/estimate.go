package tiles

import "localitylab/workloads/workload"

// estimateBytes is Spec.EstimateBytes: a rough upper bound of one backing's heap after
// Load and a long run, from what each store keeps per tile entry (an entity of span s
// has s² of them), per entity and per tile, as its doc comment lists, with room for the
// slack of slices grown by append (up to twice what they hold, and old and new side by
// side while one grows). Parameters it cannot read give 0: New refuses them anyway.
func estimateBytes(p workload.Params, backing string) int64 {
	c, err := newConfig(p, backing)
	if err != nil {
		return 0
	}
	n := int64(c.n)
	entries := n * int64(c.perEnt)
	tiles := int64(c.cols) * int64(c.rows)
	scratch := int64(c.moving) * 8
	var perEntry, perEntity, perTile, fixed int64
	switch backing {
	case workload.RowVec:
		perEntry = 2*12 + 4 // entry (id, next, prev) in a grown row vector, locator
		perEntity = 8       // position
		perTile = 4
		fixed = int64(c.rows) * 80 // a Row: three slice headers and counters
	case workload.SoA:
		perEntry = 2*12 + 4
		perEntity = 2 * 8 // position columns (and their growth)
		perTile = 4
	case workload.PtrArray:
		perEntry = 2 * 8              // pointer in a tile's grown array
		perEntity = 8 + 16 + 2*16 + 8 // pointer by id, object, fillers until collected, slack
		perTile = 24
	case workload.Map:
		// A Swiss table's slot is its key, value and a control byte; tables are at most
		// 7/8 full and grow by doubling, so up to 2.3 slots per key: 80 bytes per
		// occupied tile (a 33-byte slot) and 40 per entity (a 17-byte slot).
		occupied := min(entries, tiles)
		return occupied*80 + entries*2*4 + n*40 + scratch
	case workload.SlotMap:
		perEntry = 2 * 8 // handle in a tile's grown slice
		perEntity = 12 + 12 + 8
		perTile = 24
	case workload.SpatialHash:
		cells := ceilDiv(int64(c.cols), int64(c.cell)) * ceilDiv(int64(c.rows), int64(c.cell))
		winTiles := int64(min(c.winW, c.cols)) * int64(min(c.winH, c.rows))
		// Per entity a 20-byte item in cell lists with a quarter of their slots free
		// and an eighth more capacity, old and new side by side while a repack (or,
		// grown by append, an append) copies them; an 8-byte corner and a 4-byte slot
		// by id, grown by append; a bit. Per cell 8 bytes and a bit.
		return n*(2*20*5/4*9/8+2*(8+4)+1) + cells*9 + winTiles*12 + scratch
	}
	return entries*perEntry + n*perEntity + tiles*perTile + fixed + scratch
}

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }
