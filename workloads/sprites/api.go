package sprites

import (
	"localitylab/workloads/internal/stores"
	"localitylab/workloads/workload"
)

// This file is the sprites workload as a store written outside this package sees it
// (a backing of one's own, registered through package byo): the World that generates
// the sprites and decides each frame's events, and the types it hands over. A store
// built on it folds exactly what the built-in stores fold, so its checksums agree with
// theirs frame by frame when, and only when, it does the same work.

// Sprite is one sprite, 24 bytes, as the built-in stores hold it by value. X and Y are
// its min corner, in [0, World.Side()); W and H its size, so that it covers
// [X, X+W) × [Y, Y+H); Depth its layer in [0, depths), deeper drawn first; ID its
// number, 0 to World.Entities()-1, the same for the whole run. Every field is an
// integer, so that every store computes the same positions bit for bit.
type Sprite = sprite

// Move is one event of a frame: sprite ID moves by (DX, DY), each in [-step, step],
// wrapping around the world (World.Wrap). No sprite moves twice in one frame.
type Move = move

// Rect is a half-open rectangle [X0, X1) × [Y0, Y1) of world units: the view.
type Rect = rect

// Overlaps reports whether the sprite at (x, y) of size w×h overlaps r, by the test
// every built-in store uses: x < X1, x+w > X0, y < Y1 and y+h > Y0.
func (r Rect) Overlaps(x, y, w, h int32) bool { return r.overlaps(x, y, w, h) }

// World is the sprites workload as a store of one's own gets it: the sprites to load,
// each frame's events, and the fold of what the frame drew into its checksum.
//
// A store's Load puts World.Sprite(i) for every i below Entities() into its structure.
// Its Frame calls NextFrame, applies the moves to its sprites (by ID), tests every
// sprite it must against the view and calls Visible for each that overlaps it, in any
// order, and returns Draw(): the visible sprites sorted by (Depth, ID) and folded into
// the checksum. Visible and Draw are what make the checksum equal across stores, so a
// store calls them and computes no checksum of its own.
type World struct{ w *world }

// Entities is the number of sprites; they keep their ids 0 to Entities()-1 for the
// whole run (the workload never adds or removes one).
func (w *World) Entities() int { return w.w.cfg.n }

// Side is the world's side: every corner lies in [0, Side())².
func (w *World) Side() int32 { return w.w.cfg.side }

// Sprite generates sprite i as the world places it at load. Each sprite has a seed of
// its own, so a Load may ask for them in any order; it costs a few tens of
// nanoseconds, so a frame should read its own structure, not call this.
func (w *World) Sprite(i int) Sprite { return w.w.spriteAt(i) }

// NextFrame starts the next frame and returns its events: the sprites that move (a
// slice reused by the next call) and the view to draw. It also empties the set that
// Visible fills.
func (w *World) NextFrame() ([]Move, Rect) {
	w.w.vis.reset()
	return w.w.nextFrame()
}

// Wrap returns a coordinate moved back into [0, Side()): a sprite that leaves one edge
// of the world comes back at the other. A move is applied as X = Wrap(X + DX).
func (w *World) Wrap(v int32) int32 { return wrap(v, w.w.cfg.side) }

// Visible records a sprite that overlaps this frame's view, with the position the
// frame moved it to. Call it once per visible sprite, in any order.
func (w *World) Visible(id, depth, x, y int32) { w.w.vis.add(id, depth, x, y) }

// Draw sorts this frame's visible sprites by (depth, id), the painter's order, folds
// each one's depth, id and position into the checksum in that order (workload.Fold),
// and returns it: the value Frame returns.
func (w *World) Draw() uint64 { return w.w.vis.draw() }

// NewWorld makes the World of resolved parameters p (stores.OwnWorld).
func NewWorld(p workload.Params) (*World, error) {
	return stores.OwnWorld(p, newConfig, func(c config) *World { return &World{w: newWorld(c)} })
}

// NewOwn makes the store of a backing of one's own for resolved parameters p
// (stores.NewOwn), with the preview and the trace from what Visible and Draw
// recorded. Package byo calls it; a store's Load finds the World ready for frames.
func NewOwn(p workload.Params, newStore func(*World) workload.Core) (workload.Store, error) {
	// Without a Scene of its own, the preview is the sprites Draw folded, at the
	// positions Visible gave, with the sizes they were generated with (a sprite's size
	// never changes).
	return stores.NewOwn("sprites", p, NewWorld, newStore, func(w *World, _ workload.Core) stores.Completion {
		return stores.Completion{
			Prepare: w.w.prepare,
			Scene:   func(dst *workload.Scene) { w.w.scene(dst, generated{w.w}) },
			Trace:   w.w.Trace,
		}
	})
}

// generated finds a sprite's size by generating it again.
type generated struct{ w *world }

func (g generated) size(id int32) (w, h int32) {
	sp := g.w.spriteAt(int(id))
	return sp.W, sp.H
}
