package lab

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// readCPUTimes reads every CPU's line of /proc/stat, indexed by CPU number.
func readCPUTimes() (map[int]cpuTimes, error) {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return nil, err
	}
	return parseCPUTimes(data)
}

// parseCPUTimes reads the "cpuN user nice system idle iowait irq softirq steal …"
// lines of a /proc/stat. Idle and iowait are idle; the rest is busy, steal included
// (the hypervisor ran something else while this CPU wanted to run). Guest time is
// already inside user time.
func parseCPUTimes(data []byte) (map[int]cpuTimes, error) {
	out := map[int]cpuTimes{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 5 || !strings.HasPrefix(f[0], "cpu") || f[0] == "cpu" {
			continue
		}
		n, err := strconv.Atoi(f[0][3:])
		if err != nil {
			continue
		}
		var t cpuTimes
		for i, s := range f[1:min(len(f), 9)] {
			v, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("/proc/stat: %s: %q is not a number", f[0], s)
			}
			t.total += v
			if i != 3 && i != 4 { // idle, iowait
				t.busy += v
			}
		}
		out[n] = t
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("/proc/stat: no CPU lines")
	}
	return out, sc.Err()
}

// chooseFrameCPU watches the CPUs this process may use for window and returns the
// least busy one, with why. Every worker's frame thread used to go to the last CPU,
// so two labs at once, or a lab and a build that kept one CPU busy, shared a CPU
// while another was free; now the frames go where nobody else is. When the last CPU
// is within a few points of the least busy, it stays the choice, so that on a quiet
// machine runs keep to one CPU as before. It returns fallback when /proc/stat cannot
// be read or there is only one CPU to choose.
func chooseFrameCPU(fallback int, window time.Duration) cpuChoice {
	var set unix.CPUSet
	if fallback < 0 || unix.SchedGetaffinity(0, &set) != nil || set.Count() < 2 {
		return cpuChoice{CPU: fallback, Why: "the only CPU this process may use"}
	}
	before, err := readCPUTimes()
	if err == nil {
		time.Sleep(window)
		var after map[int]cpuTimes
		if after, err = readCPUTimes(); err == nil {
			return leastBusy(readings(&set, before, after, window), fallback)
		}
	}
	return cpuChoice{CPU: fallback, Why: fmt.Sprintf("the last CPU: how busy each was could not be read (%v)", err)}
}

// tieShare is how much less busy than the fallback CPU another must be to be chosen
// instead: /proc/stat counts in ticks of 10 ms, so over a tenth of a second a CPU's
// share is known to a tick, 10%.
const tieShare = 0.10

// readings turns the CPUs of set and two readings of /proc/stat into what leastBusy
// chooses from.
func readings(set *unix.CPUSet, before, after map[int]cpuTimes, window time.Duration) cpuReadings {
	rd := cpuReadings{before: before, after: after, window: window, tie: tieShare, source: "/proc/stat"}
	for cpu := range 1024 {
		if set.IsSet(cpu) {
			rd.cpus = append(rd.cpus, cpu)
		}
	}
	return rd
}
