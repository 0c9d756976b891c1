package workload

// Traffic is what one frame of a backing reads, per entity, as its workload counts
// it from the code of the frame: the bytes it streams front to back through arrays,
// and the objects it reaches through a pointer at an address no scan predicts. The
// answers set these beside the machine's measured bandwidth and latency (presets'
// explain), so the count must be one a reader can check: What says what was
// counted and what was left out.
type Traffic struct {
	// Streamed is the bytes per entity the frame reads in address order, every
	// entity: the arrays and columns its scan walks.
	Streamed float64
	// Chased is the objects per entity the frame reaches through a pointer, each at
	// an address of its own (a cache line of its own once the objects no longer fit
	// in the cache).
	Chased float64
	// Dependent says the chased loads wait on each other: each address is read from
	// the object before (a linked list), so no two are in flight at once.
	Dependent bool
	// PerFrame says Streamed and Chased count the whole frame, not one entity: a
	// frame that reads only part of its structure (the tiles' window) and a few
	// entities' worth elsewhere (the tiles' moves).
	PerFrame bool
	// Spread is the bytes of memory the frame's reads lie in, where it reads only
	// part of its structure, so that a read is charged the level that holds all of
	// it; 0: the bytes it reads.
	Spread float64
	// What names what was counted and what was not, in a phrase.
	What string
}
