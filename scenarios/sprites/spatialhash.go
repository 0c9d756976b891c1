package sprites

import (
	"context"
	"strconv"

	"localitylab/containers/spatialhash"
	"localitylab/scenarios/workload"
)

// hashStore keeps the sprites in a spatial hash (seed 004): cells of about twice the
// mean sprite size, keyed by cell coordinate, each listing the sprites that overlap it
// (a sprite larger than a cell, or across a border, sits in several). Culling asks only
// the cells under the view, so its cost follows what is on screen, not the world; the
// price is paid by moving sprites, which Move re-buckets when their cells change.
type hashStore struct {
	*world
	h     *spatialhash.Hash[tag]
	found []int32 // the entries of this frame's query, reused
}

// tag is what the hash keeps of a sprite beside its box.
type tag struct{ ID, Depth int32 }

func (s *hashStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.h = spatialhash.New[tag](s.cfg.cell, n)
	s.found = make([]int32, 0, cap(s.vis.keys))
	for i := range n {
		if i%workload.ProgressEvery == 0 {
			if err := s.tick(ctx, progress, i); err != nil {
				return err
			}
		}
		sp := s.spriteAt(i)
		// Sprites are never removed, so entry ids are handed out in order and the entry
		// of sprite i is i: a move goes straight to its entry, as soa's goes to its row,
		// rather than through an id-to-entry table that would add a cache miss per move.
		if e := s.h.Insert(spatialhash.Box{X: sp.X, Y: sp.Y, W: sp.W, H: sp.H}, tag{ID: sp.ID, Depth: sp.Depth}); e != int32(i) {
			panic("sprites: spatial hash gave sprite " + strconv.Itoa(i) + " entry " + strconv.Itoa(int(e)))
		}
	}
	progress(1)
	return nil
}

func (s *hashStore) Frame() uint64 {
	moves, view := s.nextFrame()
	s.applyMoves(moves)
	s.cull(view)
	return s.vis.draw()
}

// applyMoves moves each sprite's box; the hash re-buckets it only if the set of cells
// it covers changes.
func (s *hashStore) applyMoves(moves []move) {
	side := s.cfg.side
	for _, mv := range moves {
		e := mv.ID
		b := s.h.Box(e)
		b.X, b.Y = wrap(b.X+mv.DX, side), wrap(b.Y+mv.DY, side)
		s.h.Move(e, b)
	}
}

// cull queries the view, clipped to the part of the world sprites can cover (corners
// in [0, side), sizes up to maxSize), so no empty cell outside it is looked up.
func (s *hashStore) cull(view rect) {
	s.vis.reset()
	limit := s.cfg.side - 1 + s.cfg.maxSize
	x0, y0 := max(view.X0, 0), max(view.Y0, 0)
	x1, y1 := min(view.X1, limit), min(view.Y1, limit)
	if x0 >= x1 || y0 >= y1 {
		return
	}
	s.found = s.h.Query(spatialhash.Box{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}, s.found[:0])
	for _, e := range s.found {
		b := s.h.Box(e)
		t := s.h.Get(e)
		s.vis.add(t.ID, t.Depth, b.X, b.Y)
	}
}

func (s *hashStore) Entities() int { return s.h.Len() }
