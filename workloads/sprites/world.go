package sprites

import (
	"math/rand/v2"

	"localitylab/workloads/internal/streams"
)

// sprite is one sprite as the backings hold it by value: 24 bytes. Positions and sizes
// are integers so that every backing computes the same positions bit for bit.
type sprite struct {
	X, Y  int32 // min corner, in [0, side) of the world
	W, H  int32 // size; the sprite covers [X, X+W) × [Y, Y+H)
	Depth int32 // layer in [0, depths): deeper layers are drawn first
	ID    int32 // 0 … entities-1, stable for the whole run
}

// move is one event of a frame: sprite ID moves by (DX, DY), wrapping around the world.
type move struct{ ID, DX, DY int32 }

// rect is a half-open rectangle [X0, X1) × [Y0, Y1): the view in world units.
type rect struct{ X0, Y0, X1, Y1 int32 }

// overlaps reports whether the sprite at (x, y) of size w×h overlaps r. The four
// half-open conditions x < X1, x+w > X0, y < Y1, y+h > Y0 hold exactly when four
// differences are all negative, that is when their AND has its sign bit set: one
// branch, rarely taken and so well predicted, instead of four taken at random while a
// cull sweeps a world in random order. No difference overflows: coordinates stay
// within ±2^28.
func (r rect) overlaps(x, y, w, h int32) bool {
	return r.miss(x, y, w, h) < 0
}

// miss is negative when the sprite overlaps r (see overlaps); ORing the misses of
// several sprites tests them all at once.
func (r rect) miss(x, y, w, h int32) int32 {
	return (x - r.X1) & (r.X0 - x - w) & (y - r.Y1) & (r.Y0 - y - h)
}

// Seeds of the two random streams, so that the world and the frames never share one.
const (
	saltWorld  = 0x5350524954455321 // "SPRITES!"
	saltFrames = 0x4652414d45532121 // "FRAMES!!"
)

// world is the shared driver: it generates the sprites and decides every frame's events
// (which sprites move and by how much, where the view is) the same way for every
// backing, and turns the visible set into the checksum. A store embeds it and applies
// the events to its own structure.
type world struct {
	cfg   config
	frame int64

	rng streams.Streams // world generation, reseeded per sprite; frame events, per frame

	moves []move // this frame's moves, reused
	vis   visible
	shown rect // the view of the last frame, for Scene
}

func newWorld(c config) *world {
	w := &world{cfg: c, rng: streams.New()}
	w.shown = w.viewAt(0)
	return w
}

// spriteAt generates sprite i. Each sprite comes from its own seed so that it can be
// generated in any order (ptrarray.Scatter visits them shuffled).
func (w *world) spriteAt(i int) sprite {
	c := &w.cfg
	r := w.rng.Entity(c.seed^saltWorld, i)
	return sprite{
		X:     r.Int32N(c.side),
		Y:     r.Int32N(c.side),
		W:     c.minSize + r.Int32N(c.maxSize-c.minSize+1),
		H:     c.minSize + r.Int32N(c.maxSize-c.minSize+1),
		Depth: r.Int32N(c.depths),
		ID:    int32(i),
	}
}

// prepare allocates the per-frame scratch buffers; the stores call it from Load so
// that New stays small.
func (w *world) prepare() {
	w.moves = make([]move, 0, w.cfg.moving)
	w.vis.prepare(min(w.cfg.n, 2*w.cfg.onScreen+64))
}

// nextFrame decides the events of the next frame: the moves (in w.moves) and the view.
func (w *world) nextFrame() ([]move, rect) {
	f := w.frame
	w.frame++
	w.moves = w.pickMoves(w.rng.Frame(w.cfg.seed^saltFrames, f), w.moves[:0])
	w.shown = w.viewAt(f)
	return w.moves, w.shown
}

// pickMoves appends this frame's moves, drawn from r: cfg.moving distinct sprites
// (streams.Movers), each moving by up to step along each axis.
func (w *world) pickMoves(r *rand.Rand, out []move) []move {
	c := &w.cfg
	if c.moving == 0 {
		return out
	}
	// Both steps come from the move's one 64-bit draw, each 32-bit half scaled to
	// [0, span) by a multiply and a shift: this is a shared cost of every backing's
	// frame, so it is kept to a few nanoseconds per move.
	span := uint64(2*c.step + 1)
	m := streams.NewMovers(r, c.n)
	for range c.moving {
		id, u := m.Next()
		dx := int32(u&(1<<32-1)*span>>32) - c.step
		dy := int32(u>>32*span>>32) - c.step
		out = append(out, move{ID: int32(id), DX: dx, DY: dy})
	}
	return out
}

// viewAt is the view of frame f. Its centre travels at panSpeed units per frame around
// a square loop centred on the world, of side pathPct% of the world side, and comes
// back to its start after 4·side·pathPct/100/panSpeed frames.
func (w *world) viewAt(f int64) rect {
	c := &w.cfg
	side := int64(c.side)
	loop := side * c.pathPct / 100
	x0, y0 := side/2-loop/2, side/2-loop/2
	cx, cy := x0, y0
	if perimeter := 4 * loop; perimeter > 0 {
		d := f * c.panSpeed % perimeter
		switch {
		case d < loop:
			cx += d
		case d < 2*loop:
			cx, cy = cx+loop, cy+d-loop
		case d < 3*loop:
			cx, cy = cx+3*loop-d, cy+loop
		default:
			cy += 4*loop - d
		}
	}
	vx, vy := int32(cx)-c.viewW/2, int32(cy)-c.viewH/2
	return rect{X0: vx, Y0: vy, X1: vx + c.viewW, Y1: vy + c.viewH}
}

// wrap returns v moved into [0, side): sprites that leave one edge of the world come
// back at the other.
func wrap(v, side int32) int32 {
	v %= side
	if v < 0 {
		v += side
	}
	return v
}
