package sprites

import (
	"localitylab/backings/spatialhash"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
)

// The stores' layouts (workload.LayoutReporter). A frame of the flat stores visits
// every sprite in the structure's own order; rowvec and spatialhash visit only the
// tiles or cells around the view, and their walks visit what the last cull visited,
// so that a layout reads no memory the frame left alone.

func (s *ptrStore[C]) Layout(dst *memlayout.Layout) {
	n := s.a.Len()
	layouts.Entities(dst, n, int64(cap(s.a.Items))*8+int64(n)*layouts.Size[record[C]](),
		"an 8-byte pointer and an object (24 bytes, plus any cold bytes inside it or the 8-byte pointer to them), before the allocator rounds the object up to its size class"+coldApart(s.cfg))
	layouts.Pointers(dst, s.a.Items, "Where the objects live: address against index", "index order, as the cull follows the pointers")
}

func (s *mapStore[C]) Layout(dst *memlayout.Layout) {
	layouts.Map(dst, len(s.m), layouts.Size[int32](), layouts.Size[record[C]](), "sprites by id")
}

func (s *slotStore[C]) Layout(dst *memlayout.Layout) {
	n := s.m.Len()
	layouts.Entities(dst, n, s.m.Bytes()+int64(cap(s.handles))*8,
		"the slot map's dense value (24, plus any cold bytes inside it or the 8-byte pointer to them), slot (8) and back-index (4), and a handle by id (8)"+coldApart(s.cfg))
	layouts.Dense(dst, s.m.Values(), "Where the values live: address against index", "dense order, as the cull scans them")
	layouts.SlotMap(dst, s.m)
}

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

func (s *soaStore) Layout(dst *memlayout.Layout) {
	n := s.t.Len()
	layouts.Entities(dst, n, 6*4*int64(cap(s.x.Data)), "six int32 columns")
	layouts.Dense(dst, s.x.Data, "Where the rows live: address against index (the x column)", "index order, as the cull streams the columns")
	// The cull streams x, y, w and h and reads depth and id of the sprites it found;
	// the moves write x and y of the sprites that move, which it streams anyway.
	found := 0
	if s.frame > 0 {
		found = len(s.vis.keys)
	}
	v := dst.View(memlayout.Columns, "Columns: what the last frame read")
	layouts.Column(v, "x", s.x.Data, n, n)
	layouts.Column(v, "y", s.y.Data, n, n)
	layouts.Column(v, "w", s.w.Data, n, n)
	layouts.Column(v, "h", s.h.Data, n, n)
	layouts.Column(v, "depth", s.depth.Data, found, n)
	layouts.Column(v, "id", s.id.Data, found, n)
	v.Note = "hot: streamed, every row; cold: read only for the sprites in view"
}

func (s *hashStore[C]) Layout(dst *memlayout.Layout) {
	layouts.Entities(dst, s.g.Len(), s.g.Bytes(),
		"an item (box, id, depth) in the cells' packed array with its room to grow, a corner and a slot by id, and the cells")
	q := viewBox(s.shown)
	layouts.GridWalk(dst, s.g, q, "Where the query's items live: address against visit order")
	side := s.cfg.side
	layouts.Grid(dst, s.g, spatialhash.Box{W: side, H: side}, viewRect(s.shown), q)
}

func viewBox(r rect) spatialhash.Box {
	return spatialhash.Box{X: r.X0, Y: r.Y0, W: r.X1 - r.X0, H: r.Y1 - r.Y0}
}

func viewRect(r rect) memlayout.Rect {
	return memlayout.Rect{X0: int64(r.X0), Y0: int64(r.Y0), X1: int64(r.X1), Y1: int64(r.Y1)}
}
