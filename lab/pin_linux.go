package lab

import (
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// frameCPU is the CPU every worker's frame thread is pinned to: the last one the
// coordinator may run on. Measured on the 2-core development VM, soa's p50 on a still
// million-sprite world ranged 1.22–1.82 ms over identical runs whose threads went
// where the scheduler put them, and 1.26–1.36 ms with the frame thread pinned: a
// thread that wakes on another core than its last frame's finds that core's caches
// cold, and which core it gets differs from run to run. -1 means do not pin.
func frameCPU() int {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return -1
	}
	for cpu := 1023; cpu >= 0; cpu-- {
		if set.IsSet(cpu) {
			return cpu
		}
	}
	return -1
}

// pinThread pins every thread of the worker process to cpu: the frame thread (the
// caller, locked to its goroutine) and the runtime's others, whose later threads
// inherit the mask from the thread that creates them.
func pinThread(cpu int) error {
	var set unix.CPUSet
	set.Set(cpu)
	if err := unix.SchedSetaffinity(0, &set); err != nil {
		return err
	}
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return err
	}
	for _, t := range tasks {
		if tid, err := strconv.Atoi(t.Name()); err == nil {
			unix.SchedSetaffinity(tid, &set) // a thread that has just ended cannot be pinned, nor needs to be
		}
	}
	return nil
}
