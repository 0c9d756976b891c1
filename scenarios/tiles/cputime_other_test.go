//go:build !linux

package tiles

import "time"

// threadCPU reads no per-thread CPU clock where this package has none: 0.
func threadCPU() time.Duration { return 0 }
