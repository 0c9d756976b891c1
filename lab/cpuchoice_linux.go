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

// cpuTimes is one CPU's line of /proc/stat: time spent busy and in total, in the
// kernel's ticks.
type cpuTimes struct{ busy, total uint64 }

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
			return leastBusy(&set, before, after, fallback, window)
		}
	}
	return cpuChoice{CPU: fallback, Why: fmt.Sprintf("the last CPU: how busy each was could not be read (%v)", err)}
}

// tieShare is how much less busy than the fallback CPU another must be to be chosen
// instead: /proc/stat counts in ticks of 10 ms, so over a tenth of a second a CPU's
// share is known to a tick, 10%.
const tieShare = 0.10

// leastBusy picks from the CPUs in set by their busy share between two readings.
func leastBusy(set *unix.CPUSet, before, after map[int]cpuTimes, fallback int, window time.Duration) cpuChoice {
	best, bestShare := -1, 2.0
	share := map[int]float64{}
	var cpus []int
	for cpu := range 1024 {
		a, okA := after[cpu]
		b, okB := before[cpu]
		if !set.IsSet(cpu) || !okA || !okB {
			continue
		}
		s := 0.0
		if a.total > b.total {
			s = float64(a.busy-b.busy) / float64(a.total-b.total)
		}
		share[cpu] = s
		cpus = append(cpus, cpu)
		if s < bestShare {
			best, bestShare = cpu, s
		}
	}
	if best < 0 {
		return cpuChoice{CPU: fallback, Why: "the last CPU: /proc/stat lists none of the CPUs this process may use"}
	}
	var list []string
	for i, cpu := range cpus {
		if i == 8 {
			list = append(list, fmt.Sprintf("and %d more", len(cpus)-i))
			break
		}
		list = append(list, fmt.Sprintf("CPU %d %.0f%%", cpu, 100*share[cpu]))
	}
	busy := fmt.Sprintf("over %v before the frames: %s busy", window, strings.Join(list, ", "))
	if s, ok := share[fallback]; ok && s <= bestShare+tieShare {
		return cpuChoice{CPU: fallback, Why: "the last CPU, none being clearly less busy " + busy}
	}
	return cpuChoice{CPU: best, Why: "the least busy " + busy}
}
