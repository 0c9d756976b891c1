package bullets

import (
	"context"
	"fmt"
	"strconv"

	"localitylab/backings/rowvec"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// rowBullet is a bullet in a row vector: 40 bytes, with the tile column it is listed
// under (so the move pass can tell a bullet left its tile without a division) and its
// slot in the handle table (so a bullet that changes row can patch it).
type rowBullet struct {
	X, Y, VX, VY int32
	Born         int32
	Col          int32
	Slot         int32
	_            int32
	ID           uint64
}

// rowStore buckets the bullets by arena tiles in per-row vectors (source 000): grid row
// r keeps, in one vector of its own, every bullet whose corner lies in the horizontal
// band [r·band, (r+1)·band), and each of its tiles is a list through that vector. The
// move pass sweeps each row's vector in memory order; a bullet that crosses into
// another tile is taken out and put back in its new tile's list after the sweep. Hit
// tests walk only the tiles under each target. Handles go through a generation-checked
// slot table, since a bullet's place (row, index) changes when it crosses a band.
type rowStore struct {
	*world
	g       *rowvec.Grid[rowBullet]
	slots   slotTable
	handles []handle    // emitter e's ring is handles[e*cfg.handles:][:cfg.handles]
	movers  []rowBullet // bullets that left their tile this frame, reused
}

func (s *rowStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	s.g = rowvec.New[rowBullet](s.cfg.bands, s.cfg.bands)
	s.slots = newSlotTable(s.cfg.n)
	s.handles = newHandles[handle](s.world)
	return workload.Fill(ctx, progress, s.cfg.prewarm, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.add(s.bulletAt(i))
		}
	})
}

// add gives b a slot and lists it on its tile.
func (s *rowStore) add(b bullet) handle {
	h := s.slots.alloc(-1, -1)
	s.place(rowBullet{X: b.X, Y: b.Y, VX: b.VX, VY: b.VY, Born: b.Born, Slot: h.slot, ID: b.ID})
	return h
}

// place lists v on the tile of its corner, which lies in the arena, and records where
// it went in its slot.
func (s *rowStore) place(v rowBullet) {
	col, row := v.X/s.cfg.band, v.Y/s.cfg.band
	v.Col = col
	idx := s.g.Insert(int(col), int(row), v)
	s.slots.moved(v.Slot, row, idx)
}

func (s *rowStore) Frame() uint64 {
	for range s.beginFrame(s.g.Len()) {
		b, ring := s.fire()
		keepHandle(s.handles, ring, s.add(b))
	}
	s.update()
	s.hits()
	s.resolve()
	return s.endFrame()
}

// update sweeps every row's vector: it moves each bullet, removes those that expired
// or left the arena, and sets aside those that left their tile, to list them again
// once the sweep is over (so that none is moved twice).
func (s *rowStore) update() {
	s.movers = s.movers[:0]
	for r := range s.g.Rows() {
		if s.motion != nil {
			s.sweepDispatch(s.g.Row(r), int32(r)*s.cfg.band)
		} else {
			s.sweep(s.g.Row(r), int32(r)*s.cfg.band)
		}
	}
	for _, v := range s.movers {
		s.place(v)
	}
}

// sweep is update's pass over one row, whose band starts at top.
func (s *rowStore) sweep(row *rowvec.Row[rowBullet], top int32) {
	ents, band := row.Ents, s.cfg.band
	for i := range ents {
		en := &ents[i]
		if en.Prev == rowvec.Freed {
			continue
		}
		b := &en.Val
		b.X, b.Y = b.X+b.VX, b.Y+b.VY
		if k := s.lapse(b.X, b.Y, b.Born); k != fateAlive {
			s.despawn(row, int32(i), k)
		} else if uint32(b.X-b.Col*band) >= uint32(band) || uint32(b.Y-top) >= uint32(band) {
			s.setAside(row, int32(i), b)
		}
	}
}

// sweepDispatch is sweep under the dispatch parameter: each bullet moved through the
// Motion interface (dispatch.go).
func (s *rowStore) sweepDispatch(row *rowvec.Row[rowBullet], top int32) {
	ents, band, mv := row.Ents, s.cfg.band, s.motion
	for i := range ents {
		en := &ents[i]
		if en.Prev == rowvec.Freed {
			continue
		}
		b := &en.Val
		b.X, b.Y = mv.Step(b.X, b.Y, b.VX, b.VY)
		if k := s.lapse(b.X, b.Y, b.Born); k != fateAlive {
			s.despawn(row, int32(i), k)
		} else if uint32(b.X-b.Col*band) >= uint32(band) || uint32(b.Y-top) >= uint32(band) {
			s.setAside(row, int32(i), b)
		}
	}
}

// despawn removes the bullet at index i of row, which died for reason k: its death
// recorded, its slot freed (every handle to it stale from then on) and its entry
// unlisted from its tile.
func (s *rowStore) despawn(row *rowvec.Row[rowBullet], i, k int32) {
	b := &row.Ents[i].Val
	s.died(k, b.ID)
	s.slots.release(b.Slot)
	row.Remove(int(b.Col), i)
}

// setAside takes b, the bullet at index i of row, which has left its tile, out of the
// row until update lists it again.
func (s *rowStore) setAside(row *rowvec.Row[rowBullet], i int32, b *rowBullet) {
	s.movers = append(s.movers, *b)
	row.Remove(int(b.Col), i)
}

// hits walks, for each target in ascending order, the tiles holding corners of
// bullets that can overlap it, and removes the bullets that do: a bullet over several
// targets is taken by the first, the lowest-numbered.
func (s *rowStore) hits() {
	band, side, bs, ts := s.cfg.band, s.cfg.side, s.cfg.bulletSize, s.cfg.targetSize
	for t := range s.targets {
		tg := &s.targets[t]
		c0, c1 := max(tg.X-bs+1, 0)/band, min(tg.X+ts-1, side-1)/band
		r0, r1 := max(tg.Y-bs+1, 0)/band, min(tg.Y+ts-1, side-1)/band
		for r := r0; r <= r1; r++ {
			row := s.g.Row(int(r))
			ents := row.Ents
			for c := c0; c <= c1; c++ {
				for i := row.First[c]; i != rowvec.None; {
					next, b := ents[i].Next, &ents[i].Val
					if s.overlaps(int32(t), b.X, b.Y) {
						s.despawn(row, i, int32(t))
					}
					i = next
				}
			}
		}
	}
}

// resolve looks up every emitter's handles in the slot table, then the row vectors.
func (s *rowStore) resolve() {
	for ring := range rings(s.world, s.handles) {
		for _, h := range ring {
			if r, idx, ok := s.slots.lookup(h); ok {
				b := s.g.Get(int(r), idx)
				s.seeLive(b.ID, b.X, b.Y)
			} else {
				s.seeStale()
			}
		}
	}
}

func (s *rowStore) Entities() int { return s.g.Len() }

func (s *rowStore) Scene(dst *workload.Scene) {
	stride := s.sceneBegin(dst, s.g.Len())
	for r := range s.g.Rows() {
		ents := s.g.Row(r).Ents
		for i := range ents {
			if ents[i].Prev != rowvec.Freed {
				b := &ents[i].Val
				s.sceneBullet(dst, stride, b.ID, b.X, b.Y)
			}
		}
	}
}

// Lookups repeats the last frame\'s handle lookups (lookups.go).
func (s *rowStore) Lookups() int { return s.again(s.resolve) }

// Layout reports where the bullets live (workload.LayoutReporter).
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

// rowvecEntry is rowvec on the bullets workload: its store, estimate and note.
var rowvecEntry = entry{
	Backing: workload.RowVec,
	Traffic: rowvecTraffic,
	Check: func(c config) error {
		if tiles := int64(c.bands) * int64(c.bands); tiles > maxBandTiles {
			return fmt.Errorf("bullets: %s = %d cuts the arena (side %d) into %d×%d tiles, more than %d; use a band of at least %d",
				pBand, c.band>>subBits, c.side>>subBits, c.bands, c.bands, maxBandTiles, minBand(int64(c.side>>subBits)))
		}
		return nil
	},
	New: func(c config) workload.Store { return &rowStore{world: newWorld(c)} },
	// An entry in row vectors grown by append, and a slot; per tile a list head.
	Bytes: func(c config) int64 { return c.heapBytes(2*48+8, int64(c.bands)*int64(c.bands)*4, false) },
	Note: "Per-row vectors: the arena is cut into bands, each band keeps its bullets in " +
		"one vector of its own, chained per tile. Hit tests visit only the tiles under each target, " +
		"but with every bullet moving, many cross into another tile each frame and must be unlinked " +
		"and relinked, and handles need a slot table of their own because a bullet's place changes. " +
		"A row's vector always keeps freed entries as holes reused through its free list, so despawn " +
		"and dead_pct do not change it.",
}

// rowvecTraffic: the sweep streams every row's vector, a 48-byte entry (the 40-byte
// bullet and its two links) per bullet. A row also keeps free entries, swept too,
// that the count cannot know: it is a floor.
func rowvecTraffic(c config) (workload.Traffic, error) {
	return workload.Traffic{Streamed: 48,
		What: "the sweep's row vectors, a 48-byte entry a bullet (a floor: the free entries a row keeps, swept too, are not counted)" +
			notCounted(c, false, "the bullets that change tile, unlinked and linked again")}, nil
}
