package tiles

import (
	"context"

	"localitylab/containers/spatialhash"
	"localitylab/scenarios/workload"
)

// hashStore keeps each entity as one span×span box in a spatial hash (seed 004) whose
// cells are cell×cell tiles (one tile by default), keyed by cell coordinate. The window
// is one Query, which returns each entity once, in no tile order; the store then
// spreads each entity over the window's tiles it covers, summing per tile in a scratch
// grid the size of the window, and folds that grid in row-major order. A hash lookup
// per cell of the window, and the regrouping by tile, are what a structure built to find
// "what is near this rectangle" pays on a map that is dense and wants tile order.
//
// Per entity it holds one entry in the hash (16-byte box, 4-byte link, 4-byte id) and
// 4 bytes in ent; per (entity, cell) pair a 4-byte id in the cell's list (in a pooled
// block at least a quarter full); per cell occupied now a 16-byte table slot, kept at
// most half full. The window's scratch grid costs 12 bytes per tile of the window.
type hashStore struct {
	*world
	h     *spatialhash.Hash[int32] // the value is the entity's id
	ent   []int32                  // by id: its entry in the hash
	found []int32                  // the entries of this frame's query, reused
	sum   []uint64                 // per window tile, row-major: the order-free sum of its ids
	count []uint32                 // per window tile: how many entities stand there
}

func (s *hashStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.h = spatialhash.New[int32](s.cfg.cell, n)
	s.ent = make([]int32, n)
	winTiles := int(min(s.cfg.winW, s.cfg.cols)) * int(min(s.cfg.winH, s.cfg.rows))
	s.sum = make([]uint64, winTiles)
	s.count = make([]uint32, winTiles)
	for i := range n {
		if i%workload.ProgressEvery == 0 {
			if err := s.tick(ctx, progress, i); err != nil {
				return err
			}
		}
		s.ent[i] = s.h.Insert(s.box(s.spawnAt(i)), int32(i))
	}
	progress(1)
	return nil
}

// box is the box of an entity standing at p, in tile units.
func (s *hashStore) box(p pos) spatialhash.Box {
	return spatialhash.Box{X: p.Col, Y: p.Row, W: s.cfg.span, H: s.cfg.span}
}

func (s *hashStore) Frame() uint64 {
	moves, win := s.nextFrame()
	s.apply(moves)
	return s.visit(win)
}

// apply steps each moving entity: off its tiles, onto the new ones.
func (s *hashStore) apply(moves []move) {
	for _, mv := range moves {
		e := s.ent[mv.ID]
		b := s.h.Box(e)
		q := s.dest(pos{Col: b.X, Row: b.Y}, mv)
		s.h.Move(e, s.box(q))
	}
}

// visit queries the window, spreads each entity found over the window tiles it covers,
// then folds the tiles in row-major order, clearing the scratch grid as it goes.
func (s *hashStore) visit(win rect) uint64 {
	s.found = s.h.Query(winBox(win), s.found[:0])
	w := win.X1 - win.X0
	sum, count := s.sum, s.count
	for _, e := range s.found {
		b := s.h.Box(e)
		v := uint64(s.h.Get(e))
		x0, x1 := max(b.X, win.X0)-win.X0, min(b.X+b.W, win.X1)-win.X0
		for y := max(b.Y, win.Y0) - win.Y0; y < min(b.Y+b.H, win.Y1)-win.Y0; y++ {
			for i := y*w + x0; i < y*w+x1; i++ {
				sum[i] = workload.Add(sum[i], v)
				count[i]++
			}
		}
	}
	var h uint64
	for y := range win.Y1 - win.Y0 {
		base := s.tileIndex(win.X0, win.Y0+y)
		for x := range w {
			i := y*w + x
			if count[i] == 0 {
				continue
			}
			h = foldTile(h, sum[i], base+x)
			sum[i], count[i] = 0, 0
		}
	}
	return h
}

func winBox(win rect) spatialhash.Box {
	return spatialhash.Box{X: win.X0, Y: win.Y0, W: win.X1 - win.X0, H: win.Y1 - win.Y0}
}

// each reports the entries of the window in tile order, as the tests compare them; the
// hash itself knows no tile order, so it regroups them with one query per tile.
func (s *hashStore) each(win rect, fn func(col, row int32, at pos, id int32)) {
	var found []int32
	for r := win.Y0; r < win.Y1; r++ {
		for c := win.X0; c < win.X1; c++ {
			found = s.h.Query(spatialhash.Box{X: c, Y: r, W: 1, H: 1}, found[:0])
			for _, e := range found {
				b := s.h.Box(e)
				fn(c, r, pos{Col: b.X, Row: b.Y}, s.h.Get(e))
			}
		}
	}
}

func (s *hashStore) Entities() int             { return s.h.Len() }
func (s *hashStore) Scene(dst *workload.Scene) { s.scene(dst, s.each) }
