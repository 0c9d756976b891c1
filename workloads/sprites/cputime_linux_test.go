//go:build linux

package sprites

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadCPU is the CPU time the calling thread has used. The benchmarks report it
// beside wall time because the project's machines are shared: wall time grows while a
// thread waits for a core, CPU time does not (though other work still competes for
// caches and memory bandwidth).
func threadCPU() (time.Duration, bool) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
