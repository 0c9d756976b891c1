package bullets

import (
	"fmt"
	"math/rand/v2"

	"localitylab/workloads/internal/streams"
	"localitylab/workloads/workload"
)

// Lengths are fixed-point: a unit (what the parameters and the preview speak in) is 256
// sub-units, so that slow speeds and every direction of dirs keep their precision while
// all arithmetic stays integer and every backing computes the same positions bit for bit.
const (
	subBits = 8
	unit    = 1 << subBits
)

// bullet is one bullet as the flat backings hold it by value: 32 bytes.
type bullet struct {
	X, Y   int32 // corner of its box, sub-units; the box is bulletSize on a side
	VX, VY int32 // sub-units per frame, fixed at spawn
	// Born is the frame of its first move. It is moved in frames Born … Born+lifetime-1
	// and expires after the last of these moves; a bullet placed by Load has a Born
	// before frame 0.
	Born int32
	// gen is the version of the bullet's slot in a store that despawns by marking
	// (marked.go): odd while a bullet lives there, even for a hole. Elsewhere 0.
	gen uint32
	ID  uint64 // spawn order, never reused
}

// emitter fires bullets from a fixed point, turning by Spin directions after each shot.
type emitter struct {
	X, Y  int32 // corner of the bullets it fires, sub-units, inside the arena
	Angle int32 // index in dirs of its next shot
	Spin  int32 // added to Angle after each shot
	Speed int32 // muzzle speed, sub-units per frame
	shots int64 // fired so far; its ring of handles holds the last min(shots, handles)
}

// target drifts in a straight line, bouncing off the arena walls.
type target struct{ X, Y, VX, VY int32 } // corner and velocity, sub-units

// What happens to a bullet after its move, as fate returns it: the index of the target
// it hit (≥ 0), or one of these.
const (
	fateAlive   int32 = -1
	fateExited  int32 = -2 // its corner left the arena
	fateExpired int32 = -3 // its last move was done
)

// Seeds of the random streams, so that the world and the population never share one.
const (
	saltWorld   = 0x42554c4c45545321 // "BULLETS!"
	saltBullets = 0x5052455741524d21 // "PREWARM!"
)

// tally counts this frame's deaths; hitSum is the order-free fold of (id, target) of
// every hit, since the backings find hits in different orders.
type tally struct {
	hits, exited, expired int64
	hitSum                uint64
}

// world is the shared driver: it builds the emitters, the targets and the population
// Load places, and decides every frame's events the same way for every backing (where
// targets drift, how many bullets spawn, from which emitter, with which id and
// velocity, which handle slot each one's handle goes to); it judges each bullet's fate
// and turns what the store reports into the checksum. A store embeds it and applies the
// events to its own structure.
type world struct {
	cfg   config
	frame int32

	emitters []emitter
	targets  []target
	grid     hitGrid
	cursor   int    // the emitter that fires next
	nextID   uint64 // id of the next bullet spawned
	oldest   int32  // bullets born at or before this frame expire in this frame's move

	sum        uint64 // the checksum of the frame so far
	tally      tally
	stale      int64 // stale handles seen for the current emitter
	staleTotal int64 // stale handles seen since Load, for tests and notes

	rec *recorder // what the frame folded, kept only while traced (trace.go)

	trails trails // each live bullet's trail, under the allocs parameter (allocs.go)
	motion Motion // under the dispatch parameter, what moves each bullet; else nil (dispatch.go)

	rng streams.Streams // population generation, reseeded per bullet (random access)
}

func newWorld(c config) *world {
	w := &world{cfg: c, rng: streams.New(), motion: newMotion(c.dispatch)}
	return w
}

// prepare builds the emitters, the targets and the hit grid; the stores call it from
// Load so that New stays small.
func (w *world) prepare() {
	c := &w.cfg
	r := rand.New(rand.NewPCG(c.seed^saltWorld, 0))
	nd := int32(len(dirs))
	w.emitters = make([]emitter, c.emitters)
	for i := range w.emitters {
		spin := 1 + r.Int32N(nd/32)
		if r.IntN(2) == 0 {
			spin = -spin
		}
		w.emitters[i] = emitter{
			X: r.Int32N(c.side), Y: r.Int32N(c.side),
			Angle: r.Int32N(nd),
			Spin:  spin,
			Speed: c.bulletSpeed/2 + r.Int32N(c.bulletSpeed-c.bulletSpeed/2+1),
		}
	}
	span := max(c.side-c.targetSize, 0)
	w.targets = make([]target, c.targets)
	for i := range w.targets {
		t := &w.targets[i]
		t.X, t.Y = r.Int32N(span+1), r.Int32N(span+1)
		t.VX, t.VY = velocity(dirs[r.IntN(len(dirs))], c.targetSpeed)
	}
	w.grid.init(c)
	w.nextID = uint64(c.prewarm)
	w.trails.init(c)
}

// beginFrame starts the next frame for a store holding live bullets: the targets
// drift, and it returns how many bullets to spawn, each then made by fire. Spawning
// refills what died, up to cfg.spawnCap per frame, so the live count settles at
// entities whatever the arena, speeds and targets take early; the cap keeps a world
// whose bullets all die young from spawning its whole population every frame.
func (w *world) beginFrame(live int) int {
	c := &w.cfg
	if live > c.n {
		panic(fmt.Sprintf("bullets: %d live bullets, more than the %d the driver ever spawns", live, c.n))
	}
	w.oldest = w.frame + 1 - c.lifetime
	for i := range w.targets {
		t := &w.targets[i]
		t.X, t.VX = bounce(t.X, t.VX, c.side-c.targetSize)
		t.Y, t.VY = bounce(t.Y, t.VY, c.side-c.targetSize)
	}
	w.grid.rebuild(w)
	w.sum, w.tally = 0, tally{}
	if w.rec != nil {
		w.rec.reset()
	}
	return min(c.n-live, c.spawnCap)
}

// bounce moves p by v within [0, hi], reflecting off either end.
func bounce(p, v, hi int32) (int32, int32) {
	hi = max(hi, 0)
	p += v
	switch {
	case p < 0:
		p, v = -p, -v
	case p > hi:
		p, v = 2*hi-p, -v
	}
	return min(max(p, 0), hi), v // a step longer than the span still lands inside
}

// fire makes the next bullet of this frame: the emitters fire in turn, each from its
// point in its current direction, which then turns. ring is where the store keeps the
// new bullet's handle (the emitter's oldest handle, overwritten), or -1 when emitters
// keep none. The id is folded into the checksum in spawn order.
func (w *world) fire() (b bullet, ring int) {
	c := &w.cfg
	e := &w.emitters[w.cursor]
	vx, vy := velocity(dirs[e.Angle], e.Speed)
	b = bullet{X: e.X, Y: e.Y, VX: vx, VY: vy, Born: w.frame, ID: w.nextID}
	ring = -1
	if c.handles > 0 {
		ring = w.cursor*c.handles + int(e.shots%int64(c.handles))
	}
	if c.allocs != allocsNone {
		w.trails.attach(b.ID, b.Born, int32(w.cursor))
	}
	e.shots++
	if e.Angle += e.Spin; e.Angle < 0 {
		e.Angle += int32(len(dirs))
	} else if e.Angle >= int32(len(dirs)) {
		e.Angle -= int32(len(dirs))
	}
	if w.cursor++; w.cursor == len(w.emitters) {
		w.cursor = 0
	}
	w.nextID++
	w.sum = workload.Fold(w.sum, b.ID)
	if w.rec != nil {
		w.rec.spawns = append(w.rec.spawns, b.ID)
	}
	return b, ring
}

// lapse says whether a bullet that has just moved to (x, y) has left the arena or made
// its last move. The spatial backings call it in their move pass and find hits
// afterwards by asking their structure about each target.
func (w *world) lapse(x, y, born int32) int32 {
	if uint32(x) >= uint32(w.cfg.side) || uint32(y) >= uint32(w.cfg.side) {
		return fateExited
	}
	if born <= w.oldest {
		return fateExpired
	}
	return fateAlive
}

// quiet reports whether a bullet that has just moved to (x, y) survives the frame
// for certain: inside the arena, not at its last move, and in a cell of the hit grid
// that no target reaches. That is nearly every bullet, and the test is small enough
// for the compiler to inline into the flat backings' loops; for the others they call
// fate.
func (w *world) quiet(x, y, born int32) bool {
	g := &w.grid
	return uint32(x) < uint32(w.cfg.side) && uint32(y) < uint32(w.cfg.side) && born > w.oldest &&
		g.head[(y>>g.shift)*g.axis+x>>g.shift] < 0
}

// fate is lapse followed by the hit test of a surviving bullet, for the flat backings,
// which judge every bullet in their single pass.
func (w *world) fate(x, y, born int32) int32 {
	if k := w.lapse(x, y, born); k != fateAlive {
		return k
	}
	return w.hitFrom(w.grid.first(x, y), x, y)
}

// overlaps reports whether the bullet with corner (x, y) overlaps target t.
func (w *world) overlaps(t int32, x, y int32) bool {
	tg := &w.targets[t]
	ts, bs := w.cfg.targetSize, w.cfg.bulletSize
	return x < tg.X+ts && tg.X < x+bs && y < tg.Y+ts && tg.Y < y+bs
}

// died records a bullet despawned for reason k (a target index or a fate).
func (w *world) died(k int32, id uint64) {
	if w.rec != nil {
		w.rec.deaths = append(w.rec.deaths, death{id, k})
	}
	if w.cfg.allocs != allocsNone {
		w.trails.detach(id)
	}
	switch {
	case k >= 0:
		w.tally.hits++
		w.tally.hitSum = workload.Add(w.tally.hitSum, id<<targetBits|uint64(k))
	case k == fateExited:
		w.tally.exited++
	case k == fateExpired:
		w.tally.expired++
	default:
		panic(fmt.Sprintf("bullets: bullet %d despawned for no reason (fate %d)", id, k))
	}
}

// ringLen is how many of emitter e's handle slots hold a handle.
func (w *world) ringLen(e int) int {
	return int(min(w.emitters[e].shots, int64(w.cfg.handles)))
}

// seeLive records that a handle resolved to the bullet with this id and corner; the
// id proves it reached the right bullet and the corner that the moves agree.
func (w *world) seeLive(id uint64, x, y int32) {
	w.sum = workload.Fold(workload.Fold(w.sum, id), uint64(uint32(x))<<32|uint64(uint32(y)))
	if w.rec != nil {
		w.rec.live(id, x, y)
	}
}

// seeStale records that a handle was found stale.
func (w *world) seeStale() { w.stale++ }

// emitterDone folds the stale count of the emitter whose handles were just resolved.
func (w *world) emitterDone() {
	w.sum = workload.Fold(w.sum, uint64(w.stale))
	if w.rec != nil {
		w.rec.emitterDone(w.stale)
	}
	w.staleTotal += w.stale
	w.stale = 0
}

// endFrame folds the frame's deaths into the checksum and returns it.
func (w *world) endFrame() uint64 {
	h := workload.Fold(w.sum, uint64(w.tally.hits))
	h = workload.Fold(h, w.tally.hitSum)
	h = workload.Fold(h, uint64(w.tally.exited))
	h = workload.Fold(h, uint64(w.tally.expired))
	w.frame++
	return h
}
