package lab

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// The frame clock: which clock times a worker's frames is chosen as the worker
// starts, on its frame thread, by measuring what the system offers (threadClock,
// one file per system): the frame thread's CPU clock where it can be read and is
// fine enough, else the wall clock, itself the finest the system has (Windows's
// time.Now moves once per timer tick, up to 15.6 ms, so there it is the
// performance counter). What was chosen and each clock's measured resolution go
// into the run's file (result.FrameTimer).

// clockSystem is what a system says of its clocks before they are measured: what
// each reads, the tick it states for it (0: it states none), whether it counts the
// thread's involuntary switches, and what it did to the frame thread.
type clockSystem struct {
	wallSource string
	wallTick   float64
	cpuSource  string // "": no CPU clock the lab can read
	cpuTick    float64
	cpuErr     error   // why the CPU clock cannot be used, found while opening it
	cyclesPer  float64 // a cycle clock's measured rate, cycles per ns
	switches   bool
	qos, cores string
	note       string
}

// The bounds of measuring a clock: at least clockReads consecutive reads and
// clockSteps steps of it, at most maxClockReads reads or clockWindow of time,
// whichever ends first once clockReads are done.
const (
	clockReads    = 4096
	clockSteps    = 3
	maxClockReads = 1 << 22
	clockWindow   = 100 * time.Millisecond
)

// maxCPUResolutionNS is the coarsest CPU clock that times frames: at a microsecond
// a frame of 20 µs is timed to 5% (result.ResolveSteps). A coarser one (Windows's
// GetThreadTimes moves by the timer tick) leaves the frames to the wall clock.
const maxCPUResolutionNS = 1000

// measureClock reads a clock back to back and returns what it saw (see
// result.ClockReading): the smallest nonzero step and how many reads repeated the
// one before. tick is the step the system states for the clock (0: none stated);
// it stands for the resolution only where every read moved, since the clock then
// ticks faster than it can be read. A clock that cannot be read, goes back or never
// moves is an error.
func measureClock(read func() int64, source string, tick float64) (result.ClockReading, error) {
	c := result.ClockReading{Source: source, Reads: 1}
	prev := read()
	if prev < 0 {
		return c, fmt.Errorf("%s cannot be read", source)
	}
	start := time.Now()
	var step int64
	steps := 0
	for ; c.Reads < maxClockReads; c.Reads++ {
		if c.Reads >= clockReads && (steps >= clockSteps || c.Reads%256 == 0 && time.Since(start) > clockWindow) {
			break
		}
		now := read()
		switch d := now - prev; {
		case now < 0:
			return c, fmt.Errorf("%s cannot be read (read %d of %d)", source, c.Reads+1, clockReads)
		case d < 0:
			return c, fmt.Errorf("%s went back by %d ns between two reads", source, -d)
		case d == 0:
			c.Repeats++
		default:
			steps++
			if step == 0 || d < step {
				step = d
			}
		}
		prev = now
	}
	if steps == 0 {
		return c, fmt.Errorf("%s did not move in %d reads", source, c.Reads)
	}
	c.StepNS, c.ResolutionNS = float64(step), float64(step)
	if c.Repeats == 0 && tick > 0 && tick < c.ResolutionNS {
		c.ResolutionNS = tick
	}
	return c, nil
}

// useCPUClock says whether the CPU clock, as measured (err: it could not be), times
// the frames, and if not, why not.
func useCPUClock(cpu result.ClockReading, err error) (bool, string) {
	switch {
	case err != nil:
		return false, "the thread's CPU clock is not used: " + err.Error()
	case cpu.ResolutionNS > maxCPUResolutionNS:
		return false, fmt.Sprintf("the thread's CPU clock (%s) is not used: it resolves only %s, and frames need %s or finer",
			cpu.Source, units.Duration(cpu.ResolutionNS), units.Duration(maxCPUResolutionNS))
	}
	return true, ""
}

// openTimer opens c on the calling thread (the frame thread, when frameThread),
// measures its clocks and chooses which times the frames: the CPU clock where
// useCPUClock takes it. It returns the record for the file and whether frames are
// CPU-timed; c is then ready to read.
func openTimer(c *threadClock, frameThread bool) (result.FrameTimer, bool) {
	sys := c.open(frameThread)
	t := result.FrameTimer{Clock: result.ClockWall, Switches: sys.switches, QoS: sys.qos, Cores: sys.cores}
	var notes []string
	if sys.note != "" {
		notes = append(notes, sys.note)
	}
	wall, err := measureClock(c.wallNS, sys.wallSource, sys.wallTick)
	if err != nil { // never seen: the monotonic clock and the performance counter move
		panic("lab: the wall clock cannot time frames: " + err.Error())
	}
	t.Wall = wall
	useCPU := false
	if sys.cpuSource != "" {
		cpu, err := result.ClockReading{Source: sys.cpuSource}, sys.cpuErr
		if err == nil {
			cpu, err = measureClock(c.cpuNS, sys.cpuSource, sys.cpuTick)
		}
		cpu.CyclesPerNS = sys.cyclesPer
		var why string
		if useCPU, why = useCPUClock(cpu, err); useCPU {
			t.Clock = result.ClockThreadCPU
		} else {
			notes = append(notes, why)
		}
		if err == nil {
			t.CPU = &cpu
		}
	}
	if !t.Switches && useCPU {
		notes = append(notes, "this system does not count a thread's involuntary switches: a frame is judged interrupted by its wall time against its CPU time alone")
	}
	t.Note = joinNotes(notes)
	return t, useCPU
}

func joinNotes(notes []string) string {
	s := ""
	for _, n := range notes {
		if s != "" {
			s += "; "
		}
		s += n
	}
	return s
}

// overheadNS is what reading the CPU clock adds to a frame's CPU time: the part of
// the two clock reads around a frame that falls inside the interval they measure,
// which the wall clock's reads do not pay. It is the median, over intervals holding
// nothing but a wall-clock reading, of their CPU time less their wall time
// (measured on the development VM, Linux: 430–460 ns, the cost of one system call;
// a frame of a few microseconds would otherwise read a tenth or more too slow).
// Intervals the thread was switched out in are left out where the system counts
// switches. 0 when the clock cannot be read.
func (c *threadClock) overheadNS() int64 {
	const tries = 201
	var d [tries]int64
	n := 0
	for range tries {
		sw0, c0 := c.switches(), c.cpuNS()
		t0 := c.wallNS()
		ns := c.wallNS() - t0
		c1, sw1 := c.cpuNS(), c.switches()
		if c0 < 0 || c1 < c0 {
			return 0
		}
		if sw1 == sw0 { // an interval the thread was switched out in says nothing
			d[n] = c1 - c0 - ns
			n++
		}
	}
	if n == 0 {
		return 0
	}
	slices.Sort(d[:n])
	return max(d[n/2], 0)
}

// CPUClock reports whether this machine times frames by the frame thread's CPU
// clock, as a worker started now would choose (see openTimer). It measures the
// clocks once, on a thread of its own, the first time it is called.
func CPUClock() bool { return cpuClock() }

var cpuClock = sync.OnceValue(func() bool {
	ch := make(chan bool)
	go func() {
		runtime.LockOSThread() // the clocks are the thread's; let it end with the goroutine
		var c threadClock
		_, use := openTimer(&c, false)
		ch <- use
	}()
	return <-ch
})
