package sprites

import (
	"context"

	"localitylab/containers/slotmap"
)

// slotStore keeps the sprites by value in a slot map (seed 002): a dense array of
// sprites, and a handle per sprite id that resolves through the slot table. Culling
// scans the dense values front to back, as contiguous as soa's rows but reading whole
// 24-byte sprites; moves resolve a handle, one extra indirection per moving sprite.
type slotStore struct {
	*world
	m       *slotmap.Map[sprite]
	handles []slotmap.Handle // by sprite id: what the game would hold to reach a sprite
}

func (s *slotStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.m = slotmap.New[sprite](n)
	s.handles = make([]slotmap.Handle, n)
	for i := range n {
		if i%progressEvery == 0 {
			if err := s.tick(ctx, progress, i); err != nil {
				return err
			}
		}
		s.handles[i] = s.m.Insert(s.spriteAt(i))
	}
	progress(1)
	return nil
}

func (s *slotStore) Frame() uint64 {
	moves, view := s.nextFrame()
	s.applyMoves(moves)
	s.cull(view)
	return s.vis.draw()
}

// applyMoves resolves each moving sprite's handle and moves the value in place.
func (s *slotStore) applyMoves(moves []move) {
	side := s.cfg.side
	for _, mv := range moves {
		p, ok := s.m.Get(s.handles[mv.ID])
		if !ok {
			panic("sprites: slot map store holds a stale handle")
		}
		p.X = wrap(p.X+mv.DX, side)
		p.Y = wrap(p.Y+mv.DY, side)
	}
}

// cull scans the dense values.
func (s *slotStore) cull(view rect) {
	s.vis.reset()
	vals := s.m.Values()
	for i := range vals {
		sp := &vals[i]
		if view.overlaps(sp.X, sp.Y, sp.W, sp.H) {
			s.vis.add(sp.ID, sp.Depth, sp.X, sp.Y)
		}
	}
}

func (s *slotStore) Entities() int { return s.m.Len() }
