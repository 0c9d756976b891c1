package workload

// Folded is one thing a frame folded into its checksum, in words: the readable form of
// the checksum, which `localitylab check` compares line by line to show where two
// backings' frames first differ. What names the item the same way on every backing
// that did the same work ("drawn #12", "tile (3, 4)", "emitter 5, handle 2"); Value is
// what the frame folded for it ("sprite 1234, depth 3, at (100, 200)").
type Folded struct {
	What, Value string
}

// Tracer is implemented by stores that can list what their frames fold: every built-in
// store, and a store of one's own through package byo. Tracing is for finding a bug,
// never part of a measured run.
type Tracer interface {
	// StartTrace makes the frames from the next on keep what they fold, where a
	// workload's frames must record it as they go (the bullets' handles and deaths);
	// it costs a check per event until then, and some work per event after.
	StartTrace()
	// Trace appends what the last frame folded to dst, in the checksum's order, and
	// returns it; "" in Value means nothing to show, never a difference.
	Trace(dst []Folded) []Folded
}
