package tiles

import (
	"context"
	"errors"

	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// mapStore is the layout a game reaches for when it wants stable ids and a sparse map
// without a dedicated structure: Go's built-in map (a Swiss table since Go 1.24) from
// entity id to position, and another from tile index to the ids standing on it, holding
// occupied tiles only so that memory follows the entities rather than the map's area.
// A tile that empties is deleted to keep it sparse, so re-occupying one allocates a new
// slice. The window looks up each of its tiles by key, most of them absent at the
// defaults; a remove searches the tile's short slice for the id.
//
// Per tile entry it holds 4 bytes in a tile's slice (with append's slack); per occupied
// tile a map slot (4-byte key, 24-byte slice header, control byte); per entity a map
// slot (4-byte key, 8-byte position, control byte).
type mapStore struct {
	*world
	ents  map[int32]pos
	tiles map[int32][]int32
}

func (s *mapStore) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.ents = make(map[int32]pos, n)
	s.tiles = make(map[int32][]int32, min(int64(n)*int64(s.cfg.perEnt), int64(s.cfg.cols)*int64(s.cfg.rows)))
	sizeTiles(s.world, func(t int, ids []int32) { s.tiles[int32(t)] = ids })
	return workload.Fill(ctx, progress, n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			p := s.spawnAt(i)
			s.ents[int32(i)] = p
			s.insert(int32(i), p)
		}
	})
}

func (s *mapStore) insert(id int32, p pos) {
	span := s.cfg.span
	for r := p.Row; r < p.Row+span; r++ {
		for c := p.Col; c < p.Col+span; c++ {
			t := s.tileIndex(c, r)
			ids := s.tiles[t]
			if s.cfg.double && len(ids) == cap(ids) {
				ids = doubled(ids, 1)
			}
			s.tiles[t] = append(ids, id)
		}
	}
}

func (s *mapStore) remove(id int32, p pos) {
	span := s.cfg.span
	for r := p.Row; r < p.Row+span; r++ {
		for c := p.Col; c < p.Col+span; c++ {
			t := s.tileIndex(c, r)
			ids := dropFrom(s.tiles[t], id, "map store")
			if len(ids) == 0 {
				delete(s.tiles, t)
				continue
			}
			s.tiles[t] = ids
		}
	}
}

func (s *mapStore) Frame() uint64 { return s.runFrame(s) }

// apply steps each moving entity: off its tiles, onto the new ones.
func (s *mapStore) apply(moves []move) {
	for _, mv := range moves {
		p, ok := s.ents[mv.ID]
		if !ok {
			panic("tiles: map store lost an entity")
		}
		q := s.dest(p, mv)
		s.remove(mv.ID, p)
		s.insert(mv.ID, q)
		s.ents[mv.ID] = q
	}
}

// visit looks up every tile of the window by key, in the frame's order: row by row or
// column by column (the order parameter).
func (s *mapStore) visit(win rect) uint64 {
	var h uint64
	if s.cfg.byColumn {
		for t := range columnMajor(win, s.cfg.cols) {
			if ids, ok := s.tiles[t]; ok {
				h = foldTile(h, idSum(ids), t)
			}
		}
		return h
	}
	for r := win.Y0; r < win.Y1; r++ {
		for t, end := s.tileIndex(win.X0, r), s.tileIndex(win.X1, r); t < end; t++ {
			if ids, ok := s.tiles[t]; ok {
				h = foldTile(h, idSum(ids), t)
			}
		}
	}
	return h
}

// idSum is the order-free sum of ids.
func idSum(ids []int32) uint64 {
	var acc uint64
	for _, id := range ids {
		acc = workload.Add(acc, uint64(id))
	}
	return acc
}

func (s *mapStore) each(win rect, fn func(col, row int32, at pos, id int32)) {
	for r := win.Y0; r < win.Y1; r++ {
		for c := win.X0; c < win.X1; c++ {
			for _, id := range s.tiles[s.tileIndex(c, r)] {
				fn(c, r, s.ents[id], id)
			}
		}
	}
}

func (s *mapStore) Entities() int             { return len(s.ents) }
func (s *mapStore) Scene(dst *workload.Scene) { s.scene(dst, s.each) }

// Layout reports where the entities live (workload.LayoutReporter; layout.go).
func (s *mapStore) Layout(dst *memlayout.Layout) {
	layouts.Map(dst, len(s.ents), layouts.Size[int32](), layouts.Size[pos](), "entities by id, beside a second map of the ids on each occupied tile")
	dst.Fact("occupied_tiles", float64(len(s.tiles)), "tiles", "keys of the map from tile to ids")
	s.windowHeat(dst, func(t int32) int { return len(s.tiles[t]) })
}

// mapEntry is map on the tiles workload: its store, estimate and note.
var mapEntry = entry{
	Traffic: func(config) (workload.Traffic, error) {
		return workload.Traffic{}, errors.New("the built-in map keeps its slots where a program cannot see them, and its lookups' order is its own")
	},
	Backing: workload.Map,
	New:     func(c config) workload.Store { return &mapStore{world: newWorld(c)} },
	// A Swiss table's slot is its key, value and a control byte; tables are at most
	// 7/8 full and grow by doubling, so up to 2.3 slots per key: 80 bytes per
	// occupied tile (a 33-byte slot) and 40 per entity (a 17-byte slot).
	Bytes: func(c config) int64 {
		n := int64(c.n)
		entries := n * int64(c.perEnt)
		occupied := min(entries, int64(c.cols)*int64(c.rows))
		return occupied*80 + entries*2*4 + n*40 + c.scratchBytes()
	},
	Note: "Go's built-in map (a Swiss table since Go 1.24) from tile to the ids standing on " +
		"it, holding occupied tiles only, and another from id to position. Memory follows the " +
		"entities instead of the map's area, but the window must hash every one of its tiles, most " +
		"of them empty, and a tile that empties and fills again costs an allocation.",
}
