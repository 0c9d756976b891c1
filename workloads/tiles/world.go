package tiles

import (
	"iter"
	"math/rand/v2"

	"localitylab/workloads/internal/streams"
	"localitylab/workloads/workload"
)

// pos is where an entity stands: its top-left tile. It covers the tiles
// [Col, Col+span) × [Row, Row+span), all inside the map.
type pos struct{ Col, Row int32 }

// move is one event of a frame: entity ID steps by (DX, DY), each -1, 0 or 1, bounced
// back from the map's edge by dest.
type move struct {
	ID     int32
	DX, DY int8
}

// rect is a half-open rectangle of tiles [X0, X1) × [Y0, Y1).
type rect struct{ X0, Y0, X1, Y1 int32 }

// Seeds of the random streams, so that the map and the frames never share one.
const (
	saltMap    = 0x54494c45534d4150 // "TILESMAP"
	saltFrames = 0x54494c4553465253 // "TILESFRS"
)

// neighbours are the eight steps a moving entity can take.
var neighbours = [8][2]int8{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

// world is the shared driver: it places the entities, decides every frame's moves and
// window the same way for every backing, and folds the visited tiles into the checksum.
// A store embeds it and keeps the entities in its own structure.
type world struct {
	cfg   config
	frame int64

	rng streams.Streams // map generation, reseeded per entity; frame events, per frame

	moves []move // this frame's moves, reused
	win   rect   // the window of the last frame (of frame 0 before any)
}

func newWorld(c config) *world {
	w := &world{cfg: c, rng: streams.New()}
	w.win = w.windowAt(0)
	return w
}

// spawnAt is where entity i starts. Each entity comes from its own seed so that the
// entities can be generated in any order (ptrarray.Scatter visits them shuffled).
func (w *world) spawnAt(i int) pos {
	c := &w.cfg
	r := w.rng.Entity(c.seed^saltMap, i)
	return pos{Col: r.Int32N(c.maxCol + 1), Row: r.Int32N(c.maxRow + 1)}
}

// prepare allocates the per-frame scratch; the stores call it from Load so that New
// stays small.
func (w *world) prepare() {
	w.moves = make([]move, 0, w.cfg.moving)
}

// nextFrame decides the events of the next frame: the moves (in w.moves) and the window
// (in w.win).
func (w *world) nextFrame() ([]move, rect) {
	f := w.frame
	w.frame++
	w.moves = w.pickMoves(w.rng.Frame(w.cfg.seed^saltFrames, f), w.moves[:0])
	w.win = w.windowAt(f)
	return w.moves, w.win
}

// pickMoves appends this frame's moves, drawn from r: cfg.moving distinct entities
// (streams.Movers), each taking one of the eight neighbouring steps, picked by the top
// three bits of its draw.
func (w *world) pickMoves(r *rand.Rand, out []move) []move {
	c := &w.cfg
	if c.moving == 0 {
		return out
	}
	m := streams.NewMovers(r, c.n)
	for range c.moving {
		id, u := m.Next()
		d := neighbours[u>>61]
		out = append(out, move{ID: int32(id), DX: d[0], DY: d[1]})
	}
	return out
}

// dest is where an entity at p lands after mv: each axis steps by its delta unless that
// leaves the map, in which case it steps the other way, or stays when the map leaves
// the entity no room on that axis.
func (w *world) dest(p pos, mv move) pos {
	return pos{Col: bounce(p.Col, int32(mv.DX), w.cfg.maxCol), Row: bounce(p.Row, int32(mv.DY), w.cfg.maxRow)}
}

func bounce(v, d, hi int32) int32 {
	if n := v + d; n >= 0 && n <= hi {
		return n
	}
	if n := v - d; n >= 0 && n <= hi {
		return n
	}
	return v
}

// sweepStops is how many positions a window of length win takes along a map of length
// size when it advances by step and its last position is pulled back to end at the
// map's edge; a window at least as long as the map has one position.
func sweepStops(size, win, step int32) int {
	if win >= size {
		return 1
	}
	return int((size-win+step-1)/step) + 1
}

// windowAt is the window of frame f, clipped to the map. The window sweeps the map like
// a reader: along a band of rows, window_step tiles a frame, then down by its own
// height to the next band, and from the last band back to the first.
func (w *world) windowAt(f int64) rect {
	c := &w.cfg
	k := f % int64(c.stops*c.bands)
	stop, band := int32(k%int64(c.stops)), int32(k/int64(c.stops))
	x := min(stop*c.winStep, max(c.cols-c.winW, 0))
	y := min(band*c.winH, max(c.rows-c.winH, 0))
	return rect{X0: x, Y0: y, X1: min(x+c.winW, c.cols), Y1: min(y+c.winH, c.rows)}
}

// tileIndex is the row-major index of tile (col, row).
func (w *world) tileIndex(col, row int32) int32 { return row*w.cfg.cols + col }

// columnMajor yields the tiles of r column by column, the order parameter's other
// order, each as its index in an array of tiles width wide in row-major order (the
// map's, or a scratch grid the window's size): every tile a row, width elements,
// further on from the last. The stores' row-by-row loops range over each row's part
// of their tile array instead, which the compiler can check once per row.
func columnMajor(r rect, width int32) iter.Seq[int32] {
	return func(yield func(int32) bool) {
		for c := r.X0; c < r.X1; c++ {
			for t, end := r.Y0*width+c, r.Y1*width+c; t < end; t += width {
				if !yield(t) {
					return
				}
			}
		}
	}
}

// foldTile folds one tile that has entities into the frame checksum h: acc is the
// order-free sum (workload.Add) of the ids on it, tile its row-major index. Tiles are
// folded in the order visited (row by row, or columnMajor) and empty tiles are skipped.
func foldTile(h, acc uint64, tile int32) uint64 {
	return workload.Fold(h, acc^uint64(tile))
}

// eachFunc walks the entries on the window's tiles as one store holds them, calling fn
// with the tile, the entity's position and its id. Scene and the tests use it; frames
// never do, so a call per entry costs nothing that is measured.
type eachFunc func(win rect, fn func(col, row int32, at pos, id int32))

// scene fills dst from the last frame's window as each walks it: one box per entity,
// counted at the first of its tiles inside the window (an entity of span > 1 is on
// several), in the order each finds them, which is the window's tiles row by row.
// When the window holds more entities than workload.MaxSceneBoxes, it keeps an even
// sample of them in that order, so that the preview covers the whole window rather
// than its first rows: every entity while there is room, then, each time the boxes
// fill up, every other box kept and every other entity from then on taken, so the
// sample stays even (between half of MaxSceneBoxes and all of it) in one pass.
func (w *world) scene(dst *workload.Scene, each eachFunc) {
	c := &w.cfg
	win := w.win
	dst.World = workload.Rect{X0: 0, Y0: 0, X1: c.cols, Y1: c.rows}
	dst.View = workload.Rect{X0: win.X0, Y0: win.Y0, X1: win.X1, Y1: win.Y1}
	dst.Boxes = dst.Boxes[:0]
	dst.Total = 0
	stride := 1
	each(win, func(col, row int32, at pos, id int32) {
		if col != max(at.Col, win.X0) || row != max(at.Row, win.Y0) {
			return
		}
		seen := dst.Total
		dst.Total++
		if seen%stride != 0 {
			return
		}
		if len(dst.Boxes) == workload.MaxSceneBoxes {
			dst.Boxes = everyOther(dst.Boxes)
			stride *= 2
			if seen%stride != 0 {
				return
			}
		}
		dst.Boxes = append(dst.Boxes, workload.Box{X: at.Col, Y: at.Row, W: c.span, H: c.span, Kind: workload.Entity})
	})
}

// everyOther keeps the boxes at even places, in place.
func everyOther(b []workload.Box) []workload.Box {
	n := 0
	for i := 0; i < len(b); i += 2 {
		b[n] = b[i]
		n++
	}
	return b[:n]
}
