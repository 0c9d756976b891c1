package bullets

import (
	"context"
	"math"

	"localitylab/containers/spatialhash"
	"localitylab/scenarios/workload"
)

// hashBullet is what the spatial hash keeps of a bullet beside its box: 24 bytes.
type hashBullet struct {
	VX, VY int32
	Born   int32
	ID     uint64
}

// noOwner marks an entry id that holds no bullet.
const noOwner = math.MaxUint64

// hashHandle names a bullet in the hash: its entry id and its bullet id. Entry ids are
// reused once removed, bullet ids never, so the bullet id serves as the generation.
type hashHandle struct {
	e  int32
	id uint64
}

// hashStore keeps every bullet as a box in a spatial hash (seed 004) with cells about
// twice a bullet's size, so that the hit test asks only the cells under each target.
// The price is seed 004's caveat: everything here moves, so every bullet's box is
// moved every frame, and a bullet is re-bucketed (leaves and joins cell lists through
// the hash table) each time it crosses a cell border. The hash has no iteration of its
// own, so the store keeps the live entry ids in a dense list.
type hashStore struct {
	*world
	h       *spatialhash.Hash[hashBullet]
	live    []int32      // live entry ids, dense, swap-removed
	at      []int32      // by entry id: its index in live
	owner   []uint64     // by entry id: the id of the bullet it holds, or noOwner
	found   []int32      // one query's entries, reused
	handles []hashHandle // emitter e's ring is handles[e*cfg.handles:][:cfg.handles]
}

func (s *hashStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.h = spatialhash.New[hashBullet](s.cfg.cell, n)
	s.live = make([]int32, 0, n)
	// Entry ids are reused before new ones are made, and never more than n bullets
	// live at once, so ids stay below n.
	s.at = make([]int32, n)
	s.owner = make([]uint64, n)
	for i := range s.owner {
		s.owner[i] = noOwner
	}
	s.found = make([]int32, 0, 1024)
	s.handles = make([]hashHandle, s.cfg.emitters*s.cfg.handles)
	for i := range s.cfg.prewarm {
		if i%workload.ProgressEvery == 0 {
			if err := s.tick(ctx, progress, i); err != nil {
				return err
			}
		}
		s.add(s.bulletAt(i))
	}
	progress(1)
	return nil
}

// add inserts b's box and lists its entry as live.
func (s *hashStore) add(b bullet) hashHandle {
	bs := s.cfg.bulletSize
	e := s.h.Insert(spatialhash.Box{X: b.X, Y: b.Y, W: bs, H: bs}, hashBullet{VX: b.VX, VY: b.VY, Born: b.Born, ID: b.ID})
	s.at[e] = int32(len(s.live))
	s.live = append(s.live, e)
	s.owner[e] = b.ID
	return hashHandle{e: e, id: b.ID}
}

// remove takes live[i] out of the hash and the live list.
func (s *hashStore) remove(i int) {
	e := s.live[i]
	s.h.Remove(e)
	s.owner[e] = noOwner
	last := len(s.live) - 1
	moved := s.live[last]
	s.live[i] = moved
	s.at[moved] = int32(i)
	s.live = s.live[:last]
}

func (s *hashStore) Frame() uint64 {
	for range s.beginFrame(len(s.live)) {
		b, ring := s.fire()
		h := s.add(b)
		if ring >= 0 {
			s.handles[ring] = h
		}
	}
	s.update()
	s.hits()
	s.resolve()
	return s.endFrame()
}

// update moves every bullet's box, removing those that expired or left the arena; the
// entry swapped into a hole in the live list is looked at next.
func (s *hashStore) update() {
	for i := 0; i < len(s.live); {
		e := s.live[i]
		v := s.h.Ptr(e)
		b := s.h.Box(e)
		b.X += v.VX
		b.Y += v.VY
		if k := s.lapse(b.X, b.Y, v.Born); k != fateAlive {
			s.died(k, v.ID)
			s.remove(i)
			continue
		}
		s.h.Move(e, b)
		i++
	}
}

// hits queries each target's box, in ascending order, and removes the bullets found:
// a bullet over several targets is taken by the first, the lowest-numbered.
func (s *hashStore) hits() {
	ts := s.cfg.targetSize
	for t := range s.targets {
		tg := &s.targets[t]
		s.found = s.h.Query(spatialhash.Box{X: tg.X, Y: tg.Y, W: ts, H: ts}, s.found[:0])
		for _, e := range s.found {
			s.died(int32(t), s.h.Ptr(e).ID)
			s.remove(int(s.at[e]))
		}
	}
}

// resolve checks every emitter's handles against the owner of their entry.
func (s *hashStore) resolve() {
	for e := range s.emitters {
		ring := s.handles[e*s.cfg.handles:]
		for _, h := range ring[:s.ringLen(e)] {
			if s.owner[h.e] == h.id {
				b := s.h.Box(h.e)
				s.seeLive(s.h.Ptr(h.e).ID, b.X, b.Y)
			} else {
				s.seeStale()
			}
		}
		s.emitterDone()
	}
}

func (s *hashStore) Entities() int { return len(s.live) }

func (s *hashStore) Scene(dst *workload.Scene) {
	stride := s.sceneBegin(dst, len(s.live))
	for _, e := range s.live {
		b := s.h.Box(e)
		s.sceneBullet(dst, stride, s.h.Ptr(e).ID, b.X, b.Y)
	}
}
