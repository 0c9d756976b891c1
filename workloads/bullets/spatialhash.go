package bullets

import (
	"context"
	"slices"

	"localitylab/backings/spatialhash"
	"localitylab/workloads/workload"
)

// hashStore finds hits with a spatial hash (source 004) in the form particle systems
// use when everything moves every frame: a loose grid rebuilt from scratch each frame
// by one counting sort (spatialhash.Index), instead of re-bucketing every bullet one by
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
	slotBullets
	ix    *spatialhash.Index
	found []int32 // one target's query, reused
	hit   []int32 // this frame's hit bullets, by place in the dense array
	taken []bool  // by place: already hit by a lower-numbered target
}

func (s *hashStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	arena := spatialhash.Box{X: 0, Y: 0, W: s.cfg.side, H: s.cfg.side}
	s.ix = spatialhash.NewIndex(arena, s.cfg.cell, s.cfg.bulletSize, s.cfg.bulletSize, n)
	s.found = make([]int32, 0, 1024)
	s.hit = make([]int32, 0, 1024)
	s.taken = make([]bool, n)
	return s.load(ctx, progress, s.world)
}

func (s *hashStore) Frame() uint64 {
	s.spawn(s.world)
	s.update()
	s.hits()
	s.resolve(s.world)
	return s.endFrame()
}

// update moves every bullet, removes those that expired or left the arena, and adds
// each survivor's corner to the index, which it then builds. A removal moves the last
// bullet into the hole, so the loop looks at the same place again; the survivors are
// thus added in the order of their final places.
func (s *hashStore) update() {
	s.ix.Reset()
	if s.motion != nil {
		s.moveDispatch()
	} else {
		s.move()
	}
	s.ix.Build()
}

// move is update's pass over the values.
func (s *hashStore) move() {
	vals := s.m.Values()
	for i := 0; i < len(vals); {
		b := &vals[i]
		b.X, b.Y = b.X+b.VX, b.Y+b.VY
		if k := s.lapse(b.X, b.Y, b.Born); k != fateAlive {
			vals = s.despawn(s.world, i, k) // the last value moved into i: look at i again
			continue
		}
		s.ix.Add(b.X, b.Y)
		i++
	}
}

// moveDispatch is move under the dispatch parameter: each bullet moved through the
// Motion interface (dispatch.go).
func (s *hashStore) moveDispatch() {
	vals, mv := s.m.Values(), s.motion
	for i := 0; i < len(vals); {
		b := &vals[i]
		b.X, b.Y = mv.Step(b.X, b.Y, b.VX, b.VY)
		if k := s.lapse(b.X, b.Y, b.Born); k != fateAlive {
			vals = s.despawn(s.world, i, k) // the last value moved into i: look at i again
			continue
		}
		s.ix.Add(b.X, b.Y)
		i++
	}
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
		s.found = s.ix.Query(spatialhash.Box{X: tg.X, Y: tg.Y, W: ts, H: ts}, s.found[:0])
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

func (s *hashStore) Entities() int { return s.m.Len() }

func (s *hashStore) Scene(dst *workload.Scene) { s.scene(s.world, dst) }
