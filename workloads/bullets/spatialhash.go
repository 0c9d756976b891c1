package bullets

import (
	"context"
	"fmt"
	"slices"

	"localitylab/backings/spatialhash"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// hashStore finds hits with a spatial hash (source 004) in the form particle systems
// use when everything moves every frame: a loose grid rebuilt from scratch each frame
// by one counting sort (spatialhash.Index), instead of re-bucketing every bullet one by
// one as it moves. Each bullet is listed once, in the cell of its corner; each target
// then asks only the cells under it (widened by a bullet's side) for the bullets it
// overlaps.
//
// The bullets themselves live by value in a slot map, as in the slotmap store: one
// dense array that the move pass walks and compacts, and generation-checked handles
// for the emitters, so a stale handle is caught exactly as there. The index names
// bullets by their place in that array at the time of its rebuild; hits are collected
// for every target first and removed afterwards, highest place first, so that no
// removal moves a bullet another target has yet to name.
type hashStore struct {
	*world
	slotBullets
	ix    *spatialhash.Index
	found []int32 // one target's query, reused
	hit   []int32 // this frame's hit bullets, by place in the dense array
	taken []bool  // by place: already hit by a lower-numbered target
}

func (s *hashStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	arena := spatialhash.Box{X: 0, Y: 0, W: s.cfg.side, H: s.cfg.side}
	s.ix = spatialhash.NewIndex(arena, s.cfg.cell, s.cfg.bulletSize, s.cfg.bulletSize, n)
	s.found = make([]int32, 0, 1024)
	s.hit = make([]int32, 0, 1024)
	s.taken = make([]bool, n)
	return s.load(ctx, progress, s.world)
}

func (s *hashStore) Frame() uint64 {
	s.spawn(s.world)
	s.update()
	s.hits()
	s.resolve(s.world)
	return s.endFrame()
}

// update moves every bullet, removes those that expired or left the arena, and adds
// each survivor's corner to the index, which it then builds. A removal moves the last
// bullet into the hole, so the loop looks at the same place again; the survivors are
// thus added in the order of their final places.
func (s *hashStore) update() {
	s.ix.Reset()
	if s.motion != nil {
		s.moveDispatch()
	} else {
		s.move()
	}
	s.ix.Build()
}

// move is update's pass over the values.
func (s *hashStore) move() {
	vals := s.m.Values()
	for i := 0; i < len(vals); {
		b := &vals[i]
		b.X, b.Y = b.X+b.VX, b.Y+b.VY
		if k := s.lapse(b.X, b.Y, b.Born); k != fateAlive {
			vals = s.despawn(s.world, i, k) // the last value moved into i: look at i again
			continue
		}
		s.ix.Add(b.X, b.Y)
		i++
	}
}

// moveDispatch is move under the dispatch parameter: each bullet moved through the
// Motion interface (dispatch.go).
func (s *hashStore) moveDispatch() {
	vals, mv := s.m.Values(), s.motion
	for i := 0; i < len(vals); {
		b := &vals[i]
		b.X, b.Y = mv.Step(b.X, b.Y, b.VX, b.VY)
		if k := s.lapse(b.X, b.Y, b.Born); k != fateAlive {
			vals = s.despawn(s.world, i, k) // the last value moved into i: look at i again
			continue
		}
		s.ix.Add(b.X, b.Y)
		i++
	}
}

// hits asks the index for the bullets under each target, in ascending order, so that
// a bullet over several targets is taken by the first, the lowest-numbered; then it
// removes them, highest place first.
func (s *hashStore) hits() {
	ts := s.cfg.targetSize
	vals := s.m.Values()
	s.hit = s.hit[:0]
	for t := range s.targets {
		tg := &s.targets[t]
		s.found = s.ix.Query(spatialhash.Box{X: tg.X, Y: tg.Y, W: ts, H: ts}, s.found[:0])
		for _, i := range s.found {
			if !s.taken[i] {
				s.taken[i] = true
				s.died(int32(t), vals[i].ID)
				s.hit = append(s.hit, i)
			}
		}
	}
	slices.Sort(s.hit)
	for _, i := range slices.Backward(s.hit) {
		s.taken[i] = false
		s.m.RemoveAt(int(i))
	}
}

func (s *hashStore) Entities() int { return s.m.Len() }

func (s *hashStore) Scene(dst *workload.Scene) { s.scene(s.world, dst) }

// Lookups repeats the last frame\'s handle lookups (lookups.go).
func (s *hashStore) Lookups() int { return s.again(func() { s.resolve(s.world) }) }

// Layout reports where the bullets live (workload.LayoutReporter).
func (s *hashStore) Layout(dst *memlayout.Layout) {
	layouts.Entities(dst, s.m.Len(), s.m.Bytes()+s.ix.Bytes()+int64(cap(s.taken)),
		"the slot map's value (32), slot (8) and back-index (4), and the index rebuilt each frame (corner, cell, sorted number)")
	layouts.Dense(dst, s.m.Values(), "Where the values live: address against index", "dense order, as the move pass sweeps them")
	layouts.SlotMap(dst, s.m)
	side := int64(s.cfg.side >> subBits)
	layouts.Index(dst, s.ix, memlayout.Rect{X1: side, Y1: side})
}

// spatialhashEntry is spatialhash on the bullets workload: its store, estimate and note.
var spatialhashEntry = entry{
	Backing: workload.SpatialHash,
	Traffic: spatialhashTraffic,
	Check: func(c config) error {
		if perAxis := (int64(c.side) + int64(c.cell) - 1) / int64(c.cell); perAxis*perAxis > maxHashCells {
			return fmt.Errorf("bullets: %s = %d cuts the arena (side %d) into %d×%d cells, more than %d; use a cell of at least %d",
				pCell, c.cellGiven, c.side>>subBits, perAxis, perAxis, maxHashCells, minBand(int64(c.side>>subBits)))
		}
		if k := workload.CellsPerSquare(c.targetSize+c.bulletSize, c.cell); k > maxCellsPerQuery {
			return fmt.Errorf("bullets: %s = %d makes a target of side %d cover up to %d cells, more than %d; use a larger cell",
				pCell, c.cellGiven, c.targetSize>>subBits, k, maxCellsPerQuery)
		}
		return nil
	},
	New: func(c config) workload.Store { return &hashStore{world: newWorld(c)} },
	// The slot map's (value, slot, back-index), then the index's corner, cell, sorted
	// copy and taken flag; per cell two int32 counters.
	Bytes: func(c config) int64 {
		cells := int64(c.side)/int64(c.cell) + 1
		return c.heapBytes(32+8+4+8+4+12+1, cells*cells*8, false)
	},
	Note: "Bullets by value in a slot map, as slotmap keeps them, plus a spatial hash in " +
		"the form particle systems use when everything moves: each frame the grid is rebuilt from " +
		"scratch by one counting sort of the bullets by cell, and each target asks only the cells under " +
		"it. Moving every bullet between cell lists one by one cost 50–70× slotmap's frame; rebuilding " +
		"costs two more passes over the bullets, about 2× slotmap's frame (go test -bench). Cells of twice " +
		"a target's side were the fastest in a sweep: the rebuild costs the same whatever the cell, so only " +
		"the targets' queries care. Handles are the slot map's, so a stale one is caught exactly. It " +
		"keeps swap-and-pop whatever despawn says: despawn 1 is not built for it.",
}

// spatialhashTraffic: the move pass streams the slot map's dense array of 32-byte
// bullets, and the rebuild streams what the move pass wrote: each bullet's corner (8
// bytes) and then its cell (4). Its writes, the sorted numbers scattered over the
// cells among them, are not reads.
func spatialhashTraffic(c config) (workload.Traffic, error) {
	return workload.Traffic{Streamed: 32 + 8 + 4,
		What: "the move pass's dense array of 32-byte bullets, and the rebuild's corners (8 bytes) and cells (4)" +
			notCounted(c, false, "the rebuild's writes")}, nil
}
