//go:build unix

package lab

import "syscall"

// minorFaults is how many minor page faults the process has taken so far: pages it
// touched that the kernel had to back (fresh memory from the system, or memory it had
// given back), without reading a disk. -1 when it cannot be read.
func minorFaults() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return -1
	}
	return int64(ru.Minflt)
}
