package bullets

import (
	"context"

	"localitylab/backings/slotmap"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// slotBullets is the bullets by value in a slot map and the emitters' slotmap.Handles
// to them, as the slotmap and spatialhash stores both keep them: what they load, spawn,
// resolve and preview the same way. Its methods take the store's world.
type slotBullets struct {
	m       *slotmap.Map[bullet]
	handles []slotmap.Handle // emitter e's ring is handles[e*cfg.handles:][:cfg.handles]
}

// load makes the map and the handles, and inserts the bullets Load places.
func (s *slotBullets) load(ctx context.Context, progress func(float64), w *world) error {
	s.m = slotmap.New[bullet](w.cfg.n)
	s.handles = newHandles[slotmap.Handle](w)
	return workload.Fill(ctx, progress, w.cfg.prewarm, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.m.Insert(w.bulletAt(i))
		}
	})
}

// spawn starts the frame and inserts its new bullets.
func (s *slotBullets) spawn(w *world) {
	for range w.beginFrame(s.m.Len()) {
		b, ring := w.fire()
		keepHandle(s.handles, ring, s.m.Insert(b))
	}
}

// despawn removes the bullet at dense index i, which died for reason k; the last value
// moves into its place, so the move pass looks at i again in the values it returns.
func (s *slotBullets) despawn(w *world, i int, k int32) []bullet {
	w.died(k, s.m.Values()[i].ID)
	s.m.RemoveAt(i)
	return s.m.Values()
}

// resolve looks up every emitter's handles.
func (s *slotBullets) resolve(w *world) {
	for ring := range rings(w, s.handles) {
		for _, h := range ring {
			w.see(s.m.Get(h))
		}
	}
}

// scene previews the bullets in dense order.
func (s *slotBullets) scene(w *world, dst *workload.Scene) {
	stride := w.sceneBegin(dst, s.m.Len())
	for _, b := range s.m.Values() {
		w.sceneBullet(dst, stride, b.ID, b.X, b.Y)
	}
}

// slotStore keeps the bullets by value in a slot map (source 002): one dense array that a
// single pass moves, judges and compacts with swap-and-pop, and slotmap.Handles that
// the emitters keep, checked by generation. A spawn is an append and a slot popped off
// the free list; nothing is allocated once the arrays have reached the peak count.
//
// Under despawn = mark it keeps them in a marked array instead (marked.go): slots that
// never move, holes flagged dead and reused through a free list, handles that are the
// slot and its version.
type slotStore struct {
	*world
	slotBullets

	mk       *marked  // under despawn = mark, in place of m
	mhandles []handle // under despawn = mark, in place of handles
}

func (s *slotStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	if s.cfg.mark {
		s.mk = newMarked(&s.cfg, s.bulletAt)
		s.mhandles = newHandles[handle](s.world)
		progress(1)
		return ctx.Err()
	}
	return s.load(ctx, progress, s.world)
}

func (s *slotStore) Frame() uint64 {
	if s.mk != nil {
		return s.frameMarked()
	}
	s.spawn(s.world)
	return s.finish(s.update, s.updateDispatch, func() { s.resolve(s.world) })
}

// update moves every bullet and removes those that died, in one pass over the dense
// values. A removal moves the last value into the hole, so the loop looks at the same
// index again.
func (s *slotStore) update() {
	vals := s.m.Values()
	for i := 0; i < len(vals); {
		b := &vals[i]
		b.X, b.Y = b.X+b.VX, b.Y+b.VY
		if s.quiet(b.X, b.Y, b.Born) || !s.dies(b) {
			i++
			continue
		}
		s.m.RemoveAt(i)
		vals = s.m.Values()
	}
}

// updateDispatch is update under the dispatch parameter: each bullet moved through the
// Motion interface (dispatch.go).
func (s *slotStore) updateDispatch() {
	vals, mv := s.m.Values(), s.motion
	for i := 0; i < len(vals); {
		b := &vals[i]
		b.X, b.Y = mv.Step(b.X, b.Y, b.VX, b.VY)
		if s.quiet(b.X, b.Y, b.Born) || !s.dies(b) {
			i++
			continue
		}
		s.m.RemoveAt(i)
		vals = s.m.Values()
	}
}

// frameMarked is Frame under despawn = mark.
func (s *slotStore) frameMarked() uint64 {
	for range s.beginFrame(s.mk.live) {
		b, ring := s.fire()
		keepHandle(s.mhandles, ring, s.mk.insert(b))
	}
	return s.finish(s.updateMarked, s.updateMarkedDispatch, s.resolveMarked)
}

// updateMarked visits every slot, skips the holes (an even version), moves each
// bullet and marks those that died: nothing moves in memory.
func (s *slotStore) updateMarked() {
	vals := s.mk.vals
	for i := range vals {
		b := &vals[i]
		if b.gen&1 == 0 {
			continue
		}
		b.X, b.Y = b.X+b.VX, b.Y+b.VY
		if !s.quiet(b.X, b.Y, b.Born) && s.dies(b) {
			s.mk.remove(i)
		}
	}
}

// updateMarkedDispatch is updateMarked under the dispatch parameter: each bullet moved
// through the Motion interface (dispatch.go).
func (s *slotStore) updateMarkedDispatch() {
	vals, mv := s.mk.vals, s.motion
	for i := range vals {
		b := &vals[i]
		if b.gen&1 == 0 {
			continue
		}
		b.X, b.Y = mv.Step(b.X, b.Y, b.VX, b.VY)
		if !s.quiet(b.X, b.Y, b.Born) && s.dies(b) {
			s.mk.remove(i)
		}
	}
}

// resolveMarked looks up every emitter's handles by slot and version.
func (s *slotStore) resolveMarked() {
	for ring := range rings(s.world, s.mhandles) {
		for _, h := range ring {
			s.see(s.mk.get(h))
		}
	}
}

func (s *slotStore) Entities() int {
	if s.mk != nil {
		return s.mk.live
	}
	return s.m.Len()
}

func (s *slotStore) Scene(dst *workload.Scene) {
	if s.mk == nil {
		s.scene(s.world, dst)
		return
	}
	stride := s.sceneBegin(dst, s.mk.live)
	for _, b := range s.mk.vals {
		if b.gen&1 == 1 {
			s.sceneBullet(dst, stride, b.ID, b.X, b.Y)
		}
	}
}

// Lookups repeats the last frame\'s handle lookups (lookups.go).
func (s *slotStore) Lookups() int {
	if s.mk != nil {
		return s.again(s.resolveMarked)
	}
	return s.again(func() { s.resolve(s.world) })
}

// Layout reports where the bullets live (workload.LayoutReporter).
func (s *slotStore) Layout(dst *memlayout.Layout) {
	if s.mk != nil {
		layouts.Entities(dst, s.mk.live, int64(cap(s.mk.vals))*layouts.Size[bullet]()+int64(cap(s.mk.free))*4,
			"a 32-byte slot of the marked array, live or a hole, with the free list")
		layouts.Dense(dst, s.mk.vals, "Where the slots live: address against index, holes included", "slot order, as the move pass sweeps them, skipping holes")
		return
	}
	layouts.Entities(dst, s.m.Len(), s.m.Bytes(), "the slot map's dense value (32), slot (8) and back-index (4), with the arrays' spare room")
	layouts.Dense(dst, s.m.Values(), "Where the values live: address against index", "dense order, as the move pass sweeps them")
	layouts.SlotMap(dst, s.m)
}

// slotmapEntry is slotmap on the bullets workload: its store, estimate and note.
var slotmapEntry = entry{
	Backing: workload.SlotMap,
	Traffic: slotmapTraffic,
	New:     func(c config) workload.Store { return &slotStore{world: newWorld(c)} },
	// The slot map's value, slot and back-index.
	Bytes: func(c config) int64 { return c.heapBytes(32+8+4, 0, true) },
	Note: "Bullets by value in one dense array, removed by moving the last one into the " +
		"hole, with handles that go through a slot table and carry a version. The frame is one " +
		"straight pass over live bullets only; a spawn is an append, a despawn a copy; a stale " +
		"handle fails its version check even after its slot went to a new bullet. Nothing is " +
		"allocated once the arrays have grown, unless allocs 2 asks for a trail object per spawn. With " +
		"despawn 1 it becomes source 001's SliceMap instead: slots that never move, a dead bullet " +
		"flagged by an even version where it lies, its slot reused through a free list, no slot table; " +
		"the move pass visits every slot and skips the holes (dead_pct of them).",
}

// slotmapTraffic: the move pass streams the dense array of 32-byte bullets, all of
// each: it reads 20 bytes of every 32, too close together to leave a line unread.
func slotmapTraffic(c config) (workload.Traffic, error) {
	what := "the move pass's dense array of 32-byte bullets"
	if c.mark {
		what = "the move pass's marked array of 32-byte bullets" + withHoles(c)
	}
	return workload.Traffic{Streamed: 32 * slots(c), What: what + notCounted(c, true)}, nil
}
