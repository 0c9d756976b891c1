package tiles

// framer is the part of a frame that differs between stores: applying the frame's
// moves and visiting its window. What comes around it is the same for all of them.
type framer interface {
	apply([]move)
	visit(rect) uint64
}

// runFrame is every store's Frame: the frame's events, then the store's moves, then
// its visit of the window, whose fold is the checksum. It calls the store through the
// interface twice a frame, never per entity or tile: the loops inside stay concrete.
func (w *world) runFrame(s framer) uint64 {
	moves, win := w.nextFrame()
	s.apply(moves)
	return s.visit(win)
}
