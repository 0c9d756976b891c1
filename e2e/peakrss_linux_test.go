package e2e

import (
	"os"
	"syscall"
)

// peakRSS is a finished process's peak resident set in bytes (Linux counts it in KiB).
func peakRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss << 10
	}
	return 0
}
