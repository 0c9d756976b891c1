package tiles

import "localitylab/scenarios/workload"

// BackingNotes explains, per backing, what it is and why it wins or loses on this
// workload; the app shows it beside the measured figures.
var BackingNotes = map[string]string{
	workload.PtrArray: "Per tile, an array of pointers to entity objects allocated one by one and " +
		"scattered through the heap. The window walks the tiles in order, but every entity it meets " +
		"is a jump to somewhere else in memory, and the map pays a slice header for every tile, " +
		"occupied or not. With many entities per tile the collector must also scan every pointer " +
		"array, which makes its load the slowest.",
	workload.Map: "Go's built-in map (a Swiss table since Go 1.24) from tile to the ids standing on " +
		"it, holding occupied tiles only, and another from id to position. Memory follows the " +
		"entities instead of the map's area, but the window must hash every one of its tiles, most " +
		"of them empty, and a tile that empties and fills again costs an allocation.",
	workload.SlotMap: "Entities by value in a slot map, and per tile a slice of their handles. The " +
		"values are dense, but reaching one from a tile goes through the handle, the slot table and " +
		"then the value: three places in memory per entity, in an order the tiles do not share.",
	workload.RowVec: "Per-row vectors (seed 000): each map row keeps its own vector of entries and the " +
		"first entry of each of its tiles, and a tile's entries are chained through that vector. " +
		"While the window crosses a row, only that row's vector is read, and it is small enough to " +
		"stay in cache: the fastest walk of the six, with no allocation per tile.",
	workload.SoA: "The map-wide array, seed 000's \"before\": tile heads in one array and ONE entry " +
		"vector for the whole map (id, next and prev as parallel columns), chained per tile like " +
		"rowvec's. The window's chains jump across a vector as big as the whole population, two " +
		"columns per step, and each growth of the vector copies all of it.",
	workload.SpatialHash: "A spatial hash with cells of one tile (the cell parameter), each entity a " +
		"box of span×span tiles, the window one query. It is built for sparse worlds where a " +
		"small view sees little; on a dense grid it hashes every cell of the window and must then " +
		"regroup what it found by tile, work the grid layouts get for free from their array index. " +
		"A cell that empties leaves the table and gives its list back for reuse, so memory follows " +
		"the area occupied now, and wandering entities stop allocating once the world has settled.",
}
