package tiles

import (
	"strconv"

	"localitylab/backings/rowvec"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
)

// The stores' layouts (workload.LayoutReporter). A frame visits the window's tiles in
// row-major order and every entry on each, so each walk visits the entries of the
// last frame's window in that order, and each heat map counts the entries on the
// window's tiles as the store holds them: what the frame read, and nothing else of a
// map that may hold a hundred million entries.
//
// The bytes per entity leave out the tile table (a list head or slice header per
// tile), whose size follows the map, not the entities; it is a fact of its own, as
// the lab books it as fixed heap. Entries on tiles count 4 or 8 bytes each.

func (s *ptrStore) Layout(dst *memlayout.Layout) {
	n, entries := s.all.Len(), int64(s.all.Len())*int64(s.cfg.perEnt)
	layouts.Entities(dst, n, int64(cap(s.all.Items))*8+int64(n)*layouts.Size[entity]()+entries*8,
		"a 12-byte object (before the allocator rounds it up), a pointer by id, and a pointer on each of its tiles (at the slices' lengths)")
	dst.Fact("tile_table_bytes", float64(len(s.tiles))*24, "bytes", "a slice header per tile")
	w := dst.Walk()
	s.eachWindowTile(func(t int32) {
		for _, p := range s.tiles[t].Items {
			w.Add(layouts.Addr(p))
		}
	})
	w.Finish("Where the objects live: address against visit order", "the window's tiles, "+s.orderWords()+", each tile's pointers")
	s.windowHeat(dst, func(t int32) int { return len(s.tiles[t].Items) })
}

func (s *mapStore) Layout(dst *memlayout.Layout) {
	layouts.Map(dst, len(s.ents), layouts.Size[int32](), layouts.Size[pos](), "entities by id, beside a second map of the ids on each occupied tile")
	dst.Fact("occupied_tiles", float64(len(s.tiles)), "tiles", "keys of the map from tile to ids")
	s.windowHeat(dst, func(t int32) int { return len(s.tiles[t]) })
}

func (s *slotStore) Layout(dst *memlayout.Layout) {
	n := s.m.Len()
	layouts.Entities(dst, n, s.m.Bytes()+int64(cap(s.handles))*8+int64(n)*int64(s.cfg.perEnt)*8,
		"the slot map's value (12), slot (8) and back-index (4), a handle by id, and a handle on each of its tiles (at the slices' lengths)")
	dst.Fact("tile_table_bytes", float64(len(s.tiles))*24, "bytes", "a slice header per tile")
	w := dst.Walk()
	s.eachWindowTile(func(t int32) {
		for _, h := range s.tiles[t] {
			if e, ok := s.m.Get(h); ok {
				w.Add(layouts.Addr(e))
			}
		}
	})
	w.Finish("Where the values the window reaches live: address against visit order", "the window's tiles, "+s.orderWords()+", each tile's handles")
	s.windowHeat(dst, func(t int32) int { return len(s.tiles[t]) })
	layouts.SlotMap(dst, s.m)
}

func (s *rowStore) Layout(dst *memlayout.Layout) {
	var ents int64
	for r := range s.g.Rows() {
		ents += int64(cap(s.g.Row(r).Ents))
	}
	layouts.Entities(dst, s.Entities(), ents*int64(s.g.EntryBytes())+int64(cap(s.at))*8+int64(cap(s.loc))*4,
		"an entry (id and two links) per tile it covers in a row's vector, with the vectors' spare room and free slots, a position by id and the removal record")
	dst.Fact("tile_table_bytes", float64(s.g.Cols())*float64(s.g.Rows())*4, "bytes", "a list head per tile")
	w := dst.Walk()
	s.eachWindowTile(func(t int32) {
		row := s.g.Row(int(t / s.cfg.cols))
		for i := row.First[t%s.cfg.cols]; i != rowvec.None; i = row.Ents[i].Next {
			w.Add(layouts.Addr(&row.Ents[i]))
		}
	})
	w.Finish("Where the window's entries live: address against visit order", "the window's tiles, "+s.orderWords()+", each tile's list in its row's vector")
	s.windowHeat(dst, func(t int32) int {
		row := s.g.Row(int(t / s.cfg.cols))
		k := 0
		for i := row.First[t%s.cfg.cols]; i != rowvec.None; i = row.Ents[i].Next {
			k++
		}
		return k
	})
	layouts.RowVectors(dst, s.g)
}

func (s *soaStore) Layout(dst *memlayout.Layout) {
	layouts.Entities(dst, s.Entities(), int64(cap(s.id.Data))*3*4+int64(cap(s.col.Data))*2*4+int64(cap(s.loc))*4,
		"three int32 columns (id, next, prev) per tile entry in one vector for the map, with its spare room and free entries, two position columns and the removal record")
	dst.Fact("tile_table_bytes", float64(len(s.heads))*4, "bytes", "a list head per tile")
	dst.Fact("free_entries", float64(s.ents.Len()-s.live), "entries", "on the vector's one free list")
	ids, next := s.id.Data, s.next.Data
	w := dst.Walk()
	read := 0
	s.eachWindowTile(func(t int32) {
		for i := s.heads[t]; i != none; i = next[i] {
			w.Add(layouts.Addr(&ids[i]))
			read++
		}
	})
	w.Finish("Where the window's entries live: address against visit order (the id column)", "the window's tiles, "+s.orderWords()+", each tile's list through the map-wide vector")
	s.windowHeat(dst, func(t int32) int {
		k := 0
		for i := s.heads[t]; i != none; i = next[i] {
			k++
		}
		return k
	})
	// The window reads the heads of its tiles and id and next of every entry on them;
	// prev, and the position columns, only the moves touch.
	rows := s.ents.Len()
	v := dst.View(memlayout.Columns, "Columns: what the last frame read")
	layouts.Column(v, "id", s.id.Data, read, rows)
	layouts.Column(v, "next", s.next.Data, read, rows)
	layouts.Column(v, "prev", s.prev.Data, 0, rows)
	layouts.Column(v, "col", s.col.Data, len(s.moves), s.at.Len())
	layouts.Column(v, "row", s.row.Data, len(s.moves), s.at.Len())
	v.Note = "the window reads id and next of its entries only; the moves read an entity's position and unlink its entries through prev"
}

func (s *hashStore) Layout(dst *memlayout.Layout) {
	layouts.Entities(dst, s.g.Len(), s.g.Bytes()+int64(cap(s.sum))*12,
		"an item (box and id) in the cells' packed array with its room, a corner and a slot by id, the cells, and the window's scratch grid")
	q := winBox(s.win)
	layouts.GridWalk(dst, s.g, q, "Where the query's items live: address against visit order")
	bounds := winBox(rect{X1: s.cfg.cols, Y1: s.cfg.rows})
	win := s.win
	layouts.Grid(dst, s.g, bounds, memlayout.Rect{X0: int64(win.X0), Y0: int64(win.Y0), X1: int64(win.X1), Y1: int64(win.Y1)}, q)
}

// eachWindowTile calls fn with the index of every tile of the last frame's window, in
// the order the frame visits them (the order parameter).
func (w *world) eachWindowTile(fn func(t int32)) {
	win := w.win
	if w.cfg.byColumn {
		for t := range columnMajor(win, w.cfg.cols) {
			fn(t)
		}
		return
	}
	for r := win.Y0; r < win.Y1; r++ {
		for c := win.X0; c < win.X1; c++ {
			fn(w.tileIndex(c, r))
		}
	}
}

// orderWords says in which order a frame visits the window's tiles, for a caption.
func (w *world) orderWords() string {
	if w.cfg.byColumn {
		return "column by column"
	}
	return "row by row"
}

// windowHeat adds the heat map of entries per tile over the last frame's window,
// count giving a tile's entries.
func (w *world) windowHeat(dst *memlayout.Layout, count func(t int32) int) {
	win := w.win
	h := dst.View(memlayout.Heatmap, "Entries per tile over the window")
	h.StartHeat(int(win.X1-win.X0), int(win.Y1-win.Y0),
		memlayout.Rect{X0: int64(win.X0), Y0: int64(win.Y0), X1: int64(win.X1), Y1: int64(win.Y1)}, "entries per tile")
	w.eachWindowTile(func(t int32) {
		c, r := t%w.cfg.cols, t/w.cfg.cols
		h.HeatAdd(int(c-win.X0), int(r-win.Y0), int64(count(t)))
	})
	if h.Heat.Block > 1 {
		h.Note = "each square sums " + strconv.Itoa(h.Heat.Block) + "×" + strconv.Itoa(h.Heat.Block) + " tiles"
	}
}
