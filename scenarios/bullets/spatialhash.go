package bullets

import (
	"context"
	"slices"

	"localitylab/containers/loosegrid"
	"localitylab/containers/slotmap"
	"localitylab/scenarios/workload"
)

// hashStore finds hits with a spatial hash (source 004) in the form particle systems
// use when everything moves every frame: a loose grid rebuilt from scratch each frame
// by one counting sort (loosegrid.Index), instead of re-bucketing every bullet one by
// one as it moves. Each bullet is listed once, in the cell of its corner; each target
// then asks only the cells under it (widened by a bullet's side) for the bullets it
// overlaps.
//
// The bullets themselves live by value in a slot map, as in the slotmap store: one
// dense array that the move pass walks and compacts, and generation-checked handles
// for the emitters, so a stale handle is caught exactly as there. The index names
// bullets by their place in that array at the time of its rebuild; hits are collected
// for every target first and removed afterwards, highest place first, so that no
// removal moves a bullet another target has yet to name.
type hashStore struct {
	*world
	m       *slotmap.Map[bullet]
	ix      *loosegrid.Index
	handles []slotmap.Handle // emitter e's ring is handles[e*cfg.handles:][:cfg.handles]
	found   []int32          // one target's query, reused
	hit     []int32          // this frame's hit bullets, by place in the dense array
	taken   []bool           // by place: already hit by a lower-numbered target
}

func (s *hashStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.m = slotmap.New[bullet](n)
	arena := loosegrid.Box{X: 0, Y: 0, W: s.cfg.side, H: s.cfg.side}
	s.ix = loosegrid.NewIndex(arena, s.cfg.cell, s.cfg.bulletSize, s.cfg.bulletSize, n)
	s.handles = make([]slotmap.Handle, s.cfg.emitters*s.cfg.handles)
	s.found = make([]int32, 0, 1024)
	s.hit = make([]int32, 0, 1024)
	s.taken = make([]bool, n)
	return workload.Fill(ctx, progress, s.cfg.prewarm, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.m.Insert(s.bulletAt(i))
		}
	})
}

func (s *hashStore) Frame() uint64 {
	for range s.beginFrame(s.m.Len()) {
		b, ring := s.fire()
		h := s.m.Insert(b)
		if ring >= 0 {
			s.handles[ring] = h
		}
	}
	s.update()
	s.hits()
	s.resolve()
	return s.endFrame()
}

// update moves every bullet, removes those that expired or left the arena, and adds
// each survivor's corner to the index, which it then builds. A removal moves the last
// bullet into the hole, so the loop looks at the same place again; the survivors are
// thus added in the order of their final places.
func (s *hashStore) update() {
	if s.motion != nil {
		s.updateDispatch()
		return
	}
	s.ix.Reset()
	vals := s.m.Values()
	for i := 0; i < len(vals); {
		b := &vals[i]
		b.X, b.Y = b.X+b.VX, b.Y+b.VY
		if k := s.lapse(b.X, b.Y, b.Born); k != fateAlive {
			s.died(k, b.ID)
			s.m.RemoveAt(i)
			vals = s.m.Values()
			continue
		}
		s.ix.Add(b.X, b.Y)
		i++
	}
	s.ix.Build()
}

// updateDispatch is update under the dispatch parameter: each bullet moved through the
// Motion interface (dispatch.go).
func (s *hashStore) updateDispatch() {
	s.ix.Reset()
	vals, mv := s.m.Values(), s.motion
	for i := 0; i < len(vals); {
		b := &vals[i]
		b.X, b.Y = mv.Step(b.X, b.Y, b.VX, b.VY)
		if k := s.lapse(b.X, b.Y, b.Born); k != fateAlive {
			s.died(k, b.ID)
			s.m.RemoveAt(i)
			vals = s.m.Values()
			continue
		}
		s.ix.Add(b.X, b.Y)
		i++
	}
	s.ix.Build()
}

// hits asks the index for the bullets under each target, in ascending order, so that
// a bullet over several targets is taken by the first, the lowest-numbered; then it
// removes them, highest place first.
func (s *hashStore) hits() {
	ts := s.cfg.targetSize
	vals := s.m.Values()
	s.hit = s.hit[:0]
	for t := range s.targets {
		tg := &s.targets[t]
		s.found = s.ix.Query(loosegrid.Box{X: tg.X, Y: tg.Y, W: ts, H: ts}, s.found[:0])
		for _, i := range s.found {
			if !s.taken[i] {
				s.taken[i] = true
				s.died(int32(t), vals[i].ID)
				s.hit = append(s.hit, i)
			}
		}
	}
	slices.Sort(s.hit)
	for _, i := range slices.Backward(s.hit) {
		s.taken[i] = false
		s.m.RemoveAt(int(i))
	}
}

// resolve looks up every emitter's handles.
func (s *hashStore) resolve() {
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

func (s *hashStore) Entities() int { return s.m.Len() }

func (s *hashStore) Scene(dst *workload.Scene) {
	stride := s.sceneBegin(dst, s.m.Len())
	for _, b := range s.m.Values() {
		s.sceneBullet(dst, stride, b.ID, b.X, b.Y)
	}
}
