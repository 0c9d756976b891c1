package lab

import (
	"fmt"
	"math/bits"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// processorTimes is one CPU's SYSTEM_PROCESSOR_PERFORMANCE_INFORMATION, as
// NtQuerySystemInformation gives it: times since boot in units of 100 ns, the kernel
// time including the idle time.
type processorTimes struct {
	idle, kernel, user, dpc, interrupt int64
	interrupts                         uint32
	_                                  uint32
}

// times is p as leastBusy reads it: busy is the kernel time less the idle time, and
// the user time.
func (p processorTimes) times() cpuTimes {
	total := max(p.kernel, 0) + max(p.user, 0)
	return cpuTimes{busy: uint64(max(total-max(p.idle, 0), 0)), total: uint64(total)}
}

// readCPUTimes reads every CPU's times of this process's processor group, indexed
// by CPU number (SystemProcessorPerformanceInformation; Wine answers it from Linux's
// /proc/stat).
func readCPUTimes() (map[int]cpuTimes, error) {
	buf := make([]processorTimes, 64)
	for {
		var n uint32
		size := uint32(len(buf)) * uint32(unsafe.Sizeof(buf[0]))
		err := windows.NtQuerySystemInformation(windows.SystemProcessorPerformanceInformation, unsafe.Pointer(&buf[0]), size, &n)
		if err == windows.STATUS_INFO_LENGTH_MISMATCH && n > size {
			buf = make([]processorTimes, n/uint32(unsafe.Sizeof(buf[0]))+1)
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("NtQuerySystemInformation(SystemProcessorPerformanceInformation): %v", err)
		}
		out := map[int]cpuTimes{}
		for cpu, p := range buf[:n/uint32(unsafe.Sizeof(buf[0]))] {
			out[cpu] = p.times()
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("NtQuerySystemInformation(SystemProcessorPerformanceInformation): no CPUs")
		}
		return out, nil
	}
}

// tieShare is how much less busy than the fallback CPU another must be to be chosen
// instead. Windows counts a CPU's times in clock ticks (15.6 ms by default), so over
// the window of a tenth of a second a share is known to about 16%; under Wine they
// are Linux's, in ticks of 10 ms.
const tieShare = 0.16

// chooseFrameCPU watches the CPUs this process may use for window and returns the
// least busy one, with why, as on Linux; the busy times are NtQuerySystemInformation's.
// It returns fallback when they cannot be read or there is only one CPU to choose.
func chooseFrameCPU(fallback int, window time.Duration) cpuChoice {
	mask, err := processMask()
	if fallback < 0 || err != nil || bits.OnesCount64(uint64(mask)) < 2 {
		return cpuChoice{CPU: fallback, Why: "the only CPU this process may use"}
	}
	var groups string
	if n := processorGroups(); n > 1 {
		groups = fmt.Sprintf(" (this machine has %d processor groups: the lab chooses among its own group's CPUs only)", n)
	}
	before, err := readCPUTimes()
	if err == nil {
		time.Sleep(window)
		var after map[int]cpuTimes
		if after, err = readCPUTimes(); err == nil {
			rd := cpuReadings{before: before, after: after, window: window, tie: tieShare, source: "NtQuerySystemInformation"}
			for cpu := range bits.UintSize {
				if mask&(1<<cpu) != 0 {
					rd.cpus = append(rd.cpus, cpu)
				}
			}
			ch := leastBusy(rd, fallback)
			ch.Why += groups
			return ch
		}
	}
	return cpuChoice{CPU: fallback, Why: fmt.Sprintf("the last CPU: how busy each was could not be read (%v)%s", err, groups)}
}
