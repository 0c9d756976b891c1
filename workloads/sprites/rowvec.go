package sprites

import (
	"context"
	"fmt"

	"localitylab/backings/rowvec"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
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

// rowMaker is coldKind's method that makes a rowStore.
type rowMaker interface{ newRow(w *world) workload.Store }

func (coldKind[C]) newRow(w *world) workload.Store { return &rowStore[C]{world: w} }

// Scene shows what the last frame drew (scene.go).
func (s *rowStore[C]) Scene(dst *workload.Scene) { s.scene(dst, s) }

func (s *rowStore[C]) size(id int32) (w, h int32) {
	l := s.loc[id]
	sp := s.g.Get(int(l.row), l.idx)
	return sp.W, sp.H
}

// Layout reports where the sprites live (workload.LayoutReporter; layout.go).
func (s *rowStore[C]) Layout(dst *memlayout.Layout) {
	layouts.Entities(dst, s.g.Len(), s.g.Bytes()+int64(cap(s.loc))*8,
		"an entry (sprite and two links) in a row's vector, with the vectors' spare room, a locator by id and the tiles' list heads")
	// The walk and the heat map cover the tiles the last cull walked, in its order.
	view := s.shown
	c0, c1, okc := s.bandSpan(view.X0, view.X1)
	r0, r1, okr := s.bandSpan(view.Y0, view.Y1)
	if !okc || !okr {
		c0, c1, r0, r1 = 0, -1, 0, -1
	}
	w := dst.Walk()
	for r := r0; r <= r1; r++ {
		row := s.g.Row(r)
		for c := c0; c <= c1; c++ {
			for i := row.First[c]; i >= 0; i = row.Ents[i].Next {
				w.Add(layouts.Addr(&row.Ents[i]))
			}
		}
	}
	w.Finish("Where the cull's entries live: address against visit order", "the tiles around the view, row by row, each tile's list")
	h := dst.View(memlayout.Heatmap, "Sprites per tile around the view")
	band := int64(s.cfg.band)
	h.StartHeat(c1-c0+1, r1-r0+1, memlayout.Rect{X0: int64(c0) * band, Y0: int64(r0) * band, X1: int64(c1+1) * band, Y1: int64(r1+1) * band}, "sprites per tile")
	for r := r0; r <= r1; r++ {
		row := s.g.Row(r)
		for c := c0; c <= c1; c++ {
			k := 0
			for i := row.First[c]; i >= 0; i = row.Ents[i].Next {
				k++
			}
			h.HeatAdd(c-c0, r-r0, int64(k))
		}
	}
	h.Heat.Mark = viewRect(view)
	layouts.RowVectors(dst, s.g)
}

// rowvecEntry is rowvec on the sprites workload: its store, estimate and note.
var rowvecEntry = entry{
	Backing: workload.RowVec,
	Traffic: partOnly,
	Check: func(c config) error {
		if tiles := int64(c.bandsPerAx) * int64(c.bandsPerAx); tiles > maxBandTiles {
			return fmt.Errorf("sprites: %s = %d cuts the world (side %d) into %d×%d tiles, more than %d; use a band of at least %d",
				pBand, c.band, c.side, c.bandsPerAx, c.bandsPerAx, maxBandTiles, minBand(c.side))
		}
		return nil
	},
	New: func(c config) workload.Store { return recordKind[rowMaker](&c).newRow(newWorld(c)) },
	// Entries in per-row vectors grown by append, and a locator; per tile a list head.
	Bytes: func(c config) int64 {
		return c.heapBytes(2*(spriteBytes+c.coldSpace()+8)+4, int64(c.bandsPerAx)*int64(c.bandsPerAx)*4)
	},
	Note: "Per-row vectors: the world is cut into bands, each band keeps its sprites in one " +
		"vector of its own, chained per tile. The cull visits only the tiles near the view, so most of " +
		"the world is never read; a moving sprite is written in place unless its corner crosses into " +
		"another tile, which is rare with tiles much larger than a step.",
}
