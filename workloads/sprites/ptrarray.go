package sprites

import (
	"context"

	"localitylab/backings/ptrarray"
)

// ptrStore is the object-oriented layout of source 003: one heap object per sprite and an
// array of pointers to them, the objects allocated one by one in shuffled order with
// other allocations between them (docs/design.md, rule 5). Culling follows every pointer,
// and nearly every one lands on a cache line the scan has not touched yet; but the
// pointers come from an array read front to back, so those loads are independent and
// the processor overlaps many of them, unlike a chain of pointers where each load
// must wait for the one before. The cold bytes, if any, lie in each object beside its
// hot fields.
type ptrStore[C coldArray] struct {
	*world
	a ptrarray.Array[record[C]]
}

func (s *ptrStore[C]) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.a.Items = make([]*record[C], 0, n)
	return placeObjects(ctx, progress, s.cfg,
		func(i int, p *record[C]) {
			p.sprite = s.spriteAt(i)
			s.fillCold(placeCold(&p.cold), int32(i))
		},
		s.a.Append)
}

func (s *ptrStore[C]) Frame() uint64 { return s.runFrame(s) }

// applyMoves follows the pointer of each moving sprite (Items is indexed by id: sprites
// are never removed) and moves the object in place.
func (s *ptrStore[C]) applyMoves(moves []move) {
	side := s.cfg.side
	items := s.a.Items
	for _, mv := range moves {
		p := items[mv.ID]
		p.X = wrap(p.X+mv.DX, side)
		p.Y = wrap(p.Y+mv.DY, side)
	}
}

// cull follows every pointer and tests the object against the view, one sprite per
// step with a branch per sprite, where soa's and the slot map's scans test four per
// step with one branch, and reads the cold bytes of those that pass. Written four at a
// time (scanPointers, in the tests), this loop measured slower, not faster
// (BenchmarkCullShape): the processor already overlaps the independent loads of many
// sprites, predicting the rarely taken branch.
func (s *ptrStore[C]) cull(view rect) {
	s.vis.reset()
	if k := s.cfg.stride; k > 1 {
		s.cullStrided(view, k) // stride.go
		return
	}
	cold := s.cfg.cold > 0
	for _, p := range s.a.Items {
		if view.overlaps(p.X, p.Y, p.W, p.H) {
			s.vis.add(p.ID, p.Depth, p.X, p.Y)
			if cold {
				s.vis.addCold(coldDigest(coldOf(&p.cold, s.cfg.coldPtr)))
			}
		}
	}
}

func (s *ptrStore[C]) Entities() int { return s.a.Len() }
