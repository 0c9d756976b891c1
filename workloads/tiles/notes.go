package tiles

import "localitylab/workloads/workload"

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
		"read: at the workload's defaults a row holds about 500 entries (6 KB), which stay in cache, " +
		"the fastest walk of the six with no allocation per tile (the walk alone, timed under go test; whole frames, which " +
		"also move 5% of the entities, came out even with soa's); in tiles-rows a row holds about 1.25 " +
		"million (15 MB), more than the caches near the core, and what is left is the short reach of " +
		"each chain. Visited column by column instead (order 1), every tile is in another row, and " +
		"rowvec loses more than soa: 4.1× and 6.5× its row-by-row cost per entity in two row-order " +
		"sweeps, soa 1.45× and 1.7×. " +
		"Each entry costs 12 bytes where the source's cost 4: the entity's id (4 bytes: the walk sums " +
		"ids, and a game must know who stands there; the source's test entities carried nothing), next " +
		"(4: the list, as in the source) and prev (4: a move unlinks from the middle of a list without " +
		"walking it, which the source's remove cannot do); a 4-byte removal record per entry is added " +
		"only when entities move (none in tiles-rows). At tiles-rows' 100 million entries each 4-byte " +
		"field is 400 MB. Grown by append (growth 1), the rows held 1.25 KiB per entity, 1.28 GB for " +
		"the million, against the source's 410,546,720 bytes; grown by doubling (growth 2), 2.11 KiB, " +
		"since a row of about 1.25 million entries lies just past a doubling and is about 40% empty.",
	workload.SoA: "The map-wide array, source 000's \"before\": tile heads in one array and ONE entry " +
		"vector for the whole map (id, next and prev as parallel columns, 12 bytes per entry as in " +
		"rowvec), chained per tile like rowvec's. The window's chains jump across a vector as big as " +
		"the whole population, two columns per step. At growth 0 (the default) the load counts the " +
		"entries first and allocates the vector once, at its final size; at growth 1, as the source " +
		"grows it, the vector starts empty and each column grows as Go's append grows a slice (by about " +
		"a quarter once large), copying all of it each time; at growth 2 each column doubles instead, " +
		"as a C++ vector does. New entries are written once, in order, as a push_back writes them. " +
		"Measured in three runs of bench -preset tiles-rows at each growth on a heavily shared 2-core VM, " +
		"in the worker's CPU time (the wall-clock load times there swing with the machine's load): at " +
		"growth 1 soa took 832,000–911,000 page faults against rowvec's 519,000–555,000 for a like " +
		"allocation (6.6 against 5.9 GiB, to keep 1.3 and 1.2 GiB), and 1.17–1.44× rowvec's CPU time, " +
		"the difference nearly all in the kernel, which serves the faults (1.35–1.88 s against " +
		"0.98–1.06 s): Go frees an outgrown vector only at a later collection, and until then growing " +
		"takes fresh pages. At growth 2 both allocated twice what they keep, soa took 602,000 faults " +
		"against 541,000–553,000, and the two CPU times came out even (1.48–1.56 s against 1.46–1.54 s). " +
		"Sized, both took the same 295,000 faults, and soa still took 1.17–1.26× rowvec's CPU time, all of " +
		"it in user code. Grown by append it held 1.38 KiB per entity, 1.41 GB for the million, 10% more " +
		"than rowvec's 1.28 GB (the spare capacity of one vector grown by a quarter), and by doubling " +
		"1.58 KiB; the source measured 5.8× and 479,508,224 against 410,546,720 bytes, 17% more.",
	workload.SpatialHash: "A spatial hash in its loose, dense variant: cells of one tile (the cell parameter) " +
		"in a plain array over the map, each entity listed once, in the cell of its top-left tile, " +
		"whatever its span, and the lists packed in row order. The window is one query, widened by the " +
		"span so that it reaches the entities whose corner lies before it; the store then spreads each " +
		"entity over the tiles it covers in a scratch grid and folds the grid in tile order, work the " +
		"grid layouts get for free from their array index. A step that changes cell moves the entity " +
		"between two lists; the lists keep a quarter of their slots free so that this rarely shifts " +
		"more than a neighbour.",
}
