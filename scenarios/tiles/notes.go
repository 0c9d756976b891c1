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
		"first entry of each of its tiles, and a tile's entries are chained through that vector. " +
		"While the window crosses a row, only that row's vector is read, and it is small enough to " +
		"stay in cache: the fastest walk of the six, with no allocation per tile. Grown by append as in " +
		"the source, a million 10×10 rectangles load about 2.9× faster than into soa's one big vector; " +
		"each entry holds the entity's id (4 bytes: the walk sums ids), next (4: the list) and prev (4: " +
		"a move unlinks from the middle of a list without walking it), plus a 4-byte removal record only " +
		"when entities move, against the source's 4-byte next alone.",
	workload.SoA: "The map-wide array, source 000's \"before\": tile heads in one array and ONE entry " +
		"vector for the whole map (id, next and prev as parallel columns), chained per tile like " +
		"rowvec's. The window's chains jump across a vector as big as the whole population, two " +
		"columns per step. Grown by append, as the source grows it, each growth copies the whole " +
		"vector: loading a million 10×10 rectangles took about 2.9× rowvec's time in the lab (7.7 s " +
		"against 2.7 s) and 10% more memory (the source: 5.8× and 17%); counted first and sized once, " +
		"about 2×.",
	workload.SpatialHash: "A spatial hash in its loose, dense variant: cells of one tile (the cell parameter) " +
		"in a plain array over the map, each entity listed once, in the cell of its top-left tile, " +
		"whatever its span, and the lists packed in row order. The window is one query, widened by the " +
		"span so that it reaches the entities whose corner lies before it; the store then spreads each " +
		"entity over the tiles it covers in a scratch grid and folds the grid in tile order, work the " +
		"grid layouts get for free from their array index. A step that changes cell moves the entity " +
		"between two lists; the lists keep a quarter of their slots free so that this rarely shifts " +
		"more than a neighbour.",
}
