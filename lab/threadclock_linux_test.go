package lab

import (
	"runtime"
	"testing"
)

// TestThreadClock: the thread's CPU clock advances with work done on the thread, and
// its own cost, taken off every frame, is small beside any frame.
func TestThreadClock(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var c threadClock
	c0, sw := c.cpuNS(), c.switches()
	if c0 < 0 || sw < 0 {
		t.Fatalf("clock %d, switches %d: want both readable on Linux", c0, sw)
	}
	x := uint64(1)
	for i := range 20_000_000 {
		x = x*6364136223846793005 + uint64(i)
	}
	if d := c.cpuNS() - c0; d <= 0 {
		t.Errorf("20 million multiplications took %d ns of CPU time (x=%d)", d, x)
	}
	if got := c.overheadNS(); got < 0 || got > 100_000 {
		t.Errorf("clock overhead %d ns: want 0 to 100 µs", got)
	}
}
