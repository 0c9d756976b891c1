package tiles

import (
	"iter"

	"localitylab/workloads/internal/stores"
	"localitylab/workloads/workload"
)

// This file is the tiles workload as a store written outside this package sees it (a
// backing of one's own, registered through package byo): the World that places the
// entities, decides each frame's moves and window, and folds the visited tiles into
// the checksum. A store built on it folds exactly what the built-in stores fold, so
// its checksums agree with theirs frame by frame when, and only when, it does the
// same work.

// Pos is where an entity stands: its top-left tile (Col, Row). It covers the tiles
// [Col, Col+span) × [Row, Row+span), all inside the map.
type Pos = pos

// Move is one event of a frame: entity ID steps by (DX, DY), each -1, 0 or 1; where it
// lands is World.Dest's to say (a step off the map bounces back).
type Move = move

// Rect is a half-open rectangle of tiles [X0, X1) × [Y0, Y1): the window.
type Rect = rect

// TablePhase names the load phase of the per-tile table (list heads, slice headers):
// its size follows the map, not the entities, so the lab keeps it out of the bytes per
// entity. A Load marks it with workload.Phase(ctx, TablePhase, workload.Fixed) before
// making the table and workload.Phase(ctx, workload.DefaultPhase, workload.Building)
// after it.
const TablePhase = tilePhase

// World is the tiles workload as a store of one's own gets it.
//
// Load places entity i (0 to Entities()-1) at Spawn(i): it stands on every tile of its
// span×span square, and the store must be able to list a tile's entities. Each Frame
// calls NextFrame, then for each move takes the entity off its tiles, computes
// q := Dest(p, mv) from where it stood, and puts it on the tiles at q; then, for every
// tile of the window in the frame's order (row by row, or column by column when
// ByColumn says so) that holds an entity, sums the ids on it with workload.Add
// (acc = workload.Add(acc, uint64(id)) from acc = 0, in any order) and folds the tile
// with h = FoldTile(h, acc, TileIndex(col, row)); h, from 0, is the checksum. Empty
// tiles are skipped.
type World struct{ w *world }

// Entities is the number of entities, ids 0 to Entities()-1; none is added or removed.
func (w *World) Entities() int { return w.w.cfg.n }

// Cols and Rows are the map's size in tiles; Span is an entity's side in tiles.
func (w *World) Cols() int32 { return w.w.cfg.cols }
func (w *World) Rows() int32 { return w.w.cfg.rows }
func (w *World) Span() int32 { return w.w.cfg.span }

// Moving is how many entities step each frame; when it is 0, a store need keep no
// record of where an entity's entries are, since nothing is ever removed.
func (w *World) Moving() int { return w.w.cfg.moving }

// Sized reports the growth parameter: true when a store should size its vectors once
// (EntriesPerTile counts what each tile gets), false when it should grow them, by
// append as source 000 does, or by doubling when Doubling says so. All give the same
// checksums; only the load differs.
func (w *World) Sized() bool { return w.w.cfg.sized }

// Doubling reports growth 2: a store should grow each vector from empty by doubling
// its capacity whenever it is full, as a C++ vector grows, instead of by append.
func (w *World) Doubling() bool { return w.w.cfg.double }

// GrowthParam names the growth parameter, and Growth… are its values, for a lesson
// that explains a load by how its vectors grew.
const (
	GrowthParam  = pGrowth
	GrowthSized  = growSized  // counted first, every vector allocated once at its final size
	GrowthAppend = growAppend // grown from empty by Go's append
	GrowthDouble = growDouble // grown from empty by doubling, as a C++ vector grows
)

// ByColumn reports the order parameter: false when a frame visits the window's tiles
// row by row, every column of a row before the next row; true when it visits them
// column by column, every row of a column before the next column (ColumnMajor).
func (w *World) ByColumn() bool { return w.w.cfg.byColumn }

// ColumnMajor yields the TileIndex of every tile of win, column by column.
func (w *World) ColumnMajor(win Rect) iter.Seq[int32] { return columnMajor(win, w.w.cfg.cols) }

// EntriesPerTile counts, by TileIndex, the entries the load puts on each tile. It
// generates the map once more, a few percent of a load.
func (w *World) EntriesPerTile() []int32 { return w.w.entriesPerTile() }

// Spawn is where entity i starts. Each entity has a seed of its own, so a Load may ask
// in any order.
func (w *World) Spawn(i int) Pos { return w.w.spawnAt(i) }

// NextFrame starts the next frame and returns its events: the moves (a slice reused by
// the next call) and the window to visit.
func (w *World) NextFrame() ([]Move, Rect) { return w.w.nextFrame() }

// Dest is where an entity standing at p lands after mv.
func (w *World) Dest(p Pos, mv Move) Pos { return w.w.dest(p, mv) }

// TileIndex is the row-major index of tile (col, row): row·Cols()+col.
func (w *World) TileIndex(col, row int32) int32 { return w.w.tileIndex(col, row) }

// FoldTile folds one visited tile that holds entities into the checksum h: acc is the
// workload.Add sum of the ids on it, tile its TileIndex.
func (w *World) FoldTile(h, acc uint64, tile int32) uint64 { return foldTile(h, acc, tile) }

// NewWorld makes the World of resolved parameters p (stores.OwnWorld).
func NewWorld(p workload.Params) (*World, error) {
	return stores.OwnWorld(p, newConfig, func(c config) *World { return &World{w: newWorld(c)} })
}

// NewOwn makes the store of a backing of one's own for resolved parameters p
// (stores.NewOwn); package byo calls it. A store that has a method
//
//	Each(win Rect, fn func(col, row int32, at Pos, id int32))
//
// calling fn for every entity entry on every tile of win gets the preview and the
// trace from it; without one it shows only the window.
func NewOwn(p workload.Params, newStore func(*World) workload.Core) (workload.Store, error) {
	return stores.NewOwn("tiles", p, NewWorld, newStore, func(w *World, st workload.Core) stores.Completion {
		each := func(rect, func(col, row int32, at pos, id int32)) {} // the window alone
		trace := func(dst []workload.Folded) []workload.Folded {
			return append(dst, workload.Folded{What: "tiles", Value: "not shown: the store has no Each method"})
		}
		if e, ok := st.(interface {
			Each(win Rect, fn func(col, row int32, at Pos, id int32))
		}); ok {
			each = e.Each
			trace = func(dst []workload.Folded) []workload.Folded { return w.w.trace(dst, each) }
		}
		return stores.Completion{
			Prepare: w.w.prepare,
			Scene:   func(dst *workload.Scene) { w.w.scene(dst, each) },
			Trace:   trace,
		}
	})
}
