package byo

import "localitylab/workloads/bullets"

// Bullets is a backing's store on the bullets workload; see Sprites for the fields.
type Bullets struct {
	New   func(w *BulletWorld) Store
	Note  string
	Bytes func(w *BulletWorld) int64
}

// BulletWorld is the bullets workload as a store gets it: the bullets Load places
// (Initial, Bullet), each frame's spawns (BeginFrame, Fire), each bullet's fate
// (Quiet, Fate, Died), the emitters' handles to resolve (Emitters, Handles, RingLen,
// SeeLive, SeeStale, EmitterDone) and the frame's checksum (EndFrame).
type BulletWorld = bullets.World

// Bullet is one bullet, 32 bytes, in sub-units: its corner X, Y, its velocity VX, VY,
// the frame it was Born and its ID, never reused.
type Bullet = bullets.Bullet

// Motion moves a bullet under the dispatch parameter (BulletWorld.Motion): nil
// without it.
type Motion = bullets.Motion

// Alive is the fate of a bullet that survives its move (BulletWorld.Fate): any other
// means the store despawns it and reports it to Died.
const Alive = bullets.Alive
