package sprites

import (
	"context"
	"fmt"

	"localitylab/backings/spatialhash"
	"localitylab/memlayout"
	"localitylab/workloads/internal/layouts"
	"localitylab/workloads/workload"
)

// hashStore keeps the sprites in a spatial hash (source 004) in its loose, dense
// variant (package spatialhash): the world is cut into a plain array of cells (six times
// the mean sprite side, by BenchmarkCell), a sprite is listed once, in the cell of its
// corner, and the cells' lists lie one after another in row-major order, each item
// holding the sprite's box, id and depth. Culling walks the cells under the view
// widened by the largest sprite (a sprite whose corner lies just before the view still
// overlaps it), reading each row of cells as one stretch of memory. The corners live
// apart from the lists, in a dense array by id: a move whose corner keeps its cell
// (about 96% of them at the defaults) reads and writes that one 8-byte corner, wraps
// it as every store does, finds its cell by a multiply and a shift per axis, compares
// and marks the cell's copies stale (the next query that visits the cell refreshes
// them), in a loop that calls nothing (spatialhash.ShiftEach); one that changes cell
// moves the item to its new cell's list.
//
// Measured on the shared 2-core VM, ratios within one run, CPU time of the thread:
// BenchmarkMoves stay (go test -run '^$' -bench Moves -count 5), the moves that keep
// their cell, 1.04–1.28× soa's two column writes per move over five runs, 1.16× the
// middle one (about 5.6 ns against 4.9 ns); in the same runs, interleaved, the step
// that wrapped by a division measured 0.99–1.55×, 1.36× the middle; it was 3.7–5.4×,
// 4.0× the middle, when the grid computed both cells in full, checked a live bit per
// move and took the moves in two passes. BenchmarkFrame (-benchtime 20x -count 5): the default frame
// (1% of a million sprites moving) about 2.0× faster than soa's (639 µs against 1.26
// ms, medians), the still frame about 8.9× (134 µs against 1.19 ms; soa's still frame
// has ranged from 1.1 to 2.5 ms between runs on this machine).
//
// The cold bytes, if any, lie in each item beside the sprite's depth, inside the cells'
// packed lists.
type hashStore[C coldArray] struct {
	*world
	g     *spatialhash.Grid[hashVal[C]]
	found []spatialhash.Entry[hashVal[C]]
}

// hashVal is what the grid keeps beside a sprite's box and id: its depth, and its cold
// bytes (first, so that none pad the value: see record).
type hashVal[C coldArray] struct {
	cold  C
	depth int32
}

func (s *hashStore[C]) Load(ctx context.Context, progress func(float64)) error {
	s.prepare()
	n := s.cfg.n
	s.g = spatialhash.New[hashVal[C]](spatialhash.Box{X: 0, Y: 0, W: s.cfg.side, H: s.cfg.side}, s.cfg.cell, n)
	s.found = make([]spatialhash.Entry[hashVal[C]], 0, cap(s.vis.keys))
	if err := fillHash(ctx, progress, s.world, s.g.Insert); err != nil {
		return err
	}
	s.g.Pack() // one counting sort into cell order, timed with the load
	return nil
}

func (s *hashStore[C]) Frame() uint64 { return s.runFrame(s) }

// applyMoves hands the frame's moves to the grid as they are: the world wraps at its
// side, and the grid's bounds are the world, so its torus (ShiftEach) wraps each move
// as the other stores do (wrap).
func (s *hashStore[C]) applyMoves(moves []move) { spatialhash.ShiftEach(s.g, moves) }

// cull queries the view and adds what it finds, in the grid's cell order, with the
// digest of each one's cold bytes.
func (s *hashStore[C]) cull(view rect) {
	s.vis.reset()
	q := spatialhash.Box{X: view.X0, Y: view.Y0, W: view.X1 - view.X0, H: view.Y1 - view.Y0}
	s.found = s.g.Query(q, s.found[:0])
	addFound(s.world, s.found)
}

func (s *hashStore[C]) Entities() int { return s.g.Len() }

// hashMaker is coldKind's method that makes a hashStore.
type hashMaker interface{ newHash(w *world) workload.Store }

func (coldKind[C]) newHash(w *world) workload.Store { return &hashStore[C]{world: w} }

// Scene shows what the last frame drew (scene.go).
func (s *hashStore[C]) Scene(dst *workload.Scene) { s.scene(dst, s) }

func (s *hashStore[C]) size(id int32) (w, h int32) {
	b := s.g.Box(id)
	return b.W, b.H
}

// Layout reports where the sprites live (workload.LayoutReporter; layout.go).
func (s *hashStore[C]) Layout(dst *memlayout.Layout) {
	layouts.Entities(dst, s.g.Len(), s.g.Bytes(),
		"an item (box, id, depth) in the cells' packed array with its room to grow, a corner and a slot by id, and the cells")
	q := viewBox(s.shown)
	layouts.GridWalk(dst, s.g, q, "Where the query's items live: address against visit order")
	side := s.cfg.side
	layouts.Grid(dst, s.g, spatialhash.Box{W: side, H: side}, viewRect(s.shown), q)
}

// spatialhashEntry is spatialhash on the sprites workload: its store, estimate and note.
var spatialhashEntry = entry{
	Backing: workload.SpatialHash,
	Traffic: partOnly,
	Check: func(c config) error {
		if perAxis := (int64(c.side) + int64(c.cell) - 1) / int64(c.cell); perAxis*perAxis > maxHashCells {
			return fmt.Errorf("sprites: %s = %d cuts the world (side %d) into %d×%d cells, more than %d; use a cell of at least %d",
				pCell, c.cell, c.side, perAxis, perAxis, maxHashCells, (int64(c.side)+4095)/4096)
		}
		return nil
	},
	New: func(c config) workload.Store {
		if c.overlap {
			return recordKind[overlapMaker](&c).newOverlap(newWorld(c)) // overlaphash.go
		}
		return recordKind[hashMaker](&c).newHash(newWorld(c))
	},
	// An entry (box, value, bookkeeping) with its slack, and its place in the cell
	// lists its box covers.
	Bytes: func(c config) int64 {
		k := workload.CellsPerSquare((c.minSize+c.maxSize)/2, c.cell)
		return c.heapBytes(64+2*c.coldSpace()+2*8*k, 0)
	},
	Note: "A spatial hash in its loose, dense variant: the world is a plain array of cells " +
		"(six times the mean sprite size, chosen by a sweep), each sprite listed once, in the cell of its " +
		"corner, and the cells' lists packed in row order. The cull reads only the cells under the view, " +
		"widened by the largest sprite, as a few stretches of memory: it costs what is on screen, not the " +
		"size of the world. In a still world of a million sprites its cull alone is about a hundred times " +
		"faster than soa's scan, and its whole frame, sorting and drawing included, about 13× (go test " +
		"-bench). The corners live apart from the lists, in a dense array by id: a move that keeps its " +
		"cell (most do) reads and writes that one corner, finds its cell by a multiply and a shift per " +
		"axis and marks the cell's copies stale, in a loop that calls nothing: about 1.2× the time of " +
		"soa's two column writes (the moves alone, timed under go test; it was about 4× when each move computed both cells in " +
		"full, checked a live bit and took two passes). Only a sprite whose corner crosses into another " +
		"cell changes lists; so with 1% of a million sprites moving the hash wins whole frames, about 2× " +
		"in go test -bench and 1.9× in a lab run.",
}
