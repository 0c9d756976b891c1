package tiles

import (
	"context"
	"errors"
	"strconv"

	"localitylab/backings/spatialhash"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// hashStore keeps each entity as one span×span box in a spatial hash (source 004) in
// its loose, dense variant (package spatialhash): cells of cell×cell tiles (one tile by
// default) in a plain array over the map, each entity listed once, in the cell of its
// top-left tile, and the cells' lists packed in row-major order. The window is one
// query, widened up and left by the entities' span so that it reaches the entities
// whose corner lies before it; the store then spreads each entity found over the
// window's tiles it covers, summing per tile in a scratch grid the size of the window,
// and folds that grid in the frame's order. That regrouping by tile is what a structure
// built to find "what is near this rectangle" pays on a map that wants tile order.
//
// Per entity it holds an 8-byte corner and a 4-byte slot (where its item lies) by id,
// and a 20-byte item (box, id) in the cell lists, which keep a quarter of their slots
// free for entities that arrive; per cell 8 bytes and a bit. The window's scratch grid costs 12 bytes per tile of the window.
type hashStore struct {
	*world
	g     *spatialhash.Grid[struct{}] // ids are entity ids
	found []spatialhash.Entry[struct{}]
	sum   []uint64 // per window tile, row-major: the order-free sum of its ids
	count []uint32 // per window tile: how many entities stand there
}

func (s *hashStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	capacity := 0 // grown by append, unless sized
	if s.cfg.sized {
		capacity = n
	}
	s.g = spatialhash.New[struct{}](spatialhash.Box{X: 0, Y: 0, W: s.cfg.cols, H: s.cfg.rows}, s.cfg.cell, capacity)
	winTiles := int(min(s.cfg.winW, s.cfg.cols)) * int(min(s.cfg.winH, s.cfg.rows))
	s.sum = make([]uint64, winTiles)
	s.count = make([]uint32, winTiles)
	room := capacity // entries the grid has room for, at growth = growDouble
	if err := workload.Fill(ctx, progress, n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if s.cfg.double && i == room {
				room = max(2*room, minDoubled)
				s.g.Grow(room - i)
			}
			// Entities are never removed, so ids are handed out in order: entity i's is i.
			if id := s.g.Insert(s.box(s.spawnAt(i)), struct{}{}); id != int32(i) {
				panic("tiles: loose grid gave entity " + strconv.Itoa(i) + " id " + strconv.Itoa(int(id)))
			}
		}
	}); err != nil {
		return err
	}
	s.g.Pack()
	return nil
}

// box is the box of an entity standing at p, in tile units.
func (s *hashStore) box(p pos) spatialhash.Box {
	return spatialhash.Box{X: p.Col, Y: p.Row, W: s.cfg.span, H: s.cfg.span}
}

func (s *hashStore) Frame() uint64 { return s.runFrame(s) }

// apply steps each moving entity's corner; the grid moves it to another cell's list
// when the corner changes cell.
func (s *hashStore) apply(moves []move) {
	for _, mv := range moves {
		x, y := s.g.Corner(mv.ID)
		q := s.dest(pos{Col: x, Row: y}, mv)
		s.g.MoveTo(mv.ID, q.Col, q.Row)
	}
}

// visit queries the window, spreads each entity found over the window tiles it covers,
// then folds the tiles in the frame's order (row by row, or column by column), clearing
// the scratch grid as it goes. The query walks the grid's cells in its own order,
// whatever the order parameter: only the fold follows it, over a scratch grid the size
// of the window.
func (s *hashStore) visit(win rect) uint64 {
	s.found = s.g.Query(winBox(win), s.found[:0])
	w := win.X1 - win.X0
	sum, count := s.sum, s.count
	for i := range s.found {
		b, v := s.found[i].Box, uint64(s.found[i].ID)
		x0, x1 := max(b.X, win.X0)-win.X0, min(b.X+b.W, win.X1)-win.X0
		for y := max(b.Y, win.Y0) - win.Y0; y < min(b.Y+b.H, win.Y1)-win.Y0; y++ {
			for i := y*w + x0; i < y*w+x1; i++ {
				sum[i] = workload.Add(sum[i], v)
				count[i]++
			}
		}
	}
	var h uint64
	if s.cfg.byColumn {
		for x := range w {
			for y := range win.Y1 - win.Y0 {
				if i := y*w + x; count[i] != 0 {
					h = foldTile(h, sum[i], s.tileIndex(win.X0+x, win.Y0+y))
					sum[i], count[i] = 0, 0
				}
			}
		}
		return h
	}
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
// grid itself knows no tile order, so it regroups them with one query per tile.
func (s *hashStore) each(win rect, fn func(col, row int32, at pos, id int32)) {
	var found []spatialhash.Entry[struct{}]
	for r := win.Y0; r < win.Y1; r++ {
		for c := win.X0; c < win.X1; c++ {
			found = s.g.Query(spatialhash.Box{X: c, Y: r, W: 1, H: 1}, found[:0])
			for _, e := range found {
				fn(c, r, pos{Col: e.Box.X, Row: e.Box.Y}, e.ID)
			}
		}
	}
}

func (s *hashStore) Entities() int             { return s.g.Len() }
func (s *hashStore) Scene(dst *workload.Scene) { s.scene(dst, s.each) }

// Layout reports where the entities live (workload.LayoutReporter; layout.go).
func (s *hashStore) Layout(dst *memlayout.Layout) {
	layouts.Entities(dst, s.g.Len(), s.g.Bytes()+int64(cap(s.sum))*12,
		"an item (box and id) in the cells' packed array with its room, a corner and a slot by id, the cells, and the window's scratch grid")
	q := winBox(s.win)
	layouts.GridWalk(dst, s.g, q, "Where the query's items live: address against visit order")
	bounds := winBox(rect{X1: s.cfg.cols, Y1: s.cfg.rows})
	win := s.win
	layouts.Grid(dst, s.g, bounds, memlayout.Rect{X0: int64(win.X0), Y0: int64(win.Y0), X1: int64(win.X1), Y1: int64(win.Y1)}, q)
}

// spatialhashEntry is spatialhash on the tiles workload: its store, estimate and note.
var spatialhashEntry = entry{
	Traffic: func(config) (workload.Traffic, error) {
		return workload.Traffic{}, errors.New("its window is one query of the loose grid, whose reads follow how its cells filled: not counted")
	},
	Backing: workload.SpatialHash,
	New:     func(c config) workload.Store { return &hashStore{world: newWorld(c)} },
	// Per entity a 20-byte item in cell lists with a quarter of their slots free and
	// an eighth more capacity, old and new side by side while a repack (or, grown by
	// append, an append) copies them; an 8-byte corner and a 4-byte slot by id, grown
	// by append; a bit. Per cell 8 bytes and a bit; per tile of the window a scratch
	// entry.
	Bytes: func(c config) int64 {
		cells := ceilDiv(int64(c.cols), int64(c.cell)) * ceilDiv(int64(c.rows), int64(c.cell))
		winTiles := int64(min(c.winW, c.cols)) * int64(min(c.winH, c.rows))
		return int64(c.n)*(2*20*5/4*9/8+2*(8+4)+1) + cells*9 + winTiles*12 + c.scratchBytes()
	},
	Note: "A spatial hash in its loose, dense variant: cells of one tile (the cell parameter) " +
		"in a plain array over the map, each entity listed once, in the cell of its top-left tile, " +
		"whatever its span, and the lists packed in row order. The window is one query, widened by the " +
		"span so that it reaches the entities whose corner lies before it; the store then spreads each " +
		"entity over the tiles it covers in a scratch grid and folds the grid in tile order, work the " +
		"grid layouts get for free from their array index. A step that changes cell moves the entity " +
		"between two lists; the lists keep a quarter of their slots free so that this rarely shifts " +
		"more than a neighbour.",
}
