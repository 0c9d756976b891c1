//go:build !linux

package cputime

import "time"

// Thread reads no per-thread CPU clock where this package has none: 0.
func Thread() time.Duration { return 0 }
