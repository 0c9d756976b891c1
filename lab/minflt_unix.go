//go:build unix

package lab

import "syscall"

// usageNow is what the process has used so far: its minor page faults (pages it
// touched that the kernel had to back with fresh memory, or with memory it had been
// given back, without reading a disk) and its CPU time in user code and in the kernel,
// all threads. why says why it could not be read, "" when it was.
func usageNow() (u usage, why string) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return usage{}, "page faults and the load's CPU time could not be read: getrusage: " + err.Error()
	}
	return usage{faults: int64(ru.Minflt), userNS: ru.Utime.Nano(), sysNS: ru.Stime.Nano()}, ""
}
