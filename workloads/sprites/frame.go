package sprites

// framer is the part of a frame that differs between stores: applying the frame's
// moves and culling its view. What comes around it is the same for all of them.
type framer interface {
	applyMoves([]move)
	cull(rect)
}

// runFrame is every store's Frame: the frame's events, then the store's moves and
// cull, then the draw of what the cull found. It calls the store through the
// interface twice a frame, never per sprite: the loops inside stay concrete.
func (w *world) runFrame(s framer) uint64 {
	moves, view := w.nextFrame()
	s.applyMoves(moves)
	s.cull(view)
	return w.vis.draw()
}
