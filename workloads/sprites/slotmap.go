package sprites

import (
	"context"
	"fmt"

	"localitylab/backings/slotmap"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// slotStore keeps the sprites by value in a slot map (source 002): a dense array of
// sprites, and a handle per sprite id that resolves through the slot table. Culling
// scans the dense values front to back, as contiguous as soa's rows but reading whole
// 24-byte sprites; moves resolve a handle, one extra indirection per moving sprite.
// The cold bytes, if any, lie in each value beside its hot fields, so the scan strides
// over them.
type slotStore[C coldArray] struct {
	*world
	m       *slotmap.Map[record[C]]
	handles []slotmap.Handle // by sprite id: what the game would hold to reach a sprite
}

func (s *slotStore[C]) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.m = slotmap.New[record[C]](n)
	s.handles = make([]slotmap.Handle, n)
	return workload.Fill(ctx, progress, n, func(lo, hi int) {
		var r record[C]
		for i := lo; i < hi; i++ {
			r.sprite = s.spriteAt(i)
			s.fillCold(placeCold(&r.cold), r.ID)
			s.handles[i] = s.m.Insert(r)
		}
	})
}

func (s *slotStore[C]) Frame() uint64 { return s.runFrame(s) }

// applyMoves resolves each moving sprite's handle and moves the value in place.
func (s *slotStore[C]) applyMoves(moves []move) {
	side := s.cfg.side
	for _, mv := range moves {
		p, ok := s.m.Get(s.handles[mv.ID])
		if !ok {
			panic("sprites: slot map store holds a stale handle")
		}
		p.X = wrap(p.X+mv.DX, side)
		p.Y = wrap(p.Y+mv.DY, side)
	}
}

// cull scans the dense values, four at a time as soa's scanColumns does, so that the
// two differ by their layout and not by how their loops are written. It reads the cold
// bytes of the sprites that pass.
func (s *slotStore[C]) cull(view rect) {
	s.vis.reset()
	if k := s.cfg.stride; k > 1 {
		s.cullStrided(view, k) // stride.go
		return
	}
	cold := s.cfg.cold > 0
	vals := s.m.Values()
	for i := scanValues(vals, view, 0); i < len(vals); i = scanValues(vals, view, i+1) {
		sp := &vals[i]
		s.vis.add(sp.ID, sp.Depth, sp.X, sp.Y)
		if cold {
			s.vis.addCold(coldDigest(coldOf(&sp.cold, s.cfg.coldPtr)))
		}
	}
}

// scanValues returns the index of the first sprite from i on that overlaps view, or
// len(vals): scanColumns over an array of sprites by value.
func scanValues[C coldArray](vals []record[C], view rect, i int) int {
	n := len(vals)
	x0, x1, y0, y1 := view.X0, view.X1, view.Y0, view.Y1
	for ; i+4 <= n; i += 4 {
		v := vals[i : i+4 : i+4]
		m := (v[0].X - x1) & (x0 - v[0].X - v[0].W) & (v[0].Y - y1) & (y0 - v[0].Y - v[0].H)
		m |= (v[1].X - x1) & (x0 - v[1].X - v[1].W) & (v[1].Y - y1) & (y0 - v[1].Y - v[1].H)
		m |= (v[2].X - x1) & (x0 - v[2].X - v[2].W) & (v[2].Y - y1) & (y0 - v[2].Y - v[2].H)
		m |= (v[3].X - x1) & (x0 - v[3].X - v[3].W) & (v[3].Y - y1) & (y0 - v[3].Y - v[3].H)
		if m < 0 {
			break
		}
	}
	for ; i < n; i++ {
		if sp := &vals[i]; view.overlaps(sp.X, sp.Y, sp.W, sp.H) {
			return i
		}
	}
	return n
}

func (s *slotStore[C]) Entities() int { return s.m.Len() }

// slotMaker is coldKind's method that makes a slotStore.
type slotMaker interface{ newSlot(w *world) workload.Store }

func (coldKind[C]) newSlot(w *world) workload.Store { return &slotStore[C]{world: w} }

// Scene shows what the last frame drew (scene.go).
func (s *slotStore[C]) Scene(dst *workload.Scene) { s.scene(dst, s) }

func (s *slotStore[C]) size(id int32) (w, h int32) {
	p, ok := s.m.Get(s.handles[id])
	if !ok {
		panic("sprites: slot map store holds a stale handle")
	}
	return p.W, p.H
}

// Layout reports where the sprites live (workload.LayoutReporter; layout.go).
func (s *slotStore[C]) Layout(dst *memlayout.Layout) {
	n := s.m.Len()
	layouts.Entities(dst, n, s.m.Bytes()+int64(cap(s.handles))*8,
		"the slot map's dense value (24, plus any cold bytes inside it or the 8-byte pointer to them), slot (8) and back-index (4), and a handle by id (8)"+coldApart(s.cfg))
	layouts.Dense(dst, s.m.Values(), "Where the values live: address against index", "dense order, as the cull scans them")
	layouts.SlotMap(dst, s.m)
}

// slotmapEntry is slotmap on the sprites workload: its store, estimate and note.
var slotmapEntry = entry{
	Backing: workload.SlotMap,
	Traffic: slotmapTraffic,
	New:     func(c config) workload.Store { return recordKind[slotMaker](&c).newSlot(newWorld(c)) },
	// The value, its slot, the dense-to-slot index and a handle by id.
	Bytes: func(c config) int64 { return c.heapBytes(spriteBytes+c.coldSpace()+8+4+8, 0) },
	Note: "Sprites by value in one dense array, with stable handles that resolve through a " +
		"slot table. The cull scans the dense array front to back, so the hardware prefetcher keeps up, but " +
		"it reads every sprite in the world, all 24 bytes of each where soa reads 16. Moving a sprite first " +
		"resolves its handle through the slot table: one more trip to memory than soa's write by row.",
}

// slotmapTraffic: the cull streams the dense array of values, cold bytes and all.
func slotmapTraffic(c config) (workload.Traffic, error) {
	rec := 24 + c.cold
	what := fmt.Sprintf("the cull's dense array of %d-byte values", rec)
	switch {
	case c.coldPtr && c.cold > 0:
		rec, what = 32, "the cull's dense array of 32-byte values, a sprite and a pointer to its cold bytes"
	case c.cold > 0:
		what += fmt.Sprintf(", a sprite and its %d cold bytes", c.cold)
	}
	return streamed(c, workload.Traffic{Streamed: float64(rec), What: what})
}
