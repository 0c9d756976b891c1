package bullets

// What the stores' Lookups (workload.Lookups, each in its store's file) share: the
// lab times them after each frame, so that a lookup by handle can be compared across
// backings on its own. Each repeats the store's own resolve, the loop its Frame ends
// with, and then puts back the world's folds, so that the next frame's checksum and
// the stale count are as if the repeat never ran.

// again runs resolve, which only reads the store and folds what it finds, with the
// world's folds saved and restored around it, and returns how many handles it
// resolved.
func (w *world) again(resolve func()) int {
	sum, stale, total := w.sum, w.stale, w.staleTotal
	resolve()
	w.sum, w.stale, w.staleTotal = sum, stale, total
	n := 0
	for e := range w.emitters {
		n += w.ringLen(e)
	}
	return n
}
