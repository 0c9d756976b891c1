package tiles

import (
	"context"

	"localitylab/backings/slotmap"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// slotStore keeps the entities by value in a slot map (source 002) and, per tile, a slice
// of the handles of the entities standing on it. Handles rather than dense indices,
// because a game that despawns entities moves values inside the slot map, and only a
// handle survives that: this workload never despawns, but the layout is the one a game
// with stable ids would use. Visiting a tile reads its slice header, then for each
// handle the slot table and the dense value: three places in memory per entity.
//
// Per tile entry it holds an 8-byte handle in a tile's slice (with append's slack); per
// tile a 24-byte slice header; per entity the 12-byte value, 12 bytes of slot table and
// back-index inside the slot map, and an 8-byte handle by id.
type slotStore struct {
	*world
	m       *slotmap.Map[entity]
	handles []slotmap.Handle   // by id: what the game holds to reach an entity
	tiles   [][]slotmap.Handle // by tile index: who stands there
}

// entity is an entity by value, as the slot map holds it.
type entity struct {
	ID int32
	At pos
}

func (s *slotStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.m = slotmap.New[entity](n)
	s.handles = make([]slotmap.Handle, n)
	s.tiles = sizedSlices[slotmap.Handle](ctx, s.world)
	return workload.Fill(ctx, progress, n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			p := s.spawnAt(i)
			h := s.m.Insert(entity{ID: int32(i), At: p})
			s.handles[i] = h
			s.insert(h, p)
		}
	})
}

func (s *slotStore) insert(h slotmap.Handle, p pos) {
	span := s.cfg.span
	for r := p.Row; r < p.Row+span; r++ {
		for c := p.Col; c < p.Col+span; c++ {
			t := s.tileIndex(c, r)
			hs := s.tiles[t]
			if s.cfg.double && len(hs) == cap(hs) {
				hs = doubled(hs, 1)
			}
			s.tiles[t] = append(hs, h)
		}
	}
}

func (s *slotStore) remove(h slotmap.Handle, p pos) {
	span := s.cfg.span
	for r := p.Row; r < p.Row+span; r++ {
		for c := p.Col; c < p.Col+span; c++ {
			t := s.tileIndex(c, r)
			s.tiles[t] = dropFrom(s.tiles[t], h, "slot map store")
		}
	}
}

func (s *slotStore) Frame() uint64 { return s.runFrame(s) }

// apply steps each moving entity: off its tiles, onto the new ones.
func (s *slotStore) apply(moves []move) {
	for _, mv := range moves {
		h := s.handles[mv.ID]
		e, ok := s.m.Get(h)
		if !ok {
			panic("tiles: slot map store holds a stale handle")
		}
		p := e.At
		q := s.dest(p, mv)
		e.At = q
		s.remove(h, p)
		s.insert(h, q)
	}
}

// visit resolves every handle on the window's tiles, in the frame's order: row by row
// or column by column (the order parameter).
func (s *slotStore) visit(win rect) uint64 {
	var h uint64
	if s.cfg.byColumn {
		for t := range columnMajor(win, s.cfg.cols) {
			if hs := s.tiles[t]; len(hs) > 0 {
				h = foldTile(h, s.handleSum(hs), t)
			}
		}
		return h
	}
	for r := win.Y0; r < win.Y1; r++ {
		base := s.tileIndex(win.X0, r)
		for c, hs := range s.tiles[base : base+win.X1-win.X0] {
			if len(hs) > 0 {
				h = foldTile(h, s.handleSum(hs), base+int32(c))
			}
		}
	}
	return h
}

// handleSum is the order-free sum of the ids of the entities the handles resolve to.
func (s *slotStore) handleSum(hs []slotmap.Handle) uint64 {
	var acc uint64
	for _, eh := range hs {
		e, ok := s.m.Get(eh)
		if !ok {
			panic("tiles: slot map store holds a stale handle on a tile")
		}
		acc = workload.Add(acc, uint64(e.ID))
	}
	return acc
}

func (s *slotStore) each(win rect, fn func(col, row int32, at pos, id int32)) {
	for r := win.Y0; r < win.Y1; r++ {
		for c := win.X0; c < win.X1; c++ {
			for _, eh := range s.tiles[s.tileIndex(c, r)] {
				e, _ := s.m.Get(eh)
				fn(c, r, e.At, e.ID)
			}
		}
	}
}

func (s *slotStore) Entities() int             { return s.m.Len() }
func (s *slotStore) Scene(dst *workload.Scene) { s.scene(dst, s.each) }

// Layout reports where the entities live (workload.LayoutReporter; layout.go).
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

// slotmapEntry is slotmap on the tiles workload: its store, estimate and note.
var slotmapEntry = entry{
	Backing: workload.SlotMap,
	New:     func(c config) workload.Store { return &slotStore{world: newWorld(c)} },
	// Per entry a handle in its tile's grown slice; per entity the slot map's value,
	// slot and back-index; per tile a slice header.
	Bytes:   slotmapBytes,
	Traffic: slotmapTraffic,
	Note: "Entities by value in a slot map, and per tile a slice of their handles. The " +
		"values are dense, but reaching one from a tile goes through the handle, the slot table and " +
		"then the value: three places in memory per entity, in an order the tiles do not share.",
}

func slotmapBytes(c config) int64 { return c.heapBytes(2*8, 12+12+8, 24, 0) }

// slotmapTraffic: the window streams its tiles' 24-byte slice headers row by row,
// reads each occupied tile's slice of 8-byte handles (tileLists), and resolves each handle through its slot and then its
// value, two lines at unrelated places. A move reads the handle by id, its slot and
// value, then on each tile it leaves and enters the slice header and the slice.
func slotmapTraffic(c config) (workload.Traffic, error) {
	if err := byColumn(c); err != nil {
		return workload.Traffic{}, err
	}
	w := windowOf(c)
	ch, lists := tileLists(w, 8)
	return frameTraffic(c, slotmapBytes(c), 24*w.tiles, ch+2*w.entries, 3+4*c.perEnt,
		"the window's 24-byte slice headers, "+lists+", and for each handle its slot and value",
		"the handle by id, its slot and value, and on each tile left and entered its header and slice"), nil
}
