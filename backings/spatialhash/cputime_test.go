package spatialhash

import (
	"runtime"
	"testing"
	"time"

	"localitylab/internal/cputime"
)

// threadCPU is the CPU time of the benchmark's thread (see package cputime).
func threadCPU() time.Duration { return cputime.Thread() }

// cpuClock measures a benchmark's loop in CPU time of its thread.
type cpuClock time.Duration

// startCPU locks the benchmark to its thread, so that the thread's clock covers the
// whole loop, and reads the clock; report unlocks it.
func startCPU() cpuClock {
	runtime.LockOSThread()
	return cpuClock(threadCPU())
}

// report adds the loop's CPU time per iteration as the metric cpu-ns/op, where the
// clock could be read.
func (c cpuClock) report(b *testing.B) {
	end := threadCPU()
	runtime.UnlockOSThread()
	if c > 0 && end > 0 {
		b.ReportMetric(float64(end-time.Duration(c))/float64(b.N), "cpu-ns/op")
	}
}
