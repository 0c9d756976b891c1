//go:build !linux

package sprites

import "time"

// threadCPU reports no per-thread CPU clock where this package has none to read.
func threadCPU() (time.Duration, bool) { return 0, false }
