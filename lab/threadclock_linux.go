package lab

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadClock reads what the scheduler did to the calling thread: the CPU time it has
// run (CLOCK_THREAD_CPUTIME_ID: user and system time, memory stalls included, but
// not the time another process or the hypervisor held its CPU) and how often it was
// switched out against its will (getrusage(RUSAGE_THREAD).ru_nivcsw); and the wall
// time, from the monotonic clock time.Now reads (CLOCK_MONOTONIC, through the vDSO).
// The first two are system calls into buffers the clock owns, so a read allocates
// nothing.
type threadClock struct {
	ts unix.Timespec
	ru unix.Rusage
}

// wallBase is where wallNS counts from.
var wallBase = time.Now()

// open says what the clocks are; Linux states a tick for both (clock_getres: 1 ns
// on every kernel the lab has met) and counts switches. It changes nothing.
func (c *threadClock) open(bool) clockSystem {
	return clockSystem{wallSource: "CLOCK_MONOTONIC", wallTick: c.statedTick(unix.CLOCK_MONOTONIC),
		cpuSource: "CLOCK_THREAD_CPUTIME_ID", cpuTick: c.statedTick(unix.CLOCK_THREAD_CPUTIME_ID), switches: true}
}

// statedTick is the resolution the system states for clock id, in ns; 0 when it
// states none.
func (c *threadClock) statedTick(id int32) float64 {
	var ts unix.Timespec
	if unix.ClockGetres(id, &ts) != nil {
		return 0
	}
	return float64(ts.Nano())
}

// wallNS is the monotonic clock in nanoseconds since the process started.
func (c *threadClock) wallNS() int64 { return int64(time.Since(wallBase)) }

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
