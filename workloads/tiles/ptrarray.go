package tiles

import (
	"context"

	"localitylab/backings/ptrarray"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/internal/scatter"
	"localitylab/workloads/workload"
)

// ptrStore is the object-oriented layout of source 003 applied to a tile map: one heap
// object per entity, allocated one by one in shuffled order with other allocations
// between them (docs/design.md, rule 5), and per tile an array of pointers to the entities on
// it. The window walks the tiles' arrays in order, but every pointer leads somewhere
// else in the heap; a remove searches the tile's short array for the pointer.
//
// Per tile entry it holds an 8-byte pointer in a tile's array (with append's slack);
// per tile a 24-byte array header; per entity a 16-byte object (id and position, in
// the 16-byte size class) and an 8-byte pointer by id.
type ptrStore struct {
	*world
	all   ptrarray.Array[entity]   // by id: the game's list of its entities
	tiles []ptrarray.Array[entity] // by tile index: who stands there
}

func (s *ptrStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.all.Items = make([]*entity, 0, n)
	tileTable(ctx)
	s.tiles = make([]ptrarray.Array[entity], int(s.cfg.cols)*int(s.cfg.rows))
	entities(ctx)
	sizeTiles(s.world, func(t int, items []*entity) { s.tiles[t].Items = items })
	return scatter.Load(ctx, progress, n, s.cfg.seed,
		func(i int, p *entity) { *p = entity{ID: int32(i), At: s.spawnAt(i)} },
		func(p *entity) {
			s.all.Append(p)
			s.insert(p)
		})
}

// insert lists p on every tile it covers.
func (s *ptrStore) insert(p *entity) {
	span := s.cfg.span
	for r := p.At.Row; r < p.At.Row+span; r++ {
		for c := p.At.Col; c < p.At.Col+span; c++ {
			a := &s.tiles[s.tileIndex(c, r)]
			if s.cfg.double && len(a.Items) == cap(a.Items) {
				a.Items = doubled(a.Items, 1)
			}
			a.Append(p)
		}
	}
}

// remove takes p off every tile it covers, searching each tile's array for it.
func (s *ptrStore) remove(p *entity) {
	span := s.cfg.span
	for r := p.At.Row; r < p.At.Row+span; r++ {
		for c := p.At.Col; c < p.At.Col+span; c++ {
			t := &s.tiles[s.tileIndex(c, r)]
			i := 0
			for i < len(t.Items) && t.Items[i] != p {
				i++
			}
			t.SwapRemove(i) // panics when p was not there: the store lost track of it
		}
	}
}

func (s *ptrStore) Frame() uint64 { return s.runFrame(s) }

// apply steps each moving entity: off its tiles, onto the new ones.
func (s *ptrStore) apply(moves []move) {
	for _, mv := range moves {
		p := s.all.Items[mv.ID]
		s.remove(p)
		p.At = s.dest(p.At, mv)
		s.insert(p)
	}
}

// visit follows every pointer on the window's tiles, in the frame's order: row by row
// or column by column (the order parameter).
func (s *ptrStore) visit(win rect) uint64 {
	var h uint64
	if s.cfg.byColumn {
		for t := range columnMajor(win, s.cfg.cols) {
			if items := s.tiles[t].Items; len(items) > 0 {
				h = foldTile(h, pointedSum(items), t)
			}
		}
		return h
	}
	for r := win.Y0; r < win.Y1; r++ {
		base := s.tileIndex(win.X0, r)
		row := s.tiles[base : base+win.X1-win.X0]
		for c := range row {
			if items := row[c].Items; len(items) > 0 {
				h = foldTile(h, pointedSum(items), base+int32(c))
			}
		}
	}
	return h
}

// pointedSum is the order-free sum of the ids of the entities the pointers lead to.
func pointedSum(items []*entity) uint64 {
	var acc uint64
	for _, p := range items {
		acc = workload.Add(acc, uint64(p.ID))
	}
	return acc
}

func (s *ptrStore) each(win rect, fn func(col, row int32, at pos, id int32)) {
	for r := win.Y0; r < win.Y1; r++ {
		for c := win.X0; c < win.X1; c++ {
			for _, p := range s.tiles[s.tileIndex(c, r)].Items {
				fn(c, r, p.At, p.ID)
			}
		}
	}
}

func (s *ptrStore) Entities() int             { return s.all.Len() }
func (s *ptrStore) Scene(dst *workload.Scene) { s.scene(dst, s.each) }

// Layout reports where the entities live (workload.LayoutReporter; layout.go).
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

// ptrarrayEntry is ptrarray on the tiles workload: its store, estimate and note.
var ptrarrayEntry = entry{
	Backing: workload.PtrArray,
	New:     func(c config) workload.Store { return &ptrStore{world: newWorld(c)} },
	// Per entry a pointer in its tile's grown array; per entity a pointer by id, the
	// object, the fillers until they are collected, and slack; per tile a slice header.
	Bytes:   ptrarrayBytes,
	Traffic: ptrarrayTraffic,
	Note: "Per tile, an array of pointers to entity objects allocated one by one and " +
		"scattered through the heap. The window walks the tiles in order, but every entity it meets " +
		"is a jump to somewhere else in memory, and the map pays a slice header for every tile, " +
		"occupied or not. With many entities per tile the collector must also scan every pointer " +
		"array, which makes its load the slowest.",
}

func ptrarrayBytes(c config) int64 { return c.heapBytes(2*8, 8+16+2*16+8, 24, 0) }

// ptrarrayTraffic: the window streams its tiles' 24-byte slice headers row by row,
// reads each occupied tile's slice of 8-byte pointers (tileLists), and follows each
// to its 16-byte object. A move reads
// the pointer by id and the object, then on each tile it leaves and each it enters
// the slice header and the slice it searches or appends to.
func ptrarrayTraffic(c config) (workload.Traffic, error) {
	if err := byColumn(c); err != nil {
		return workload.Traffic{}, err
	}
	w := windowOf(c)
	ch, lists := tileLists(w, 8)
	return frameTraffic(c, ptrarrayBytes(c), 24*w.tiles, ch+w.entries, 2+4*c.perEnt,
		"the window's 24-byte slice headers, "+lists+", and the object each points to",
		"the pointer by id, the object, and on each tile left and entered its header and slice"), nil
}
