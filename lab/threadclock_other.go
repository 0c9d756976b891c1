//go:build !linux

package lab

// threadClock reads a thread's CPU time and involuntary switches on Linux only;
// elsewhere frames are timed by the wall clock alone and none is known to have been
// interrupted.
type threadClock struct{}

// CPUClock says that this build times frames by the frame thread's CPU clock: outside
// Linux, no.
const CPUClock = false

func (c *threadClock) cpuNS() int64      { return -1 }
func (c *threadClock) switches() int64   { return -1 }
func (c *threadClock) overheadNS() int64 { return 0 }
