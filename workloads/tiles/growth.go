package tiles

import (
	"context"

	"localitylab/workloads/workload"
)

// entriesPerTile counts, by tile index, the entries the load will put on each tile:
// what a store needs to allocate its per-tile vectors at their final size (growth
// = 0). It generates the map once more, which costs a few percent of a load.
func (w *world) entriesPerTile() []int32 {
	c := &w.cfg
	counts := make([]int32, int(c.cols)*int(c.rows))
	for i := range c.n {
		p := w.spawnAt(i)
		for r := p.Row; r < p.Row+c.span; r++ {
			base := w.tileIndex(p.Col, r)
			for t := base; t < base+c.span; t++ {
				counts[t]++
			}
		}
	}
	return counts
}

// tilePhase names the Fixed phase of a tiles load: the per-tile table (list heads or
// slice headers), whose size follows the map, not the entities, and which the lab
// therefore keeps out of the bytes per entity.
const tilePhase = "tile table"

// tileTable is the start of a load's Fixed phase; entities marks its end.
func tileTable(ctx context.Context) { workload.Phase(ctx, tilePhase, workload.Fixed) }
func entities(ctx context.Context)  { workload.Phase(ctx, workload.DefaultPhase, workload.Building) }

// sizedSlices returns one slice per tile: when the load sizes its vectors, an empty
// slice with room for exactly the entries the tile will get (nil for an empty tile),
// cut from one allocation; nil slices to grow by append otherwise. The table of slice
// headers is the load's tile table (see tilePhase); the room is the entities'.
func sizedSlices[E any](ctx context.Context, w *world) [][]E {
	tileTable(ctx)
	tiles := make([][]E, int(w.cfg.cols)*int(w.cfg.rows))
	entities(ctx)
	sizeTiles(w, func(t int, room []E) { tiles[t] = room })
	return tiles
}

// sizeTiles, when the load sizes its vectors, calls give(t, room) for every tile t
// that will get entries, with room an empty slice of exactly their number, all cut
// from one allocation; it does nothing when the vectors grow by append. For stores
// whose per-tile table is not a [][]E (ptrarray's arrays, map's map).
func sizeTiles[E any](w *world, give func(t int, room []E)) {
	if !w.cfg.sized {
		return
	}
	counts := w.entriesPerTile()
	total := 0
	for _, k := range counts {
		total += int(k)
	}
	backing := make([]E, total)
	for t, k := range counts {
		if k > 0 {
			give(t, backing[:0:k])
			backing = backing[k:]
		}
	}
}

// doubled returns s with room for need more elements: its capacity doubled, or more
// if need asks for more, its elements copied. It is the growth of a vector at growth
// = growDouble, where Go's append grows a large slice by about a quarter. It allocates
// with make, as rowvec's Row.Grow does, so that memory fresh from the system is not
// cleared twice.
func doubled[E any](s []E, need int) []E {
	d := make([]E, len(s), max(2*cap(s), len(s)+need, minDoubled))
	copy(d, s)
	return d
}

// minDoubled is the smallest capacity doubled gives a vector.
const minDoubled = 4

// newLocator makes the removal record of the rowvec and soa stores: by id·span² + k,
// where entity id's k-th tile entry went, so that a move unlinks each entry without
// walking its tile's list. It costs 4 bytes per tile entry (400 MB in source 000's
// load case), and only moves read it: when nothing moves (moving_pct 0) every entity
// shares one scratch span instead.
func (w *world) newLocator() []int32 {
	if w.cfg.moving == 0 {
		return make([]int32, w.cfg.perEnt)
	}
	return make([]int32, w.cfg.n*w.cfg.perEnt)
}

// locOf is entity id's part of a removal record made by newLocator.
func (w *world) locOf(loc []int32, id int32) []int32 {
	if w.cfg.moving == 0 {
		return loc
	}
	return loc[int(id)*w.cfg.perEnt:][:w.cfg.perEnt]
}
