package bullets

import (
	"context"

	"localitylab/containers/slotmap"
	"localitylab/scenarios/workload"
)

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
	m       *slotmap.Map[bullet]
	handles []slotmap.Handle // emitter e's ring is handles[e*cfg.handles:][:cfg.handles]

	mk       *marked  // under despawn = mark, in place of m
	mhandles []handle // under despawn = mark, in place of handles
}

func (s *slotStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	if s.cfg.mark {
		s.mk = newMarked(&s.cfg, s.bulletAt)
		s.mhandles = make([]handle, s.cfg.emitters*s.cfg.handles)
		progress(1)
		return ctx.Err()
	}
	s.m = slotmap.New[bullet](s.cfg.n)
	s.handles = make([]slotmap.Handle, s.cfg.emitters*s.cfg.handles)
	return workload.Fill(ctx, progress, s.cfg.prewarm, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.m.Insert(s.bulletAt(i))
		}
	})
}

func (s *slotStore) Frame() uint64 {
	if s.mk != nil {
		return s.frameMarked()
	}
	for range s.beginFrame(s.m.Len()) {
		b, ring := s.fire()
		h := s.m.Insert(b)
		if ring >= 0 {
			s.handles[ring] = h
		}
	}
	s.update()
	s.resolve()
	return s.endFrame()
}

// update moves every bullet and removes those that died, in one pass over the dense
// values. A removal moves the last value into the hole, so the loop looks at the same
// index again.
func (s *slotStore) update() {
	if s.motion != nil {
		s.updateDispatch()
		return
	}
	vals := s.m.Values()
	for i := 0; i < len(vals); {
		b := &vals[i]
		b.X, b.Y = b.X+b.VX, b.Y+b.VY
		if s.quiet(b.X, b.Y, b.Born) {
			i++
			continue
		}
		k := s.fate(b.X, b.Y, b.Born)
		if k == fateAlive {
			i++
			continue
		}
		s.died(k, b.ID)
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
		if s.quiet(b.X, b.Y, b.Born) {
			i++
			continue
		}
		k := s.fate(b.X, b.Y, b.Born)
		if k == fateAlive {
			i++
			continue
		}
		s.died(k, b.ID)
		s.m.RemoveAt(i)
		vals = s.m.Values()
	}
}

// resolve looks up every emitter's handles.
func (s *slotStore) resolve() {
	for e := range s.emitters {
		ring := s.handles[e*s.cfg.handles:]
		for _, h := range ring[:s.ringLen(e)] {
			if b, ok := s.m.Get(h); ok {
				s.seeLive(b.ID, b.X, b.Y)
			} else {
				s.seeStale()
			}
		}
		s.emitterDone()
	}
}

// frameMarked is Frame under despawn = mark.
func (s *slotStore) frameMarked() uint64 {
	for range s.beginFrame(s.mk.live) {
		b, ring := s.fire()
		h := s.mk.insert(b)
		if ring >= 0 {
			s.mhandles[ring] = h
		}
	}
	s.updateMarked()
	s.resolveMarked()
	return s.endFrame()
}

// updateMarked visits every slot, skips the holes (an even version), moves each
// bullet and marks those that died: nothing moves in memory.
func (s *slotStore) updateMarked() {
	if s.motion != nil {
		s.updateMarkedDispatch()
		return
	}
	vals := s.mk.vals
	for i := range vals {
		b := &vals[i]
		if b.gen&1 == 0 {
			continue
		}
		b.X, b.Y = b.X+b.VX, b.Y+b.VY
		if s.quiet(b.X, b.Y, b.Born) {
			continue
		}
		if k := s.fate(b.X, b.Y, b.Born); k != fateAlive {
			s.died(k, b.ID)
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
		if s.quiet(b.X, b.Y, b.Born) {
			continue
		}
		if k := s.fate(b.X, b.Y, b.Born); k != fateAlive {
			s.died(k, b.ID)
			s.mk.remove(i)
		}
	}
}

// resolveMarked looks up every emitter's handles by slot and version.
func (s *slotStore) resolveMarked() {
	for e := range s.emitters {
		ring := s.mhandles[e*s.cfg.handles:]
		for _, h := range ring[:s.ringLen(e)] {
			if b, ok := s.mk.get(h); ok {
				s.seeLive(b.ID, b.X, b.Y)
			} else {
				s.seeStale()
			}
		}
		s.emitterDone()
	}
}

func (s *slotStore) Entities() int {
	if s.mk != nil {
		return s.mk.live
	}
	return s.m.Len()
}

func (s *slotStore) Scene(dst *workload.Scene) {
	stride := s.sceneBegin(dst, s.Entities())
	if s.mk != nil {
		for _, b := range s.mk.vals {
			if b.gen&1 == 1 {
				s.sceneBullet(dst, stride, b.ID, b.X, b.Y)
			}
		}
		return
	}
	for _, b := range s.m.Values() {
		s.sceneBullet(dst, stride, b.ID, b.X, b.Y)
	}
}
