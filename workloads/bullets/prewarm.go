package bullets

import "math"

// prewarmTries bounds how many directions bulletAt draws for one bullet.
const prewarmTries = 16

// bulletAt generates bullet i of the population Load places, as if the game had been
// running: it belongs to emitter i mod emitters, flies in a random direction, and has
// already made some moves, ages spread evenly over 1 … lifetime-1 (oldest first, so ids
// still follow spawn order) so that about entities/lifetime expire in every frame from
// frame 0 on. Each bullet has its own seed, so that they can be generated in any order
// (ptrarray.Scatter visits them shuffled).
//
// A running game holds fewer bullets flying towards a nearby wall (they die young) and
// few inside a target (they die on contact), so bulletAt redraws the direction, up to
// prewarmTries times, with a probability that follows how long the bullet would live,
// and when it would start inside a target. Frame 0 then sees about as many exits and
// hits as later frames. A bullet that would have left the arena by its age gets an age
// it could have reached.
func (w *world) bulletAt(i int) bullet {
	c := &w.cfg
	r := w.rng.Entity(c.seed^saltBullets, i)
	e := &w.emitters[i%c.emitters]
	oldest := c.lifetime - 1 - int32(int64(i)*int64(c.lifetime-1)/int64(c.prewarm))
	var b bullet
	for range prewarmTries {
		vx, vy := velocity(dirs[r.IntN(len(dirs))], e.Speed)
		span := min(int64(c.lifetime), movesToLeave(e.X, vx, c.side), movesToLeave(e.Y, vy, c.side))
		age := int32(0) // it leaves on its first move: place it unmoved, as if fired in frame 0
		if span > 1 {
			age = 1 + int32(int64(oldest-1)%(span-1))
		}
		b = bullet{X: e.X + age*vx, Y: e.Y + age*vy, VX: vx, VY: vy, Born: -age, ID: uint64(i)}
		if r.Int64N(int64(c.lifetime)) < span && !w.inTarget(b.X, b.Y) {
			break
		}
	}
	return b
}

// inTarget reports whether a bullet with corner (x, y) overlaps a target where it
// stands at load.
func (w *world) inTarget(x, y int32) bool {
	for t := range w.targets {
		if w.overlaps(int32(t), x, y) {
			return true
		}
	}
	return false
}

// movesToLeave is the number of moves after which a coordinate p in [0, side), moving
// by v per move, first lies outside [0, side); math.MaxInt64 when v is zero.
func movesToLeave(p, v, side int32) int64 {
	switch {
	case v > 0:
		return (int64(side) - int64(p) + int64(v) - 1) / int64(v)
	case v < 0:
		return int64(p)/int64(-v) + 1
	}
	return math.MaxInt64
}
