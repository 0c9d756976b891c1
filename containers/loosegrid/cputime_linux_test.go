//go:build linux

package loosegrid

import (
	"runtime"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// threadCPU is the CPU time the calling thread has used, or 0 where it cannot be read.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

// cpuClock measures a benchmark's loop in CPU time of its thread.
type cpuClock time.Duration

// startCPU locks the benchmark to its thread, so that the thread's clock covers the
// whole loop, and reads the clock; report unlocks it.
func startCPU() cpuClock {
	runtime.LockOSThread()
	return cpuClock(threadCPU())
}

// report adds the loop's CPU time per iteration as the metric cpu-ns/op.
func (c cpuClock) report(b *testing.B) {
	end := threadCPU()
	runtime.UnlockOSThread()
	if c > 0 && end > 0 {
		b.ReportMetric(float64(end-time.Duration(c))/float64(b.N), "cpu-ns/op")
	}
}
