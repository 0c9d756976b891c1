package bullets

import (
	"context"

	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// mapStore keeps the bullets in Go's built-in map (a Swiss table since Go 1.24) keyed
// by bullet id, which is never reused, so a handle is just the id and a stale one is a
// missing key (source 001's starting point). Every spawn is a hashed insert, every
// despawn a hashed delete, and since map values cannot be changed in place, every
// move of every bullet writes its value back through the hash.
type mapStore struct {
	*world
	m       map[uint64]bullet
	handles []uint64 // emitter e's ring is handles[e*cfg.handles:][:cfg.handles]
}

func (s *mapStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	s.m = make(map[uint64]bullet, s.cfg.n)
	s.handles = newHandles[uint64](s.world)
	return workload.Fill(ctx, progress, s.cfg.prewarm, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			b := s.bulletAt(i)
			s.m[b.ID] = b
		}
	})
}

func (s *mapStore) Frame() uint64 {
	for range s.beginFrame(len(s.m)) {
		b, ring := s.fire()
		s.m[b.ID] = b
		keepHandle(s.handles, ring, b.ID)
	}
	return s.finish(s.update, s.updateDispatch, s.resolve)
}

// update ranges over the map (in its random order: nothing folded depends on it),
// moving each bullet and writing it back, or deleting it when it died. Go allows both
// during a range.
func (s *mapStore) update() {
	for id, b := range s.m {
		b.X, b.Y = b.X+b.VX, b.Y+b.VY
		if !s.quiet(b.X, b.Y, b.Born) && s.dies(&b) {
			delete(s.m, id)
			continue
		}
		s.m[id] = b
	}
}

// updateDispatch is update under the dispatch parameter: each bullet moved through the
// Motion interface (dispatch.go).
func (s *mapStore) updateDispatch() {
	mv := s.motion
	for id, b := range s.m {
		b.X, b.Y = mv.Step(b.X, b.Y, b.VX, b.VY)
		if !s.quiet(b.X, b.Y, b.Born) && s.dies(&b) {
			delete(s.m, id)
			continue
		}
		s.m[id] = b
	}
}

// resolve looks every emitter's handles up by id.
func (s *mapStore) resolve() {
	for ring := range rings(s.world, s.handles) {
		for _, id := range ring {
			b, ok := s.m[id]
			s.see(&b, ok)
		}
	}
}

func (s *mapStore) Entities() int { return len(s.m) }

func (s *mapStore) Scene(dst *workload.Scene) {
	stride := s.sceneBegin(dst, len(s.m))
	for _, b := range s.m {
		s.sceneBullet(dst, stride, b.ID, b.X, b.Y)
	}
}

// Lookups repeats the last frame\'s handle lookups (lookups.go).
func (s *mapStore) Lookups() int { return s.again(s.resolve) }

// Layout reports where the bullets live (workload.LayoutReporter).
func (s *mapStore) Layout(dst *memlayout.Layout) {
	layouts.Map(dst, len(s.m), layouts.Size[uint64](), layouts.Size[bullet](), "bullets by id")
}

// mapEntry is map on the bullets workload: its store, estimate and note.
var mapEntry = entry{
	Backing: workload.Map,
	Traffic: mapTraffic,
	New:     func(c config) workload.Store { return &mapStore{world: newWorld(c)} },
	// Key, value, control byte, at 7/8 load in a table that grows by doubling.
	Bytes: func(c config) int64 { return c.heapBytes(128, 0, false) },
	Note: "Go's built-in map (a Swiss table since Go 1.24) keyed by a bullet id that is " +
		"never reused, so a handle is just the id and a stale one is a missing key. Simple and " +
		"safe, but every spawn, despawn and lookup hashes (a lookup about 30 ns against the slot " +
		"map's 10, timed under go test), ranging over the map visits empty slots in a random order, " +
		"and because map values cannot be changed in place every move writes the bullet back " +
		"through the hash. despawn and dead_pct do not apply: a program cannot keep holes in a Go map.",
}
