package sprites

import (
	"context"

	"localitylab/workloads/workload"
)

// mapStore keeps the sprites in Go's built-in map (a Swiss table since Go 1.24), keyed
// by id, as code that wants stable ids without a dedicated structure would. Moves look
// the sprite up by id; culling ranges over the whole map, whose order is random on
// every range: the visible set is sorted before it is drawn, so the checksum does not
// depend on it. The cold bytes, if any, are part of each value (the map keeps a value
// of more than 128 bytes behind a pointer of its own).
type mapStore[C coldArray] struct {
	*world
	m map[int32]record[C]
}

func (s *mapStore[C]) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.m = make(map[int32]record[C], n)
	return workload.Fill(ctx, progress, n, func(lo, hi int) {
		var r record[C]
		for i := lo; i < hi; i++ {
			r.sprite = s.spriteAt(i)
			s.fillCold(placeCold(&r.cold), r.ID)
			s.m[r.ID] = r
		}
	})
}

func (s *mapStore[C]) Frame() uint64 { return s.runFrame(s) }

// applyMoves looks each moving sprite up by id and stores it back moved.
func (s *mapStore[C]) applyMoves(moves []move) {
	side := s.cfg.side
	for _, mv := range moves {
		sp, ok := s.m[mv.ID]
		if !ok {
			panic("sprites: map store lost a sprite")
		}
		sp.X = wrap(sp.X+mv.DX, side)
		sp.Y = wrap(sp.Y+mv.DY, side)
		s.m[mv.ID] = sp
	}
}

// cull tests every sprite in the map against the view, and reads the cold bytes of
// those that pass.
func (s *mapStore[C]) cull(view rect) {
	s.vis.reset()
	cold := s.cfg.cold > 0
	for _, sp := range s.m {
		if view.overlaps(sp.X, sp.Y, sp.W, sp.H) {
			s.vis.add(sp.ID, sp.Depth, sp.X, sp.Y)
			if cold {
				// A copy of the cold bytes, not their address: taking the loop variable's
				// address would make every iteration copy it to memory (BenchmarkFrame).
				s.vis.addCold(coldDigestOf(sp.cold, s.cfg.coldPtr))
			}
		}
	}
}

func (s *mapStore[C]) Entities() int { return len(s.m) }
