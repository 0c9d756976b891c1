package byo

import "localitylab/workloads/sprites"

// Sprites is a backing's store on the sprites workload.
type Sprites struct {
	New func(w *SpriteWorld) Store
	// Note says what the backing is and why it should win or lose on this workload;
	// the app shows it beside the figures.
	Note string
	// Bytes, if set, estimates the store's heap after Load, so that a run that would
	// not fit in memory is refused before loading; nil takes the largest built-in
	// estimate.
	Bytes func(w *SpriteWorld) int64
}

// SpriteWorld is the sprites workload as a store gets it: the sprites to load
// (Entities, Sprite), each frame's moves and view (NextFrame, Wrap), and the fold of
// what the frame drew into its checksum (Visible, Draw).
type SpriteWorld = sprites.World

// Sprite is one sprite, 24 bytes: its min corner X, Y, its size W×H, its Depth and
// its ID, 0 to Entities()-1 for the whole run.
type Sprite = sprites.Sprite

// SpriteMove is one event of a frame: sprite ID moves by (DX, DY), wrapping around the
// world.
type SpriteMove = sprites.Move

// View is the half-open rectangle a frame draws; View.Overlaps is the test every
// built-in store uses.
type View = sprites.Rect
