package sprites

import (
	"context"
	"strconv"

	"localitylab/backings/spatialhash"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// The spatial hash as source 004 builds it (hash_cells = 1), beside the lab's loose
// grid (hash_cells = 0, spatialhash.go). The source adds an object to every cell it
// touches, takes cells about twice the average object, and says that a game whose
// objects all move must keep taking them out of cells and adding them to others.
// overlapStore does that with spatialhash.Overlap: cells of side min_size + max_size
// (twice the mean side of a uniform size) unless cell says otherwise, each sprite
// listed by id in every cell its box covers (one to four at the defaults, about 2.2 on
// average), the sprites themselves in one array by id. A move writes the new corner
// and, when the box now covers other cells (22% of the moves at the defaults), takes
// the sprite out of its old cells' lists and adds it to the new ones; a query gathers
// the lists of the cells under the view, skips a sprite it has already taken (a stamp
// per sprite), and tests the rest against the view.
//
// Measured (go test -run '^$' -bench HashCells -benchtime 10x, CPU time of the thread,
// the shared 2-core VM at load 7): a still frame of a million sprites 131 µs against
// the loose grid's 114 µs and soa's 927 µs; with 1% moving (10,000 moves), 2.22 ms
// against 0.62 ms and 1.06 ms, about 210 ns per move against the loose grid's 50: a
// move reads its sprite from an array of 40 MB by id, and one that changes cells
// reaches two or three lists of its old cells and as many new ones, each an array of
// its own somewhere in the heap.

// hashCell is the spatial hash's cell side when cell = 0: six times the mean sprite
// side for the loose grid (BenchmarkCell), twice it for the source's hash.
func hashCell(c config) int32 {
	if c.overlap {
		return c.minSize + c.maxSize
	}
	return 3 * (c.minSize + c.maxSize)
}

// overlapStore keeps the sprites in source 004's hash; the cold bytes, if any, lie in
// each sprite's object beside its depth.
type overlapStore[C coldArray] struct {
	*world
	h     *spatialhash.Overlap[hashVal[C]]
	found []spatialhash.Entry[hashVal[C]]
}

// overlapMaker is coldKind's method that makes an overlapStore.
type overlapMaker interface{ newOverlap(w *world) workload.Store }

func (coldKind[C]) newOverlap(w *world) workload.Store { return &overlapStore[C]{world: w} }

func (s *overlapStore[C]) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.h = spatialhash.NewOverlap[hashVal[C]](spatialhash.Box{X: 0, Y: 0, W: s.cfg.side, H: s.cfg.side}, s.cfg.cell, n)
	s.found = make([]spatialhash.Entry[hashVal[C]], 0, cap(s.vis.keys))
	if err := fillHash(ctx, progress, s.world, s.h.Insert); err != nil {
		return err
	}
	s.h.Reserve() // room in every cell's list, timed with the load
	return nil
}

// fillHash puts every sprite into a spatial hash, the loose grid or the source's, by
// insert, which returns the id the hash gave it. Sprites are never removed, so ids are
// handed out in order and sprite i's must be i: a move goes straight to its entry, as
// soa's goes to its row. (One call through insert per sprite, at load only.)
func fillHash[C coldArray](ctx context.Context, progress func(float64), w *world, insert func(spatialhash.Box, hashVal[C]) int32) error {
	return workload.Fill(ctx, progress, w.cfg.n, func(lo, hi int) {
		var v hashVal[C]
		for i := lo; i < hi; i++ {
			sp := w.spriteAt(i)
			v.depth = sp.Depth
			w.fillCold(placeCold(&v.cold), sp.ID)
			if id := insert(spatialhash.Box{X: sp.X, Y: sp.Y, W: sp.W, H: sp.H}, v); id != int32(i) {
				panic("sprites: spatial hash gave sprite " + strconv.Itoa(i) + " id " + strconv.Itoa(int(id)))
			}
		}
	})
}

func (s *overlapStore[C]) Frame() uint64 { return s.runFrame(s) }

// applyMoves moves each sprite's box, wrapped as every store wraps it; the hash moves
// the sprite to other cells' lists when its box now covers other cells.
func (s *overlapStore[C]) applyMoves(moves []move) {
	side := s.cfg.side
	for _, mv := range moves {
		b := s.h.Box(mv.ID)
		s.h.MoveTo(mv.ID, wrap(b.X+mv.DX, side), wrap(b.Y+mv.DY, side))
	}
}

// cull queries the view and adds what it finds, with the digest of each one's cold
// bytes.
func (s *overlapStore[C]) cull(view rect) {
	s.vis.reset()
	s.found = s.h.Query(viewBox(view), s.found[:0])
	addFound(s.world, s.found)
}

// addFound adds what a spatial hash's query found to the frame's visible set, with the
// digest of each one's cold bytes: one call per frame, the loop over concrete types.
func addFound[C coldArray](w *world, found []spatialhash.Entry[hashVal[C]]) {
	cold, ptr := w.cfg.cold > 0, w.cfg.coldPtr
	for i := range found {
		e := &found[i]
		w.vis.add(e.ID, e.Val.depth, e.Box.X, e.Box.Y)
		if cold {
			w.vis.addCold(coldDigest(coldOf(&e.Val.cold, ptr)))
		}
	}
}

func (s *overlapStore[C]) Entities() int { return s.h.Len() }

// Layout gives the hash's facts: how much it holds, and how many list entries per
// sprite its cells keep. (The loose grid's views of cells and visits are its own.)
func (s *overlapStore[C]) Layout(dst *memlayout.Layout) {
	layouts.Entities(dst, s.h.Len(), s.h.Bytes(),
		"an object (box, cells, stamp, depth) by id, and its id in the list of every cell its box covers")
	if n := s.h.Len(); n > 0 {
		dst.Fact("listed per sprite", float64(s.h.Listed())/float64(n), "", "the cells whose lists name a sprite, on average: every cell its box covers")
	}
}

func (s *overlapStore[C]) Scene(dst *workload.Scene) { s.scene(dst, s) }

func (s *overlapStore[C]) size(id int32) (w, h int32) {
	b := s.h.Box(id)
	return b.W, b.H
}
