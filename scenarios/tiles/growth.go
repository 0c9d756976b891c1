package tiles

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

// sizedSlices returns, when the load sizes its vectors, one empty slice per tile with
// room for exactly the entries it will get (nil for an empty tile), cut from one
// allocation; and nil slices to grow by append otherwise.
func sizedSlices[E any](w *world) [][]E {
	tiles := make([][]E, int(w.cfg.cols)*int(w.cfg.rows))
	if !w.cfg.sized {
		return tiles
	}
	counts := w.entriesPerTile()
	total := 0
	for _, k := range counts {
		total += int(k)
	}
	backing := make([]E, total)
	for t, k := range counts {
		if k > 0 {
			tiles[t] = backing[:0:k]
			backing = backing[k:]
		}
	}
	return tiles
}
