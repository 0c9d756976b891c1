package bullets

import (
	"context"
	"slices"

	"localitylab/backings/soa"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// soaStore keeps the bullets as a structure of arrays (source 003's packed data): one
// column each for x, y, vx, vy, born, id and slot, row i holding one bullet, live rows
// only. The move pass streams the five int32 columns it needs and touches id and slot
// only for the bullets that die; the dead are then swap-removed in one batch (the
// table's columns are generic, so it reaches them through one dynamic call per column
// per operation: batching spawns and despawns keeps that to a handful per frame).
// Handles go through a generation-checked slot table, patched where a swap-remove
// moved a row; once the columns, the table and the buffers have reached the peak
// count, nothing is allocated.
type soaStore struct {
	*world
	t                  *soa.Table
	x, y, vx, vy, born *soa.Column[int32]
	id                 *soa.Column[uint64]
	slot               *soa.Column[int32] // the row's slot in slots
	slots              slotTable
	handles            []handle // emitter e's ring is handles[e*cfg.handles:][:cfg.handles]
	dead, moved        []int    // this frame's despawned rows and SwapRemoveRows' report, reused

	// Under despawn = mark a dead row stays where it is as a hole (born = holeBorn),
	// its row on the free list for the next spawn, and rows never move.
	free freeList
}

func (s *soaStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	s.t = soa.NewTable(s.cfg.n)
	s.x, s.y = soa.AddColumn[int32](s.t), soa.AddColumn[int32](s.t)
	s.vx, s.vy = soa.AddColumn[int32](s.t), soa.AddColumn[int32](s.t)
	s.born = soa.AddColumn[int32](s.t)
	s.id = soa.AddColumn[uint64](s.t)
	s.slot = soa.AddColumn[int32](s.t)
	s.slots = newSlotTable(s.cfg.n)
	s.handles = newHandles[handle](s.world)
	s.dead = make([]int, 0, s.cfg.spawnCap) // deaths per frame rarely pass what spawns may refill
	s.moved = make([]int, 0, s.cfg.spawnCap)
	if s.cfg.mark {
		return s.loadMarked(ctx, progress)
	}
	return workload.Fill(ctx, progress, s.cfg.prewarm, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.set(s.t.Append(), s.bulletAt(i))
		}
	})
}

// set fills the new row r with b and gives it a slot.
func (s *soaStore) set(r int, b bullet) handle {
	h := s.slots.alloc(int32(r), 0)
	s.x.Data[r], s.y.Data[r], s.vx.Data[r], s.vy.Data[r] = b.X, b.Y, b.VX, b.VY
	s.born.Data[r], s.id.Data[r], s.slot.Data[r] = b.Born, b.ID, h.slot
	return h
}

// loadMarked lays the rows out by loadPlan, the holes' born set to holeBorn.
func (s *soaStore) loadMarked(ctx context.Context, progress func(float64)) error {
	slots, total := s.free.plan(&s.cfg)
	s.t.AppendRows(total)
	for r := range s.born.Data {
		s.born.Data[r] = holeBorn
	}
	return workload.Fill(ctx, progress, len(slots), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.set(int(slots[i]), s.bulletAt(i))
		}
	})
}

func (s *soaStore) Frame() uint64 {
	if s.cfg.mark {
		return s.frameMarked()
	}
	k := s.beginFrame(s.t.Len())
	first := s.t.AppendRows(k)
	for r := first; r < first+k; r++ {
		b, ring := s.fire()
		keepHandle(s.handles, ring, s.set(r, b))
	}
	s.update()
	s.resolve()
	return s.endFrame()
}

// update moves every row and judges it, noting the rows whose bullet died, then
// removes them; under despawn = mark it skips the holes and leaves a hole where a
// bullet died instead.
func (s *soaStore) update() {
	s.dead = s.dead[:0]
	if s.motion != nil {
		s.moveDispatch()
	} else {
		s.move()
	}
	s.removeDead()
}

// move is update's pass over the columns.
func (s *soaStore) move() {
	xs, ys, vxs, vys, borns := s.columns()
	mark := s.cfg.mark
	for i := range xs {
		if mark && borns[i] == holeBorn {
			continue
		}
		var x, y int32
		x, y = xs[i]+vxs[i], ys[i]+vys[i]
		xs[i], ys[i] = x, y
		if !s.quiet(x, y, borns[i]) {
			s.judge(i, x, y)
		}
	}
}

// moveDispatch is move under the dispatch parameter: each bullet moved through the
// Motion interface (dispatch.go).
func (s *soaStore) moveDispatch() {
	xs, ys, vxs, vys, borns := s.columns()
	mv, mark := s.motion, s.cfg.mark
	for i := range xs {
		if mark && borns[i] == holeBorn {
			continue
		}
		var x, y int32
		x, y = mv.Step(xs[i], ys[i], vxs[i], vys[i])
		xs[i], ys[i] = x, y
		if !s.quiet(x, y, borns[i]) {
			s.judge(i, x, y)
		}
	}
}

// judge decides the fate of row i, moved to (x, y) and not quiet, and despawns its
// bullet when it died: the id and slot columns are read only then. A dead row is
// noted for removeDead, or under despawn = mark left a hole on the free list.
func (s *soaStore) judge(i int, x, y int32) {
	k := s.fate(x, y, s.born.Data[i])
	if k == fateAlive {
		return
	}
	s.died(k, s.id.Data[i])
	s.slots.release(s.slot.Data[i])
	if s.cfg.mark {
		s.born.Data[i] = holeBorn
		s.free.push(int32(i))
	} else {
		s.dead = append(s.dead, i)
	}
}

// columns returns the columns the move pass reads, cut to one length so that the
// compiler drops the bounds checks of the others.
func (s *soaStore) columns() (xs, ys, vxs, vys, borns []int32) {
	xs = s.x.Data
	n := len(xs)
	return xs, s.y.Data[:n], s.vx.Data[:n], s.vy.Data[:n], s.born.Data[:n]
}

// removeDead swap-removes the dead rows, highest first, so that each removal moves a
// live row from the end into the hole. A row only ever moves into a removed row's
// index, so patching the slot of whatever now sits at those indexes covers every
// row that moved, even one that moved twice.
func (s *soaStore) removeDead() {
	if len(s.dead) == 0 {
		return
	}
	slices.Reverse(s.dead)
	s.moved = s.t.SwapRemoveRows(s.dead, s.moved[:0])
	n, slot := s.t.Len(), s.slot.Data
	for _, i := range s.dead {
		if i < n {
			s.slots.moved(slot[i], int32(i), 0)
		}
	}
}

// resolve looks up every emitter's handles in the slot table, then the rows.
func (s *soaStore) resolve() {
	for ring := range rings(s.world, s.handles) {
		for _, h := range ring {
			if r, _, ok := s.slots.lookup(h); ok {
				s.seeLive(s.id.Data[r], s.x.Data[r], s.y.Data[r])
			} else {
				s.seeStale()
			}
		}
	}
}

// frameMarked is Frame under despawn = mark: a spawn takes a hole's row (or a new
// one), a despawn leaves a hole.
func (s *soaStore) frameMarked() uint64 {
	for range s.beginFrame(s.Entities()) {
		b, ring := s.fire()
		r, ok := s.free.pop()
		if !ok {
			r = int32(s.t.Append())
		}
		keepHandle(s.handles, ring, s.set(int(r), b))
	}
	s.update()
	s.resolve()
	return s.endFrame()
}

// Entities counts the rows that are not holes: under despawn = mark every row holds a
// bullet or is on the free list, and under swap-and-pop the list is empty.
func (s *soaStore) Entities() int { return s.t.Len() - len(s.free) }

func (s *soaStore) Scene(dst *workload.Scene) {
	stride := s.sceneBegin(dst, s.Entities())
	for r, id := range s.id.Data {
		if s.born.Data[r] != holeBorn {
			s.sceneBullet(dst, stride, id, s.x.Data[r], s.y.Data[r])
		}
	}
}

// Lookups repeats the last frame\'s handle lookups (lookups.go).
func (s *soaStore) Lookups() int { return s.again(s.resolve) }

// Layout reports where the bullets live (workload.LayoutReporter).
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

// soaEntry is soa on the bullets workload: its store, estimate and note.
var soaEntry = entry{
	Backing: workload.SoA,
	Traffic: soaTraffic,
	New:     func(c config) workload.Store { return &soaStore{world: newWorld(c)} },
	// Seven columns, and a slot.
	Bytes: func(c config) int64 { return c.heapBytes(36+8, 0, true) },
	Note: "One column per field (x, y, vx, vy, born, id, slot), live rows only. The move " +
		"streams just the position and velocity columns, the densest possible pass; despawns are " +
		"swap-removed in one batch, and handles go through a version-checked slot table that is " +
		"patched when a row moves. Nothing is allocated once the columns have grown, unless allocs 2 " +
		"asks for a trail object per spawn. With despawn 1 a dead row stays as a hole (its born column " +
		"marks it), reused through a free list, and the move pass skips it.",
}

// soaTraffic: the move pass streams the five int32 columns columns returns; id and
// slot it reads only for the bullets that die. Under despawn = mark it reads born
// for every row, and the other four of a hole's line with its live neighbours'.
func soaTraffic(c config) (workload.Traffic, error) {
	return workload.Traffic{Streamed: 5 * 4 * slots(c),
		What: "the move pass's five int32 columns x, y, vx, vy, born, 20 bytes a bullet" + withHoles(c) + notCounted(c, true)}, nil
}
