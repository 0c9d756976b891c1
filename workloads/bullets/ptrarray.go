package bullets

import (
	"context"

	"localitylab/backings/ptrarray"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/internal/scatter"
	"localitylab/workloads/workload"
)

// objBullet is a bullet as its own heap object. Dead marks a despawned bullet: the
// emitters' handles are plain pointers, and the collector keeps a dead bullet's memory
// alive (and never hands it to another) as long as one points at it, so the flag is
// all a pointer needs to tell that its bullet is gone.
type objBullet struct {
	bullet
	Dead bool
}

// ptrStore is the object-oriented layout (source 003): an array of pointers to bullets,
// each spawn a new heap object, each despawn a swap-remove that leaves the object to the
// collector. The initial population is scattered through the heap (docs/design.md, rule 5);
// later spawns land wherever the allocator finds room among the dead.
type ptrStore struct {
	*world
	a       ptrarray.Array[objBullet]
	handles []*objBullet // emitter e's ring is handles[e*cfg.handles:][:cfg.handles]

	// Under despawn = mark a dead bullet's pointer is set to nil where it lies, a hole
	// the move pass skips, and its index goes on the free list for the next spawn.
	free freeList
}

func (s *ptrStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.prewarm
	s.a.Items = make([]*objBullet, 0, s.cfg.n)
	s.handles = newHandles[*objBullet](s.world)
	err := scatter.Load(ctx, progress, n, s.cfg.seed,
		func(i int, p *objBullet) { p.bullet = s.bulletAt(i) },
		s.a.Append)
	if err != nil || !s.cfg.mark {
		return err
	}
	// Spread the pointers over an array with holes (loadPlan).
	slots, total := s.free.plan(&s.cfg)
	spread := make([]*objBullet, total, total+s.cfg.spawnCap)
	for i, p := range s.a.Items {
		spread[slots[i]] = p
	}
	s.a.Items = spread
	return nil
}

func (s *ptrStore) Frame() uint64 {
	if s.cfg.mark {
		return s.frameMarked()
	}
	for range s.beginFrame(s.a.Len()) {
		b, ring := s.fire()
		p := &objBullet{bullet: b}
		s.a.Append(p)
		keepHandle(s.handles, ring, p)
	}
	return s.finish(s.update, s.updateDispatch, s.resolve)
}

// update follows every pointer to move its bullet, and despawns the bullets that
// died; the pointer moved into the hole is looked at next.
func (s *ptrStore) update() {
	items := s.a.Items
	for i := 0; i < len(items); {
		p := items[i]
		p.X, p.Y = p.X+p.VX, p.Y+p.VY
		if s.quiet(p.X, p.Y, p.Born) || !s.dies(&p.bullet) {
			i++
			continue
		}
		items = s.despawn(i)
	}
}

// updateDispatch is update under the dispatch parameter: each bullet moved through the
// Motion interface (dispatch.go).
func (s *ptrStore) updateDispatch() {
	items, mv := s.a.Items, s.motion
	for i := 0; i < len(items); {
		p := items[i]
		p.X, p.Y = mv.Step(p.X, p.Y, p.VX, p.VY)
		if s.quiet(p.X, p.Y, p.Born) || !s.dies(&p.bullet) {
			i++
			continue
		}
		items = s.despawn(i)
	}
}

// despawn takes the dead bullet at index i out of the array and returns the array:
// its object is flagged dead, all a handle to it checks, and its place is taken by
// the last pointer (swap-and-pop) or, under despawn = mark, left a hole (nil) on the
// free list.
func (s *ptrStore) despawn(i int) []*objBullet {
	s.a.Items[i].Dead = true
	if s.cfg.mark {
		s.a.Items[i] = nil
		s.free.push(int32(i))
	} else {
		s.a.SwapRemove(i)
	}
	return s.a.Items
}

// resolve follows every emitter's pointers and checks the dead flag.
func (s *ptrStore) resolve() {
	for ring := range rings(s.world, s.handles) {
		for _, p := range ring {
			s.see(&p.bullet, !p.Dead)
		}
	}
}

// frameMarked is Frame under despawn = mark: a spawn's new object takes a hole (or
// is appended), a despawn leaves one.
func (s *ptrStore) frameMarked() uint64 {
	for range s.beginFrame(s.Entities()) {
		b, ring := s.fire()
		p := &objBullet{bullet: b}
		if i, ok := s.free.pop(); ok {
			s.a.Items[i] = p
		} else {
			s.a.Append(p)
		}
		keepHandle(s.handles, ring, p)
	}
	return s.finish(s.updateMarked, s.updateMarkedDispatch, s.resolve)
}

// updateMarked follows every pointer but the holes' (nil), and marks the dead.
func (s *ptrStore) updateMarked() {
	for i, p := range s.a.Items {
		if p == nil {
			continue
		}
		p.X, p.Y = p.X+p.VX, p.Y+p.VY
		if !s.quiet(p.X, p.Y, p.Born) && s.dies(&p.bullet) {
			s.despawn(i)
		}
	}
}

// updateMarkedDispatch is updateMarked under the dispatch parameter: each bullet moved
// through the Motion interface (dispatch.go).
func (s *ptrStore) updateMarkedDispatch() {
	mv := s.motion
	for i, p := range s.a.Items {
		if p == nil {
			continue
		}
		p.X, p.Y = mv.Step(p.X, p.Y, p.VX, p.VY)
		if !s.quiet(p.X, p.Y, p.Born) && s.dies(&p.bullet) {
			s.despawn(i)
		}
	}
}

// Entities counts the slots that are not holes: under despawn = mark every slot holds
// a bullet or is on the free list, and under swap-and-pop the list is empty.
func (s *ptrStore) Entities() int { return s.a.Len() - len(s.free) }

func (s *ptrStore) Scene(dst *workload.Scene) {
	stride := s.sceneBegin(dst, s.Entities())
	for _, p := range s.a.Items {
		if p != nil {
			s.sceneBullet(dst, stride, p.ID, p.X, p.Y)
		}
	}
}

// Lookups repeats the last frame\'s handle lookups (lookups.go).
func (s *ptrStore) Lookups() int { return s.again(s.resolve) }

// Layout reports where the bullets live (workload.LayoutReporter).
func (s *ptrStore) Layout(dst *memlayout.Layout) {
	n := s.Entities()
	layouts.Entities(dst, n, int64(cap(s.a.Items))*8+int64(n)*layouts.Size[objBullet](),
		"an 8-byte pointer and a 40-byte object, before the allocator rounds the object up to its size class")
	held := 0
	for e := range s.emitters {
		for _, p := range s.handles[e*s.cfg.handles:][:s.ringLen(e)] {
			if p.Dead {
				held++
			}
		}
	}
	dst.Fact("dead_objects_held", float64(held), "objects", "despawned bullets the emitters' handles keep alive")
	items := s.a.Items
	if s.cfg.mark { // the holes' nil pointers have no address: show the live ones
		items = make([]*objBullet, 0, n)
		for _, p := range s.a.Items {
			if p != nil {
				items = append(items, p)
			}
		}
	}
	layouts.Pointers(dst, items, "Where the objects live: address against index", "index order, as the move pass follows the pointers")
}

// ptrarrayEntry is ptrarray on the bullets workload: its store, estimate and note.
var ptrarrayEntry = entry{
	Backing: workload.PtrArray,
	Traffic: ptrarrayTraffic,
	New:     func(c config) workload.Store { return &ptrStore{world: newWorld(c)} },
	// A pointer, and a 40-byte object in a 48-byte class, doubled by GOGC=100.
	Bytes: func(c config) int64 { return c.heapBytes(8+2*48, 0, true) },
	Note: "An array of pointers to bullets, each spawn a fresh heap object. Every " +
		"frame follows every pointer to a different place in the heap, every spawn is an " +
		"allocation (about 1,200 a frame in slotmap-churn) and every despawn leaves garbage. At " +
		"GOGC 100 that garbage starts a collection now and then, not all the time: slotmap-churn " +
		"measured 1 or 2 collection cycles in its 400 frames (three runs), 23 to 81 µs of collector " +
		"CPU per frame on average (GC/frame), charged to this backing. A handle is a plain pointer: the collector keeps a dead " +
		"bullet's memory for as long as a handle points at it, so a dead flag is enough to tell it " +
		"is gone, and a lookup is one load. With allocs 2 each spawn allocates a trail object too, " +
		"two allocations per spawn. With despawn 1 a dead bullet's pointer is set to nil where it lies, " +
		"a hole the move pass skips and the next spawn fills, instead of being swapped out.",
}

// ptrarrayTraffic: the move pass streams the array of 8-byte pointers (holes
// included, nil ones under despawn = mark) and follows each live one to its object,
// whose position, velocity and birth (20 bytes) it reads and writes.
func ptrarrayTraffic(c config) (workload.Traffic, error) {
	return workload.Traffic{Streamed: 8 * slots(c), Chased: 1,
		What: "the move pass's array of 8-byte pointers" + withHoles(c) + ", and the object each live one points to" + notCounted(c, true)}, nil
}
