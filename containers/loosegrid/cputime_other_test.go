//go:build !linux

package loosegrid

import (
	"testing"
	"time"
)

// threadCPU reads no per-thread CPU clock where this package has none: 0.
func threadCPU() time.Duration { return 0 }

// cpuClock reports nothing where there is no per-thread CPU clock.
type cpuClock struct{}

func startCPU() cpuClock           { return cpuClock{} }
func (cpuClock) report(*testing.B) {}
