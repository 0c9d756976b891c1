package bullets

import (
	"strconv"

	"localitylab/backings/rowvec"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
)

// The stores' layouts (workload.LayoutReporter). Every store's frame moves every
// bullet, in the structure's own order, so each walk visits every live bullet as the
// move pass does. Under churn the slot tables are what moves: slots freed by the dead,
// reused by the newborn, each reuse a new generation.

func (s *ptrStore) Layout(dst *memlayout.Layout) {
	n := s.Entities()
	layouts.Entities(dst, n, int64(cap(s.a.Items))*8+int64(n)*layouts.Size[objBullet](),
		"an 8-byte pointer and a 40-byte object, before the allocator rounds the object up to its size class")
	held := 0
	for e := range s.emitters {
		for _, p := range s.handles[e*s.cfg.handles:][:s.ringLen(e)] {
			if p.Dead {
				held++
			}
		}
	}
	dst.Fact("dead_objects_held", float64(held), "objects", "despawned bullets the emitters' handles keep alive")
	items := s.a.Items
	if s.cfg.mark { // the holes' nil pointers have no address: show the live ones
		items = make([]*objBullet, 0, n)
		for _, p := range s.a.Items {
			if p != nil {
				items = append(items, p)
			}
		}
	}
	layouts.Pointers(dst, items, "Where the objects live: address against index", "index order, as the move pass follows the pointers")
}

func (s *mapStore) Layout(dst *memlayout.Layout) {
	layouts.Map(dst, len(s.m), layouts.Size[uint64](), layouts.Size[bullet](), "bullets by id")
}

func (s *slotStore) Layout(dst *memlayout.Layout) {
	if s.mk != nil {
		layouts.Entities(dst, s.mk.live, int64(cap(s.mk.vals))*layouts.Size[bullet]()+int64(cap(s.mk.free))*4,
			"a 32-byte slot of the marked array, live or a hole, with the free list")
		layouts.Dense(dst, s.mk.vals, "Where the slots live: address against index, holes included", "slot order, as the move pass sweeps them, skipping holes")
		return
	}
	layouts.Entities(dst, s.m.Len(), s.m.Bytes(), "the slot map's dense value (32), slot (8) and back-index (4), with the arrays' spare room")
	layouts.Dense(dst, s.m.Values(), "Where the values live: address against index", "dense order, as the move pass sweeps them")
	layouts.SlotMap(dst, s.m)
}

func (s *rowStore) Layout(dst *memlayout.Layout) {
	layouts.Entities(dst, s.g.Len(), s.g.Bytes()+int64(cap(s.slots.slots))*layouts.Size[slotRec](),
		"an entry (bullet and two links) in a row's vector, with the vectors' spare room and free slots, a handle slot, and the tiles' list heads")
	w := dst.Walk()
	for r := range s.g.Rows() {
		ents := s.g.Row(r).Ents
		for i := range ents {
			if ents[i].Prev != rowvec.Freed { // the sweep skips free slots
				w.Add(layouts.Addr(&ents[i]))
			}
		}
	}
	w.Finish("Where the bullets live: address against visit order", "each row's vector in memory order, as the move pass sweeps them")
	h := dst.View(memlayout.Heatmap, "Bullets per tile over the arena")
	band, side := int64(s.cfg.band>>subBits), int64(s.cfg.side>>subBits)
	h.StartHeat(s.cfg.bands, s.cfg.bands, memlayout.Rect{X1: int64(s.cfg.bands) * band, Y1: int64(s.cfg.bands) * band}, "bullets per tile")
	for r := range s.g.Rows() {
		ents := s.g.Row(r).Ents
		for i := range ents {
			if ents[i].Prev != rowvec.Freed {
				h.HeatAdd(int(ents[i].Val.Col), r, 1)
			}
		}
	}
	h.Heat.Mark = memlayout.Rect{X1: side, Y1: side}
	h.Note = "the arena outlined; tiles of side " + strconv.FormatInt(band, 10)
	layouts.RowVectors(dst, s.g)
	s.slots.layout(dst, s.g.Len(), 0)
}

func (s *soaStore) Layout(dst *memlayout.Layout) {
	n := s.t.Len()
	layouts.Entities(dst, n, int64(cap(s.x.Data))*(5*4+8+4)+int64(cap(s.slots.slots))*layouts.Size[slotRec](),
		"seven columns (five int32, a uint64 id, an int32 slot) and a handle slot")
	layouts.Dense(dst, s.x.Data, "Where the rows live: address against index (the x column)", "index order, as the move pass streams the columns")
	// The move pass streams x, y, vx, vy and born; id and slot are read for the rows
	// whose bullet died, and id (with x and y) for the rows live handles reach.
	deaths := int(s.tally.hits + s.tally.exited + s.tally.expired)
	live := 0
	for e := range s.emitters {
		for _, h := range s.handles[e*s.cfg.handles:][:s.ringLen(e)] {
			if _, _, ok := s.slots.lookup(h); ok {
				live++
			}
		}
	}
	v := dst.View(memlayout.Columns, "Columns: what the last frame read")
	layouts.Column(v, "x", s.x.Data, n, n)
	layouts.Column(v, "y", s.y.Data, n, n)
	layouts.Column(v, "vx", s.vx.Data, n, n)
	layouts.Column(v, "vy", s.vy.Data, n, n)
	layouts.Column(v, "born", s.born.Data, n, n)
	layouts.Column(v, "id", s.id.Data, deaths+live, n)
	layouts.Column(v, "slot", s.slot.Data, deaths, n)
	v.Note = "hot: streamed, every row; cold: read only for the bullets that died and those live handles reach"
	s.slots.layout(dst, n, cap(s.x.Data))
}

func (s *hashStore) Layout(dst *memlayout.Layout) {
	layouts.Entities(dst, s.m.Len(), s.m.Bytes()+s.ix.Bytes()+int64(cap(s.taken)),
		"the slot map's value (32), slot (8) and back-index (4), and the index rebuilt each frame (corner, cell, sorted number)")
	layouts.Dense(dst, s.m.Values(), "Where the values live: address against index", "dense order, as the move pass sweeps them")
	layouts.SlotMap(dst, s.m)
	side := int64(s.cfg.side >> subBits)
	layouts.Index(dst, s.ix, memlayout.Rect{X1: side, Y1: side})
}

// layout reports the handle table of the soa and rowvec stores, live of whose slots
// hold bullets, in front of a dense array of that capacity (0: none).
func (t *slotTable) layout(dst *memlayout.Layout, live, dense int) {
	free := 0
	for si := t.firstFree; si >= 0; si = t.slots[si].a {
		free++
	}
	layouts.SlotTable(dst, len(t.slots), live, free, dense, func(i int) (uint32, bool) {
		g := t.slots[i].gen
		return g, g&1 == 1
	})
}
