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
	workload.RowVec: "Per-row vectors (source 000): each map row keeps its own vector of entries and the " +
		"first entry of each of its tiles, and a tile's entries are chained through that vector, so a " +
		"tile's list never leaves its row. While the window crosses a row, only that row's vector is " +
		"read: at the workload's defaults a row holds about 500 entries (8 KB), which stay in cache, " +
		"the fastest walk of the six with no allocation per tile (BenchmarkVisit; whole frames, which " +
		"also move 5% of the entities, came out even with soa's); in tiles-rows a row holds about 1.25 " +
		"million (15 MB), more than the caches near the core, and what is left is the short reach of " +
		"each chain. Each entry holds the entity's id (4 bytes: the walk sums ids), next (4: the list) " +
		"and prev (4: a move unlinks from the middle of a list without walking it), plus a 4-byte " +
		"removal record only when entities move, against the source's 4-byte next alone. The load " +
		"times include generating the rectangles and, at growth 1, every copy a growing vector makes: " +
		"grown by append as in the source, a million 10×10 rectangles loaded 1.7 to 3× faster than into " +
		"soa's one big vector in three runs of bench -preset tiles-rows on a busy 2-core VM (2.4 s " +
		"against 7.4 s in the quietest; the source: 5.8×).",
	workload.SoA: "The map-wide array, source 000's \"before\": tile heads in one array and ONE entry " +
		"vector for the whole map (id, next and prev as parallel columns), chained per tile like " +
		"rowvec's. The window's chains jump across a vector as big as the whole population, two " +
		"columns per step. At growth 0 (the default) the load counts the entries first and allocates " +
		"the vector once, at its final size; at growth 1, as the source grows it, the vector starts " +
		"empty and each growth copies all of it. In tiles-rows at growth 1 that load took 1.7 to 3× " +
		"rowvec's in three runs (7.4 s against 2.4 s in the quietest) and 11% more memory per entity " +
		"(the source: 5.8× and 17%); sized once, at growth 0, neither loaded faster in three runs " +
		"(soa's load 0.84× to 1.75× rowvec's), with equal memory per entity.",
	workload.SpatialHash: "A spatial hash in its loose, dense variant: cells of one tile (the cell parameter) " +
		"in a plain array over the map, each entity listed once, in the cell of its top-left tile, " +
		"whatever its span, and the lists packed in row order. The window is one query, widened by the " +
		"span so that it reaches the entities whose corner lies before it; the store then spreads each " +
		"entity over the tiles it covers in a scratch grid and folds the grid in tile order, work the " +
		"grid layouts get for free from their array index. A step that changes cell moves the entity " +
		"between two lists; the lists keep a quarter of their slots free so that this rarely shifts " +
		"more than a neighbour.",
}
