package probe

import (
	"context"
	"errors"
	"time"

	"localitylab/lab/result"
)

// Clock times the probe's repetitions. The lab hands the probe the clock its frames
// are timed by, so that a latency on the ladder and a frame's time are read alike:
// where the thread's CPU clock can be read, time another process held the CPU is in
// neither.
type Clock interface {
	// Name says which clock it is, as the record says it: result.ClockThreadCPU or
	// result.ClockWall.
	Name() string
	// NS is a reading in nanoseconds on the clock's own scale; -1 when it cannot be
	// read.
	NS() int64
	// Switches is how often the calling thread has been switched out against its
	// will so far; -1 when the system does not say.
	Switches() int64
}

// WallClock is the monotonic wall clock, which knows nothing of switches: for tests,
// and where no thread clock can be read.
type WallClock struct{ base time.Time }

// NewWallClock returns a wall clock started now.
func NewWallClock() *WallClock { return &WallClock{base: time.Now()} }

func (c *WallClock) Name() string    { return result.ClockWall }
func (c *WallClock) NS() int64       { return int64(time.Since(c.base)) }
func (c *WallClock) Switches() int64 { return -1 }

// timer runs repetitions under a Clock and tells the interrupted ones: switched out
// during the repetition, or (with a CPU clock) a wall time that exceeds the clock's
// by more than result.Interrupted allows. The clock's own reads (a system call each
// for a thread's CPU clock, about half a microsecond) are a tenth of a per cent of a
// repetition and are left in.
type timer struct {
	clock Clock
	cpu   bool // the clock is a thread's CPU clock: the wall time can tell it was interrupted
}

func newTimer(c Clock) *timer {
	return &timer{clock: c, cpu: c.Name() == result.ClockThreadCPU}
}

// time runs f once and returns the clock's nanoseconds over it and whether it was
// interrupted; ok is false when the clock could not be read.
func (t *timer) time(f func()) (ns int64, interrupted, ok bool) {
	sw0 := t.clock.Switches()
	c0 := t.clock.NS()
	w0 := time.Now()
	f()
	wall := time.Since(w0)
	c1 := t.clock.NS()
	sw1 := t.clock.Switches()
	if c0 < 0 || c1 < c0 {
		return 0, false, false
	}
	ns = c1 - c0
	switched := uint64(0)
	if sw0 >= 0 && sw1 > sw0 {
		switched = uint64(sw1 - sw0)
	}
	if t.cpu {
		interrupted = result.Interrupted(ns, int64(wall), switched)
	} else {
		interrupted = switched > 0
	}
	return ns, interrupted, true
}

// errClock is a clock that cannot be read: nothing can be measured by it.
var errClock = errors.New("the clock cannot be read")

// repeat runs f until it has reps readings, running an interrupted repetition again
// while the budget of as many tries again as reps lasts, and keeping it (counted in
// interrupted) once the budget is spent: on a busy machine a probe must end. Before
// it runs one again it runs f once untimed, so that the next repetition does not
// start from caches the intruder filled (three full probes each way on the
// development VM at a load of 12 could not tell the difference: L3 14.7–17.4 ns
// without, 14.7–16.3 ns with; it costs a repetition per interruption). It returns
// each kept repetition's nanoseconds. It stops between repetitions when ctx is
// cancelled.
func (t *timer) repeat(ctx context.Context, reps int, f func()) (ns []float64, interrupted int, err error) {
	ns = make([]float64, 0, reps)
	again := reps
	for len(ns) < reps {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		d, intr, ok := t.time(f)
		if !ok {
			return nil, 0, errClock
		}
		if intr && again > 0 {
			again--
			f() // untimed: the intruder left its own data in the caches
			continue
		}
		if intr {
			interrupted++
		}
		ns = append(ns, float64(d))
	}
	return ns, interrupted, nil
}
