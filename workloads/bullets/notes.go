package bullets

import "localitylab/workloads/workload"

// BackingNotes explains, per backing, what it is and why it wins or loses on this
// workload; the app shows it beside the measured figures.
var BackingNotes = map[string]string{
	workload.PtrArray: "An array of pointers to bullets, each spawn a fresh heap object. Every " +
		"frame follows every pointer to a different place in the heap, every spawn is an " +
		"allocation (about 1,200 a frame in slotmap-churn) and every despawn leaves garbage. At " +
		"GOGC 100 that garbage starts a collection now and then, not all the time: slotmap-churn " +
		"measured 1 or 2 collection cycles in its 400 frames (three runs), 23 to 81 µs of collector " +
		"CPU per frame on average (GC/frame), charged to this backing. A handle is a plain pointer: the collector keeps a dead " +
		"bullet's memory for as long as a handle points at it, so a dead flag is enough to tell it " +
		"is gone, and a lookup is one load. With allocs 2 each spawn allocates a trail object too, " +
		"two allocations per spawn. With despawn 1 a dead bullet's pointer is set to nil where it lies, " +
		"a hole the move pass skips and the next spawn fills, instead of being swapped out.",
	workload.Map: "Go's built-in map (a Swiss table since Go 1.24) keyed by a bullet id that is " +
		"never reused, so a handle is just the id and a stale one is a missing key. Simple and " +
		"safe, but every spawn, despawn and lookup hashes (a lookup about 30 ns against the slot " +
		"map's 10, timed under go test), ranging over the map visits empty slots in a random order, " +
		"and because map values cannot be changed in place every move writes the bullet back " +
		"through the hash. despawn and dead_pct do not apply: a program cannot keep holes in a Go map.",
	workload.SlotMap: "Bullets by value in one dense array, removed by moving the last one into the " +
		"hole, with handles that go through a slot table and carry a version. The frame is one " +
		"straight pass over live bullets only; a spawn is an append, a despawn a copy; a stale " +
		"handle fails its version check even after its slot went to a new bullet. Nothing is " +
		"allocated once the arrays have grown, unless allocs 2 asks for a trail object per spawn. With " +
		"despawn 1 it becomes source 001's SliceMap instead: slots that never move, a dead bullet " +
		"flagged by an even version where it lies, its slot reused through a free list, no slot table; " +
		"the move pass visits every slot and skips the holes (dead_pct of them).",
	workload.RowVec: "Per-row vectors: the arena is cut into bands, each band keeps its bullets in " +
		"one vector of its own, chained per tile. Hit tests visit only the tiles under each target, " +
		"but with every bullet moving, many cross into another tile each frame and must be unlinked " +
		"and relinked, and handles need a slot table of their own because a bullet's place changes. " +
		"A row's vector always keeps freed entries as holes reused through its free list, so despawn " +
		"and dead_pct do not change it.",
	workload.SoA: "One column per field (x, y, vx, vy, born, id, slot), live rows only. The move " +
		"streams just the position and velocity columns, the densest possible pass; despawns are " +
		"swap-removed in one batch, and handles go through a version-checked slot table that is " +
		"patched when a row moves. Nothing is allocated once the columns have grown, unless allocs 2 " +
		"asks for a trail object per spawn. With despawn 1 a dead row stays as a hole (its born column " +
		"marks it), reused through a free list, and the move pass skips it.",
	workload.SpatialHash: "Bullets by value in a slot map, as slotmap keeps them, plus a spatial hash in " +
		"the form particle systems use when everything moves: each frame the grid is rebuilt from " +
		"scratch by one counting sort of the bullets by cell, and each target asks only the cells under " +
		"it. Moving every bullet between cell lists one by one cost 50–70× slotmap's frame; rebuilding " +
		"costs two more passes over the bullets, about 2× slotmap's frame (go test -bench). Cells of twice " +
		"a target's side were the fastest in a sweep: the rebuild costs the same whatever the cell, so only " +
		"the targets' queries care. Handles are the slot map's, so a stale one is caught exactly. It " +
		"keeps swap-and-pop whatever despawn says: despawn 1 is not built for it.",
}
