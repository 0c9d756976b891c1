package byo

import (
	"localitylab/workloads/tiles"
	"localitylab/workloads/workload"
)

// Tiles is a backing's store on the tiles workload; see Sprites for the fields. A
// store that has a method
//
//	Each(win Window, fn func(col, row int32, at TilePos, id int32))
//
// calling fn for every entity entry on every tile of win gets the app's preview and
// the trace of `localitylab check` from it; without one the preview shows only the
// window.
type Tiles struct {
	New   func(w *TileWorld) Store
	Note  string
	Bytes func(w *TileWorld) int64
}

// TileWorld is the tiles workload as a store gets it: the map and where each entity
// starts (Cols, Rows, Span, Spawn, and how to grow the vectors: Sized, Doubling), each
// frame's moves and window (NextFrame, Dest, ByColumn, ColumnMajor), and the fold of
// the visited tiles into the checksum (TileIndex, FoldTile).
type TileWorld = tiles.World

// TilePos is where an entity stands: its top-left tile.
type TilePos = tiles.Pos

// TileMove is one event of a frame: an entity steps to a neighbouring tile
// (TileWorld.Dest says where it lands).
type TileMove = tiles.Move

// Window is the half-open rectangle of tiles a frame visits.
type Window = tiles.Rect

// TablePhase names the load phase of a tiles store's per-tile table, whose size
// follows the map, not the entities: a Load marks it with Phase(ctx, TablePhase,
// Fixed) before making the table and Phase(ctx, DefaultPhase, Building) after it.
const TablePhase = tiles.TablePhase

// Add folds an entity's id into the sum of a tile's ids, in any order: acc =
// Add(acc, uint64(id)) from acc = 0, then TileWorld.FoldTile(h, acc, tile).
func Add(acc, id uint64) uint64 { return workload.Add(acc, id) }
