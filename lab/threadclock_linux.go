package lab

import (
	"slices"
	"time"

	"golang.org/x/sys/unix"
)

// CPUClock says that this build times frames by the frame thread's CPU clock (see
// threadClock): on Linux, yes.
const CPUClock = true

// threadClock reads what the scheduler did to the calling thread: the CPU time it has
// run (CLOCK_THREAD_CPUTIME_ID: user and system time, memory stalls included, but
// not the time another process or the hypervisor held its CPU) and how often it was
// switched out against its will (getrusage(RUSAGE_THREAD).ru_nivcsw). Both are system
// calls into buffers the clock owns, so a read allocates nothing.
type threadClock struct {
	ts unix.Timespec
	ru unix.Rusage
}

// cpuNS is the calling thread's CPU time in nanoseconds, or -1 when it cannot be read.
func (c *threadClock) cpuNS() int64 {
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &c.ts) != nil {
		return -1
	}
	return c.ts.Nano()
}

// switches is the calling thread's count of involuntary context switches, or -1 when
// it cannot be read.
func (c *threadClock) switches() int64 {
	if unix.Getrusage(unix.RUSAGE_THREAD, &c.ru) != nil {
		return -1
	}
	return int64(c.ru.Nivcsw)
}

// overheadNS is what reading the clock adds to a frame's CPU time: the part of the two
// clock reads around a frame that falls inside the interval they measure, which the
// wall clock's reads (from user space) do not pay. It is the median, over intervals
// holding nothing but a wall-clock reading, of their CPU time less their wall time
// (measured on the development VM: 430–460 ns, the cost of one system call; a frame
// of a few microseconds would otherwise read a tenth or more too slow). 0 when the
// clock cannot be read.
func (c *threadClock) overheadNS() int64 {
	const tries = 201
	var d [tries]int64
	n := 0
	for range tries {
		sw0, c0 := c.switches(), c.cpuNS()
		t0 := time.Now()
		ns := time.Since(t0)
		c1, sw1 := c.cpuNS(), c.switches()
		if c0 < 0 || sw0 < 0 {
			return 0
		}
		if sw1 == sw0 { // an interval the thread was switched out in says nothing
			d[n] = c1 - c0 - int64(ns)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	slices.Sort(d[:n])
	return max(d[n/2], 0)
}
