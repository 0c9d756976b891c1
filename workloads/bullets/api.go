package bullets

import (
	"localitylab/workloads/internal/stores"
	"localitylab/workloads/workload"
)

// This file is the bullets workload as a store written outside this package sees it
// (a backing of one's own, registered through package byo): the World that places the
// first bullets, decides each frame's spawns, judges every bullet's fate and folds
// what the store reports into the checksum. A store built on it folds exactly what the
// built-in stores fold, so its checksums agree with theirs frame by frame when, and
// only when, it does the same work.

// Bullet is one bullet, 32 bytes, as the flat built-in stores hold it by value. X and
// Y are the corner of its square box and VX, VY its velocity, in sub-units (256 to a
// unit), fixed at spawn; Born is the frame of its first move (before frame 0 for the
// bullets placed by Load); ID its spawn number, never reused. An unexported field pads it
// to 32 bytes.
type Bullet = bullet

// Alive is the fate of a bullet that survives its move (World.Fate): any other fate
// means the store must despawn it and report it to World.Died.
const Alive = fateAlive

// World is the bullets workload as a store of one's own gets it.
//
// Load puts World.Bullet(i) for every i below Initial() into the store. Each Frame then:
//
//  1. k := BeginFrame(live) with the bullets held now; then k times b, ring := Fire():
//     the store adds b and, when ring ≥ 0, keeps the new bullet's handle in slot ring of
//     the emitters' handles (Emitters()×Handles() slots, emitter e's from e×Handles());
//  2. moves every bullet (X += VX, Y += VY, or through Motion() when it is not nil) and asks Quiet(X, Y, Born), which is true for
//     nearly all; for the others Fate(X, Y, Born), and when that is not Alive, calls
//     Died(fate, ID) and despawns the bullet, in any order;
//  3. for every emitter e in order, resolves its first RingLen(e) handle slots in slot
//     order, calling SeeLive(ID, X, Y) for a handle whose bullet lives and SeeStale()
//     for one whose bullet died (a handle must never reach whatever took its place),
//     then EmitterDone();
//  4. returns EndFrame(), the checksum.
type World struct{ w *world }

// Entities is the number of bullets alive in steady state: the most a store ever
// holds, since spawns refill what died up to it.
func (w *World) Entities() int { return w.w.cfg.n }

// Initial is how many bullets Load places: already flying, of every age.
func (w *World) Initial() int { return w.w.cfg.prewarm }

// Bullet generates bullet i of those Load places, ids 0 to Initial()-1. Each has a
// seed of its own, so a Load may ask for them in any order.
func (w *World) Bullet(i int) Bullet { return w.w.bulletAt(i) }

// Motion is what moves each bullet under the dispatch parameter, nil without it: a
// store that honours dispatch copies it before its move loop and, when it is not
// nil, moves every bullet with its Step instead of adding the velocity in line.
func (w *World) Motion() Motion { return w.w.motion }

// Emitters is the number of emitters; Handles how many handle slots each keeps.
func (w *World) Emitters() int { return w.w.cfg.emitters }
func (w *World) Handles() int  { return w.w.cfg.handles }

// BeginFrame starts the next frame for a store that holds live bullets now, and
// returns how many bullets to spawn, each made by Fire.
func (w *World) BeginFrame(live int) int { return w.w.beginFrame(live) }

// Fire makes the next bullet of the frame, and says in which handle slot the store
// keeps its handle (the oldest of its emitter's, overwritten), or -1 when emitters
// keep none.
func (w *World) Fire() (b Bullet, ring int) { return w.w.fire() }

// Quiet reports whether a bullet that has just moved to (x, y) survives the frame for
// certain; it is small enough to inline into a store's loop.
func (w *World) Quiet(x, y, born int32) bool { return w.w.quiet(x, y, born) }

// Fate judges a bullet that has just moved to (x, y) and is not Quiet: Alive, or why
// it dies (left the arena, made its last move, or the index of the target it hit,
// the lowest when several).
func (w *World) Fate(x, y, born int32) int32 { return w.w.fate(x, y, born) }

// Died records a bullet despawned with that fate.
func (w *World) Died(fate int32, id uint64) { w.w.died(fate, id) }

// RingLen is how many of emitter e's handle slots hold a handle.
func (w *World) RingLen(e int) int { return w.w.ringLen(e) }

// SeeLive records that a handle reached the live bullet with this id and corner.
func (w *World) SeeLive(id uint64, x, y int32) { w.w.seeLive(id, x, y) }

// SeeStale records that a handle's bullet has died.
func (w *World) SeeStale() { w.w.seeStale() }

// EmitterDone ends the current emitter's handles.
func (w *World) EmitterDone() { w.w.emitterDone() }

// EndFrame folds the frame's deaths into its checksum and returns it.
func (w *World) EndFrame() uint64 { return w.w.endFrame() }

// SceneBegin starts the preview for a store holding live bullets: the arena, the
// targets and the emitters. It returns the stride of the sample of bullets the preview
// keeps; the store's Scene then calls SceneBullet for each live bullet.
func (w *World) SceneBegin(dst *workload.Scene, live int) (stride uint64) {
	return w.w.sceneBegin(dst, live)
}

// SceneBullet adds a live bullet to the preview if the sample keeps it.
func (w *World) SceneBullet(dst *workload.Scene, stride, id uint64, x, y int32) {
	w.w.sceneBullet(dst, stride, id, x, y)
}

// NewWorld makes the World of resolved parameters p (stores.OwnWorld).
func NewWorld(p workload.Params) (*World, error) {
	return stores.OwnWorld(p, newConfig, func(c config) *World { return &World{w: newWorld(c)} })
}

// NewOwn makes the store of a backing of one's own for resolved parameters p
// (stores.NewOwn); package byo calls it. A store that has no Scene of its own
// previews the targets and emitters only.
func NewOwn(p workload.Params, newStore func(*World) workload.Core) (workload.Store, error) {
	return stores.NewOwn("bullets", p, NewWorld, newStore, func(w *World, _ workload.Core) stores.Completion {
		return stores.Completion{
			Prepare:    w.w.prepare,
			Scene:      func(dst *workload.Scene) { w.w.sceneBegin(dst, 0) },
			StartTrace: w.w.StartTrace,
			Trace:      w.w.Trace,
		}
	})
}
