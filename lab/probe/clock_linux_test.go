package probe

import (
	"golang.org/x/sys/unix"

	"localitylab/lab/result"
)

// testClock is the calling thread's CPU clock, as the lab's frames are timed on
// Linux, so that a test's figures leave out what other processes took.
type testClock struct{}

func (testClock) Name() string { return result.ClockThreadCPU }

func (testClock) NS() int64 {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return -1
	}
	return ts.Nano()
}

func (testClock) Switches() int64 {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_THREAD, &ru) != nil {
		return -1
	}
	return ru.Nivcsw
}

func newTestClock() Clock { return testClock{} }
