package sprites

import "localitylab/workloads/workload"

// BackingNotes explains, per backing, what it is and why it wins or loses on this
// workload; the app shows it beside the measured figures. Each claim follows from
// BenchmarkFrame and BenchmarkMoves (bench_test.go); keep them in step when a store
// changes.
var BackingNotes = map[string]string{
	workload.PtrArray: "An array of pointers to sprites allocated one by one in shuffled order, with other " +
		"objects between them, as a long-running object-oriented game's heap ends up. To cull, it follows " +
		"every pointer, and nearly every one lands on a cache line of its own. But the pointers are read " +
		"from an array front to back, so each sprite's address is known before the one before it has " +
		"arrived: the misses are independent, and the processor keeps many in flight at once: its cull " +
		"alone, timed under go test over a million still sprites, took about 17 ns a sprite, far less " +
		"than a trip to memory. A chain of " +
		"dependent loads, each address read from the object before it (a linked list, or the tiles " +
		"workload's next links), allows no such overlap: the same scattered objects walked through next " +
		"pointers took 20 to 50 times as long per object as through the array, timed under go test " +
		"on the same objects both ways. Its cull tests one sprite per step where soa and slotmap test " +
		"four: four per step measured slower for it.",
	workload.Map: "Go's built-in map (a Swiss table since Go 1.24) from sprite id to sprite, made at its " +
		"final size (left to grow, a million sprites took from about as long to 1.55 times as long to " +
		"load, and the source's own loop of ten million ints 1.2 to 1.74 times, in the CPU time of " +
		"different runs of go test -bench MapFill). Ranging over " +
		"it walks every group of slots, empty ones included, from a random starting point each time, and " +
		"the cull still tests every sprite in the world; each moving sprite costs a lookup and a store back.",
	workload.SlotMap: "Sprites by value in one dense array, with stable handles that resolve through a " +
		"slot table. The cull scans the dense array front to back, so the hardware prefetcher keeps up, but " +
		"it reads every sprite in the world, all 24 bytes of each where soa reads 16. Moving a sprite first " +
		"resolves its handle through the slot table: one more trip to memory than soa's write by row.",
	workload.RowVec: "Per-row vectors: the world is cut into bands, each band keeps its sprites in one " +
		"vector of its own, chained per tile. The cull visits only the tiles near the view, so most of " +
		"the world is never read; a moving sprite is written in place unless its corner crosses into " +
		"another tile, which is rare with tiles much larger than a step.",
	workload.SoA: "One column per field (x, y, w, h, depth, id). The cull streams only the four geometry " +
		"columns, the cheapest way to test every sprite, and a move writes two columns by row. But it " +
		"still tests every sprite, however few are on screen, so its frame grows with the world.",
	workload.SpatialHash: "A spatial hash in its loose, dense variant: the world is a plain array of cells " +
		"(six times the mean sprite size, chosen by a sweep), each sprite listed once, in the cell of its " +
		"corner, and the cells' lists packed in row order. The cull reads only the cells under the view, " +
		"widened by the largest sprite, as a few stretches of memory: it costs what is on screen, not the " +
		"size of the world. In a still world of a million sprites its cull alone is about a hundred times " +
		"faster than soa's scan, and its whole frame, sorting and drawing included, about 13× (go test " +
		"-bench). The corners live apart from the lists, in a dense array by id: a move that keeps its " +
		"cell (most do) reads and writes that one corner, finds its cell by a multiply and a shift per " +
		"axis and marks the cell's copies stale, in a loop that calls nothing: about 1.2× the time of " +
		"soa's two column writes (the moves alone, timed under go test; it was about 4× when each move computed both cells in " +
		"full, checked a live bit and took two passes). Only a sprite whose corner crosses into another " +
		"cell changes lists; so with 1% of a million sprites moving the hash wins whole frames, about 2× " +
		"in go test -bench and 1.9× in a lab run.",
}
