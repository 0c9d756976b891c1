package workload

// Lookups is implemented by a store whose frame resolves handles by id (bullets: the
// emitters' handles to their last bullets). The lab times Lookups after each frame,
// outside the frame's timed interval, so that the cost of a lookup by id can be
// compared across backings on its own: in a frame it is a small share beside the
// update of every entity, and source 002's claim for the slot map is about lookups.
type Lookups interface {
	// Lookups resolves again, exactly as the last frame did, every handle that frame
	// resolved, and returns how many. It changes nothing that a later frame reads or
	// folds into its checksum, and allocates nothing.
	Lookups() int
}
