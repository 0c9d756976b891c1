package rtmetrics

import (
	"fmt"
	"os"
	"sync"

	"github.com/shirou/gopsutil/v4/process"
)

// self is this process's gopsutil handle, made on first use and kept: NewProcess
// checks the process exists and reads its creation time, work that need not be repeated
// at every sample.
var self = sync.OnceValues(func() (*process.Process, error) {
	return process.NewProcess(int32(os.Getpid()))
})

// RSS returns the resident set size of this process in bytes: the memory the OS
// actually holds for it, which includes what the Go heap has not yet returned, stacks,
// and the binary. It is the figure a user compares against the machine's RAM.
//
// Unlike Reader.Read this is a file read and a parse (on Linux /proc/self/statm; a few
// microseconds and a handful of allocations, see BenchmarkRSS), so sample it a few
// times a second, and outside the two Reads that bracket a frame, so that its own
// allocations are not charged to the frame. Safe for concurrent use.
func RSS() (uint64, error) {
	p, err := self()
	if err != nil {
		return 0, fmt.Errorf("rtmetrics: RSS: open process %d: %w", os.Getpid(), err)
	}
	mi, err := p.MemoryInfo()
	if err != nil {
		return 0, fmt.Errorf("rtmetrics: RSS: %w", err)
	}
	return mi.RSS, nil
}
