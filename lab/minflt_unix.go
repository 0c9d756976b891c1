//go:build unix

package lab

import "syscall"

// usageNow is what the process has used so far: its minor page faults (pages it
// touched that the kernel had to back with fresh memory, or with memory it had been
// given back, without reading a disk) and its CPU time in user code and in the kernel,
// all threads. ok is false when it cannot be read.
func usageNow() (u usage, ok bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return usage{}, false
	}
	return usage{faults: int64(ru.Minflt), userNS: ru.Utime.Nano(), sysNS: ru.Stime.Nano()}, true
}
