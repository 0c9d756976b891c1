package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestThreadCounts: a thread that spins for a while has used CPU time, and no more
// than the time that passed.
func TestThreadCounts(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, wall := Thread(), time.Now()
	if start == 0 && runtime.GOOS != "linux" {
		t.Skip("no per-thread CPU clock here")
	}
	x := 0
	for time.Since(wall) < 20*time.Millisecond {
		x++
	}
	used, passed := Thread()-start, time.Since(wall)
	if used <= 0 || used > passed+time.Millisecond {
		t.Errorf("spinning %v used %v of CPU time (%d turns)", passed, used, x)
	}
}
