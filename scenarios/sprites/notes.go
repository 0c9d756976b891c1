package sprites

import "localitylab/scenarios/workload"

// BackingNotes explains, per backing, what it is and why it wins or loses on this
// workload; the app shows it beside the measured figures.
var BackingNotes = map[string]string{
	workload.PtrArray: "An array of pointers to sprites allocated one by one, the way object-oriented " +
		"code keeps its game objects. To cull, it follows every pointer, and each lands in a different " +
		"place in the heap, so the CPU waits on memory for nearly every sprite in the world.",
	workload.Map: "Go's built-in map (a Swiss table since Go 1.24) from sprite id to sprite. Ranging " +
		"over it visits every slot group, empty slots included, in a random order each time, and the " +
		"cull still tests every sprite in the world.",
	workload.SlotMap: "Sprites by value in one dense array, with stable handles that resolve through a " +
		"slot table. The cull scans the dense array front to back, so the hardware prefetcher keeps up, " +
		"but it still reads every sprite in the world, all 24 bytes of each.",
	workload.RowVec: "Per-row vectors: the world is cut into bands, each band keeps its sprites in one " +
		"vector of its own, chained per tile. The cull visits only the tiles near the view, so most of " +
		"the world is never read; a sprite changes vector only when it crosses a band border.",
	workload.SoA: "One column per field (x, y, w, h, depth, id). The cull streams only the four " +
		"geometry columns at the full speed of memory, which makes it the fastest way to test every " +
		"sprite, but it still tests every sprite, however few are on screen.",
	workload.SpatialHash: "A hash of cells about twice the mean sprite size, each listing the sprites " +
		"that overlap it. The cull reads only the cells under the view, so its cost follows what is on " +
		"screen, not the size of the world; moving sprites pay to be re-bucketed when they change cells.",
}
