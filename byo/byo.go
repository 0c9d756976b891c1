// Package byo ("bring your own") adds a backing of one's own to Locality Lab: a
// structure you wrote, measured beside the six built in, in the window, `bench`,
// `check`, exports and presets alike. It is the whole public API for that: a backing
// imports this package and nothing else of the lab's (its main hands over to
// labmain.Main).
//
// # What you write
//
// A backing is a name and, for each workload it suits, a function that makes its store
// from the workload's World:
//
//	var Backing = byo.Backing{
//		Name: "aos",
//		Sprites: &byo.Sprites{
//			New:  func(w *byo.SpriteWorld) byo.Store { return &spriteStore{w: w} },
//			Note: "An array of sprites held by value, indexed by id. …",
//		},
//	}
//
// A Store implements three methods. Load builds the world into your structure: it
// takes what the World generates (SpriteWorld.Sprite, BulletWorld.Bullet,
// TileWorld.Spawn), reports progress and stops when ctx is cancelled; wrap its loop
// in Fill, which does both once per chunk of thousands of entities. Frame runs one
// frame and returns its checksum. Entities says how many entities the store holds now.
// A store may also implement Scene(*Scene) for the app's preview; without one, the
// preview is made from what the frame reported to the World (sprites), or shows the
// arena's targets and emitters (bullets), or walks the store's Each method (tiles; see
// Tiles).
//
// Frame's loop over the entities is yours and stays concrete: the lab calls Frame once
// per frame through an interface, and nothing else of yours goes through one
// (docs/design.md, rule 2).
//
// # What the World hands you, and the equal-work rules
//
// Every workload is deterministic: the same seed and parameters give the same world
// and the same events every frame, on every backing. The World generates the entities
// and decides each frame's events (which sprites move and where the view is; how many
// bullets spawn, with which ids; which entities step to which tile and where the
// window is). Your store applies the events to its own structure and reports what the
// frame produced through the World's methods, which fold it into the checksum:
//
//   - sprites: call NextFrame, apply the moves, call Visible for every sprite that
//     overlaps the view (any order), return Draw() — the visible sprites in (depth, id)
//     order, each one's id, depth and position folded in.
//   - bullets: spawn what BeginFrame and Fire say, move and judge every bullet with
//     Quiet and Fate, report each death to Died (any order), resolve every emitter's
//     handles in slot order with SeeLive or SeeStale and EmitterDone, return EndFrame().
//     A handle to a dead bullet must read as stale, never reach whatever bullet took
//     its place: that is what your handle scheme must guarantee.
//   - tiles: apply each move (off the old tiles, Dest, onto the new ones), then fold
//     every tile of the window that holds entities, in row-major order, with FoldTile
//     and the Add sum of its ids.
//
// The lab checks after every round that every backing returned the same checksum for
// every frame (docs/design.md, rule 1). A backing whose checksum differs did different
// work: the run stops with the frame and the two backings named, nothing is written,
// and the exit status is 3.
//
// # Finding the first difference
//
// `localitylab check -workload W -backings soa,yours [-frames N] [-param value …]` runs
// the backings in one process, frame by frame, with the same flags as bench, and at
// the first frame whose checksums differ prints the first line of what the frames
// folded that differs: for sprites the n-th sprite drawn (id, depth, position), for
// bullets a spawn, a handle or a death, for tiles a tile and the ids on it. The World
// records those lines for you; for tiles your store needs the Each method that the
// preview uses too.
//
// # Registering, and handing over to Locality Lab
//
// Your own main registers the backings and hands over to the command line and the
// app; since the lab's workers are the same binary, they know your backing too:
//
//	func main() { labmain.Main(aos.Backing) }
//
// A name that a built-in or another registered backing already has is refused at start
// (exit status 2), and so is a backing without a store. A run still compares at most
// six backings, chosen from all registered; a backing that does not implement a
// workload is not offered for it. The examples here are the smallest correct stores;
// examples/aos in the repository is a complete backing, an array of structs on all
// three workloads, with its tests and benchmarks.
package byo

import (
	"fmt"

	"localitylab/internal/owned"
	"localitylab/workloads/bullets"
	"localitylab/workloads/sprites"
	"localitylab/workloads/tiles"
	"localitylab/workloads/workload"
)

// Backing is a backing of one's own: its name and its store on each workload it
// suits. A nil workload is one it does not implement; at least one must be set.
type Backing struct {
	// Name is how flags, presets, result files and the app name it: a lower-case word
	// (letters, digits, - and _) that no other backing has.
	Name    string
	Sprites *Sprites
	Bullets *Bullets
	Tiles   *Tiles
}

// Register adds backings of one's own to this binary. Call it from main before
// anything else (labmain.Main does). It stops at the first backing it refuses, with
// an error that names it and says why: a name taken or malformed, or no store.
func Register(bs ...Backing) error {
	for _, b := range bs {
		stores, err := b.stores()
		if err != nil {
			return err
		}
		if err := owned.Register(b.Name, stores); err != nil {
			return fmt.Errorf("byo: %w", err)
		}
	}
	return nil
}

// stores turns b into its registration: its store by workload name.
func (b Backing) stores() (map[string]owned.Store[workload.Store], error) {
	stores := map[string]owned.Store[workload.Store]{}
	if s := b.Sprites; s != nil {
		stores[sprites.Spec.Name] = ownStore(s.New, s.Note, s.Bytes, sprites.NewOwn, sprites.NewWorld)
	}
	if s := b.Bullets; s != nil {
		stores[bullets.Spec.Name] = ownStore(s.New, s.Note, s.Bytes, bullets.NewOwn, bullets.NewWorld)
	}
	if s := b.Tiles; s != nil {
		stores[tiles.Spec.Name] = ownStore(s.New, s.Note, s.Bytes, tiles.NewOwn, tiles.NewWorld)
	}
	if len(stores) == 0 {
		return nil, fmt.Errorf("byo: backing %q implements no workload (set Sprites, Bullets or Tiles)", b.Name)
	}
	for w, s := range stores {
		if s.New == nil {
			return nil, fmt.Errorf("byo: backing %q: its %s store has no New", b.Name, w)
		}
	}
	return stores, nil
}

// ownStore is the registration of one workload's store, whatever its World type.
func ownStore[W any](newStore func(*W) Store, note string, bytes func(*W) int64,
	newOwn func(workload.Params, func(*W) workload.Core) (workload.Store, error),
	newWorld func(workload.Params) (*W, error)) owned.Store[workload.Store] {
	if newStore == nil {
		return owned.Store[workload.Store]{}
	}
	s := owned.Store[workload.Store]{
		New:  func(p workload.Params) (workload.Store, error) { return newOwn(p, newStore) },
		Note: note,
	}
	if bytes != nil {
		s.Estimate = func(p workload.Params) int64 {
			w, err := newWorld(p)
			if err != nil {
				return 0
			}
			return bytes(w)
		}
	}
	return s
}
