package sprites

import (
	"context"
	"errors"

	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// mapStore keeps the sprites in Go's built-in map (a Swiss table since Go 1.24), keyed
// by id, as code that wants stable ids without a dedicated structure would. Moves look
// the sprite up by id; culling ranges over the whole map, whose order is random on
// every range: the visible set is sorted before it is drawn, so the checksum does not
// depend on it. The cold bytes, if any, are part of each value (the map keeps a value
// of more than 128 bytes behind a pointer of its own).
type mapStore[C coldArray] struct {
	*world
	m map[int32]record[C]
}

func (s *mapStore[C]) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.m = make(map[int32]record[C], n)
	return workload.Fill(ctx, progress, n, func(lo, hi int) {
		var r record[C]
		for i := lo; i < hi; i++ {
			r.sprite = s.spriteAt(i)
			s.fillCold(placeCold(&r.cold), r.ID)
			s.m[r.ID] = r
		}
	})
}

func (s *mapStore[C]) Frame() uint64 { return s.runFrame(s) }

// applyMoves looks each moving sprite up by id and stores it back moved.
func (s *mapStore[C]) applyMoves(moves []move) {
	side := s.cfg.side
	for _, mv := range moves {
		sp, ok := s.m[mv.ID]
		if !ok {
			panic("sprites: map store lost a sprite")
		}
		sp.X = wrap(sp.X+mv.DX, side)
		sp.Y = wrap(sp.Y+mv.DY, side)
		s.m[mv.ID] = sp
	}
}

// cull tests every sprite in the map against the view, and reads the cold bytes of
// those that pass.
func (s *mapStore[C]) cull(view rect) {
	s.vis.reset()
	cold := s.cfg.cold > 0
	for _, sp := range s.m {
		if view.overlaps(sp.X, sp.Y, sp.W, sp.H) {
			s.vis.add(sp.ID, sp.Depth, sp.X, sp.Y)
			if cold {
				// A copy of the cold bytes, not their address: taking the loop variable's
				// address would make every iteration copy it to memory (BenchmarkFrame).
				s.vis.addCold(coldDigestOf(sp.cold, s.cfg.coldPtr))
			}
		}
	}
}

func (s *mapStore[C]) Entities() int { return len(s.m) }

// mapMaker is coldKind's method that makes a mapStore.
type mapMaker interface{ newMap(w *world) workload.Store }

func (coldKind[C]) newMap(w *world) workload.Store { return &mapStore[C]{world: w} }

// Scene shows what the last frame drew (scene.go).
func (s *mapStore[C]) Scene(dst *workload.Scene) { s.scene(dst, s) }

func (s *mapStore[C]) size(id int32) (w, h int32) {
	sp := s.m[id]
	return sp.W, sp.H
}

// Layout reports where the sprites live (workload.LayoutReporter; layout.go).
func (s *mapStore[C]) Layout(dst *memlayout.Layout) {
	layouts.Map(dst, len(s.m), layouts.Size[int32](), layouts.Size[record[C]](), "sprites by id")
}

// mapEntry is map on the sprites workload: its store, estimate and note.
var mapEntry = entry{
	Backing: workload.Map,
	Traffic: func(config) (workload.Traffic, error) {
		return workload.Traffic{}, errors.New("the built-in map keeps its slots where a program cannot see them, and its iteration order is its own")
	},
	New: func(c config) workload.Store { return recordKind[mapMaker](&c).newMap(newWorld(c)) },
	// Key and value (28 bytes) and a control byte per slot, slots at most 7/8 full,
	// tables sized by powers of two: up to about 66 bytes, 67 measured at 1M sprites.
	// Tables sized by powers of two hold up to twice the values; values of more than
	// 128 bytes are kept outside the table, behind a pointer. With 64 cold bytes a
	// quarter of a million sprites held 201.8 bytes each, above 72 + 2·64.
	Bytes: func(c config) int64 { return c.heapBytes(80+2*c.coldSpace(), 0) },
	Note: "Go's built-in map (a Swiss table since Go 1.24) from sprite id to sprite, made at its " +
		"final size (left to grow, a million sprites took from about as long to 1.55 times as long to " +
		"load, and the source's own loop of ten million ints 1.2 to 1.74 times, in the CPU time of " +
		"different runs of go test -bench MapFill). Ranging over " +
		"it walks every group of slots, empty ones included, from a random starting point each time, and " +
		"the cull still tests every sprite in the world; each moving sprite costs a lookup and a store back.",
}
