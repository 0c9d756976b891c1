package sprites

import (
	"context"

	"localitylab/containers/ptrarray"
)

// scatterChunk is how many sprites one ptrarray.Scatter call places. Load scatters in
// chunks so that it can report progress and stop when cancelled; a chunk of 24-byte
// sprites with their fillers spans tens of megabytes, more than any cache, so the
// chunking leaves the scatter as bad as a long-running game's heap.
const scatterChunk = 1 << 20

// ptrStore is the object-oriented layout of seed 003: one heap object per sprite and an
// array of pointers to them, the objects allocated one by one in shuffled order with
// other allocations between them (DESIGN.md rule 5). Culling follows every pointer,
// and nearly every one lands on a cache line the scan has not touched yet.
type ptrStore struct {
	*world
	a ptrarray.Array[sprite]
}

func (s *ptrStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.a.Items = make([]*sprite, 0, n)
	for start := 0; start < n; start += scatterChunk {
		// Scatter calls init once per object, in its own order: count the calls to
		// report progress, and once cancelled skip the rest of the chunk's work.
		var err error
		done := 0
		objs := ptrarray.Scatter(min(scatterChunk, n-start), s.cfg.seed+uint64(start), func(i int, p *sprite) {
			if done%progressEvery == 0 && err == nil {
				err = s.tick(ctx, progress, start+done)
			}
			done++
			if err == nil {
				*p = s.spriteAt(start + i)
			}
		})
		if err != nil {
			return err
		}
		for _, p := range objs {
			s.a.Append(p)
		}
	}
	progress(1)
	return nil
}

func (s *ptrStore) Frame() uint64 {
	moves, view := s.nextFrame()
	s.applyMoves(moves)
	s.cull(view)
	return s.vis.draw()
}

// applyMoves follows the pointer of each moving sprite (Items is indexed by id: sprites
// are never removed) and moves the object in place.
func (s *ptrStore) applyMoves(moves []move) {
	side := s.cfg.side
	items := s.a.Items
	for _, mv := range moves {
		p := items[mv.ID]
		p.X = wrap(p.X+mv.DX, side)
		p.Y = wrap(p.Y+mv.DY, side)
	}
}

// cull follows every pointer and tests the object against the view.
func (s *ptrStore) cull(view rect) {
	s.vis.reset()
	for _, p := range s.a.Items {
		if view.overlaps(p.X, p.Y, p.W, p.H) {
			s.vis.add(p.ID, p.Depth, p.X, p.Y)
		}
	}
}

func (s *ptrStore) Entities() int { return s.a.Len() }
