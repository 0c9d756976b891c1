package bullets

import "iter"

// What every store's frame does the same way, whatever it keeps its bullets and
// handles in: where a new bullet's handle goes, how the emitters' rings are walked
// and what a resolved handle folds, and how a flat store's move pass judges a bullet
// that is not quiet. These are plain functions over slices and the world; the move
// loops around them stay each store's own, concrete, with no dynamic call per bullet.

// newHandles makes the emitters' handle rings of a store whose handles are H: emitter
// e's ring is handles[e*cfg.handles:][:cfg.handles].
func newHandles[H any](w *world) []H {
	return make([]H, w.cfg.emitters*w.cfg.handles)
}

// keepHandle puts the handle of the bullet just fired in the ring slot fire named, or
// drops it when ring is -1 (the emitters keep no handles).
func keepHandle[H any](handles []H, ring int, h H) {
	if ring >= 0 {
		handles[ring] = h
	}
}

// ringOf is the part of emitter e's ring that holds handles, in slot order.
func ringOf[H any](w *world, handles []H, e int) []H {
	return handles[e*w.cfg.handles:][:w.ringLen(e)]
}

// rings yields every emitter's ring, in emitter order, for a store to resolve its
// handles in slot order, and folds each emitter's stale count once the store is done
// with its ring: one call of the loop body per emitter, never per handle.
func rings[H any](w *world, handles []H) iter.Seq[[]H] {
	return func(yield func([]H) bool) {
		for e := range w.emitters {
			if !yield(ringOf(w, handles, e)) {
				return
			}
			w.emitterDone()
		}
	}
}

// finish runs the rest of the frame of a store whose move pass is a loop and nothing
// more (ptrarray, map, slotmap), once it has spawned: the move pass (move, or under
// the dispatch parameter its copy moveDispatch, chosen here once a frame so that move
// has no call site in its loop), then resolve; it returns the checksum.
func (w *world) finish(move, moveDispatch, resolve func()) uint64 {
	if w.motion != nil {
		moveDispatch()
	} else {
		move()
	}
	resolve()
	return w.endFrame()
}

// see folds what a handle reached: the live bullet b when ok, else a stale handle (b is
// then not read, so it may be whatever took the slot, or nothing).
func (w *world) see(b *bullet, ok bool) {
	if ok {
		w.seeLive(b.ID, b.X, b.Y)
	} else {
		w.seeStale()
	}
}

// dies judges a bullet of a flat store that has just moved and is not quiet (the rare
// case): it reports whether the bullet dies this frame and, when it does, records its
// death, so that all the store's loop has left to do is despawn it.
func (w *world) dies(b *bullet) bool {
	k := w.fate(b.X, b.Y, b.Born)
	if k == fateAlive {
		return false
	}
	w.died(k, b.ID)
	return true
}
