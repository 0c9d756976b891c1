package sprites

import (
	"context"

	"localitylab/backings/rowvec"
	"localitylab/workloads/workload"
)

// rowStore buckets the sprites by world bands, source 000's per-row vectors: grid row r
// holds, in one vector of its own, every sprite whose corner lies in the horizontal
// band [r·band, (r+1)·band), and its columns split the band into tiles, each a linked
// list through that vector. Culling visits only the tiles the view can touch, widened
// up and left by the largest sprite (a sprite belongs to the tile of its corner but may
// reach into the next ones); a moving sprite changes tile, with a remove and an insert,
// only when its corner crosses a band border. The cold bytes, if any, lie in each entry
// beside its hot fields and move with it.
type rowStore[C coldArray] struct {
	*world
	g   *rowvec.Grid[record[C]]
	loc []slot // by sprite id: where its entry is
}

// slot locates a sprite's entry: its grid row and its index in that row's Ents.
type slot struct{ row, idx int32 }

func (s *rowStore[C]) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.g = rowvec.New[record[C]](s.cfg.bandsPerAx, s.cfg.bandsPerAx)
	s.loc = make([]slot, n)
	return workload.Fill(ctx, progress, n, func(lo, hi int) {
		var rec record[C]
		for i := lo; i < hi; i++ {
			rec.sprite = s.spriteAt(i)
			s.fillCold(placeCold(&rec.cold), rec.ID)
			r := s.bandOf(rec.Y)
			s.loc[i] = slot{row: int32(r), idx: s.g.Insert(s.bandOf(rec.X), r, rec)}
		}
	})
}

// bandOf is the band of world coordinate v, which lies in [0, side).
func (s *rowStore[C]) bandOf(v int32) int { return int(v / s.cfg.band) }

func (s *rowStore[C]) Frame() uint64 { return s.runFrame(s) }

// applyMoves moves each sprite in place while its corner stays in its tile, and
// otherwise removes it from its tile and inserts it in the new one.
func (s *rowStore[C]) applyMoves(moves []move) {
	side := s.cfg.side
	for _, mv := range moves {
		l := s.loc[mv.ID]
		sp := s.g.Get(int(l.row), l.idx)
		x, y := wrap(sp.X+mv.DX, side), wrap(sp.Y+mv.DY, side)
		oldCol, col, row := s.bandOf(sp.X), s.bandOf(x), s.bandOf(y)
		if col == oldCol && row == int(l.row) {
			sp.X, sp.Y = x, y
			continue
		}
		v := *sp
		v.X, v.Y = x, y
		s.g.Remove(oldCol, int(l.row), l.idx)
		s.loc[mv.ID] = slot{row: int32(row), idx: s.g.Insert(col, row, v)}
	}
}

// cull walks the tiles whose sprites can overlap the view: the sprite corners that
// matter lie in [X0-maxSize+1, X1) × [Y0-maxSize+1, Y1), clipped to the world.
func (s *rowStore[C]) cull(view rect) {
	s.vis.reset()
	c0, c1, ok := s.bandSpan(view.X0, view.X1)
	if !ok {
		return
	}
	r0, r1, ok := s.bandSpan(view.Y0, view.Y1)
	if !ok {
		return
	}
	cold := s.cfg.cold > 0
	for r := r0; r <= r1; r++ {
		row := s.g.Row(r)
		ents := row.Ents
		for c := c0; c <= c1; c++ {
			for i := row.First[c]; i >= 0; i = ents[i].Next {
				sp := &ents[i].Val
				if view.overlaps(sp.X, sp.Y, sp.W, sp.H) {
					s.vis.add(sp.ID, sp.Depth, sp.X, sp.Y)
					if cold {
						s.vis.addCold(coldDigest(coldOf(&sp.cold, s.cfg.coldPtr)))
					}
				}
			}
		}
	}
}

// bandSpan is the first and last band holding corners of sprites that can overlap the
// view's span [lo, hi) along one axis; ok is false when there are none.
func (s *rowStore[C]) bandSpan(lo, hi int32) (first, last int, ok bool) {
	lo = max(lo-s.cfg.maxSize+1, 0)
	hi = min(hi-1, s.cfg.side-1)
	if lo > hi {
		return 0, 0, false
	}
	return s.bandOf(lo), s.bandOf(hi), true
}

func (s *rowStore[C]) Entities() int { return s.g.Len() }
