package bullets

// The dispatch parameter: under it every backing moves each bullet through an
// interface method call, the object-oriented habit source 003 warns against in a hot
// loop, instead of the two additions the stores otherwise write in line. The stores'
// own rule is the opposite (no dynamic call per entity in a frame's loop: the
// project's fairness rules), so this is a lesson's switch, off by default.

// Motion is how a bullet moves in one frame: from corner (x, y) by velocity (vx, vy).
// A store of one's own gets it from World.Motion.
type Motion interface {
	Step(x, y, vx, vy int32) (nx, ny int32)
}

// straight is the only motion the workload has: bullets fly in straight lines. Behind
// the interface the compiler cannot see which motion it calls, so it neither inlines
// the step nor keeps the loop's values in registers across the call.
type straight struct{}

func (straight) Step(x, y, vx, vy int32) (int32, int32) { return x + vx, y + vy }

// The values of the dispatch parameter besides 0 (in line).
const (
	dispatchOne   = 1 // one motion for every bullet: the call's target never changes
	dispatchMixed = 2 // one of four kinds of motion per step: the target changes unpredictably
)

// newMotion is the motion the stores call under dispatch, nil without it. It is
// chosen at run time, so the call sites stay dynamic.
func newMotion(dispatch int64) Motion {
	switch dispatch {
	case dispatchOne:
		return straight{}
	case dispatchMixed:
		return &mixed{kinds: [4]Motion{straight{}, glide{}, coast{}, drift{}}}
	}
	return nil
}

// mixed is the motion of an array holding bullets of several kinds behind one
// interface, the layout source 003 weighs against one array per kind: each step goes
// through a second dynamic call to the kind its bullet has, taken here from the low
// bits of the bullet's position, which change from frame to frame, so the processor
// cannot learn which method comes next. The kinds compute the same sum in different
// methods, so every backing's bullets still move exactly as without dispatch (the
// checksums agree): only the call's target changes.
type mixed struct{ kinds [4]Motion }

func (m *mixed) Step(x, y, vx, vy int32) (int32, int32) {
	return m.kinds[(x^y)&3].Step(x, y, vx, vy)
}

// The kinds of mixed: the same step written four ways, each its own method, so that
// each is a different call target.
type (
	glide struct{}
	coast struct{}
	drift struct{}
)

func (glide) Step(x, y, vx, vy int32) (int32, int32) { return vx + x, vy + y }
func (coast) Step(x, y, vx, vy int32) (int32, int32) { return x - (-vx), y - (-vy) }
func (drift) Step(x, y, vx, vy int32) (int32, int32) {
	nx, ny := x, y
	nx += vx
	ny += vy
	return nx, ny
}

// Each store runs either its own move loop, which moves a bullet with two additions,
// or a copy of that loop whose only difference is the step through mv.Step (its
// updateDispatch, moveDispatch or sweepDispatch), chosen once a frame (world.finish)
// or once a row, outside the loop. The copy is the price of a default loop with no
// call site in it: a branch around a call inside the loop already costs the default
// path, since the compiler spills what the call would clobber (the loop index, at
// least) on every iteration. What the two copies do besides the step (judging a
// bullet, despawning it) lives once, in the methods both call on the rare path.
