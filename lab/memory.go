package lab

import (
	"io/fs"
	"os"

	"github.com/shirou/gopsutil/v4/mem"

	"localitylab/lab/cpucache"
)

// workerOverhead is what a worker process costs beyond its world (the Go runtime, the
// binary's mapped pages, the lab's buffers): a worker holding a thousand sprites has an
// RSS of about 9 MiB (cli/testdata/run.json), rounded up here.
const workerOverhead = 16 << 20

// availableMemory is what the system can give without swapping: the host's
// available memory, or what this process's memory cgroup still allows where that is
// less (cgroupMemory). A variable so that tests can pretend the machine is small.
var availableMemory = func() (uint64, bool) {
	host, hostOK := hostAvailable()
	if c, ok := cgroupMemory(cgroupRoot); ok && (!hostOK || c.room() < host) {
		return c.room(), true
	}
	return host, hostOK
}

// hostAvailable is the host's available memory, as the kernel estimates it.
func hostAvailable() (uint64, bool) {
	vm, err := mem.VirtualMemory()
	if err != nil {
		return 0, false
	}
	return vm.Available, true
}

// cgroupRoot is the file system the cgroup files are read from; tests give one of
// their own.
var cgroupRoot fs.FS = os.DirFS("/")

// limitNote says what limits the memory available when this process's cgroup does
// (avail is no more than the cgroup allows), "" otherwise.
func limitNote(avail uint64) string {
	if c, ok := cgroupMemory(cgroupRoot); ok && c.room() <= avail {
		return c.String()
	}
	return ""
}

// Estimate returns, per backing, the memory its worker will need: the workload's
// estimate of the loaded world plus the worker's own overhead and, in cold mode, the
// flush buffer it reads before every frame (twice the last-level cache, resident). It
// checks c first.
func Estimate(c Config) ([]int64, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	spec, err := lookup(c.Workload)
	if err != nil {
		return nil, err
	}
	var flush int64
	if c.Cache == Cold {
		levels, _ := cpucache.Levels()
		flush = cpucache.FlushBytes(levels)
	}
	est := make([]int64, len(c.Backings))
	for i, b := range c.Backings {
		est[i] = spec.Estimate(c.Params, b) + workerOverhead + flush
	}
	return est, nil
}

// CheckMemory refuses c, as Start would, when it would not fit in the memory
// available: for what loads c's backings without starting a run (check, which loads
// them side by side in one process), so that it refuses what bench refuses, with the
// same estimate and the same *MemoryError.
func CheckMemory(c Config) error { return checkMemory(c) }

// checkMemory refuses a run whose workers together would not fit in the available
// memory. The margin (a quarter on top of the estimates) covers what an estimate
// leaves out: a garbage-collected heap grows past its live size before each cycle,
// and loads grow slices by doubling. When the system cannot say what is available,
// the run goes ahead: a worker killed for lack of memory is reported as such.
func checkMemory(c Config) error {
	est, err := Estimate(c)
	if err != nil {
		return err
	}
	avail, ok := availableMemory()
	if !ok {
		return nil
	}
	var sum uint64
	for _, e := range est {
		sum += uint64(max(e, 0))
	}
	need := withMargin(sum)
	if need > avail {
		return &MemoryError{Backings: c.Backings, Estimates: est, Need: need, Available: avail, Limit: limitNote(avail)}
	}
	return nil
}

// withMargin is what estimates adding to sum need, with the margin of a quarter that
// covers what an estimate leaves out (see checkMemory).
func withMargin(sum uint64) uint64 { return sum + sum/4 }
