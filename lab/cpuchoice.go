package lab

import (
	"fmt"
	"strings"
	"time"
)

// cpuTimes is one CPU's time spent busy and in total between boot and a reading, in
// the unit the system counts it in (Linux's ticks, Windows's 100 ns).
type cpuTimes struct{ busy, total uint64 }

// cpuReadings is what chooseFrameCPU saw of the CPUs it may choose: two readings of
// every CPU's times, window apart, read from source; tie is how much less busy than
// the fallback another CPU must be to be chosen instead, the share of the window the
// system's counting grain leaves unknown.
type cpuReadings struct {
	cpus          []int // the CPUs this process may use, in increasing order
	before, after map[int]cpuTimes
	window        time.Duration
	tie           float64
	source        string // "/proc/stat", "NtQuerySystemInformation", …
}

// leastBusy picks from rd.cpus by their busy share between the two readings: the
// least busy, unless fallback (the last CPU) is within rd.tie of it, so that on a
// quiet machine runs keep to one CPU from run to run. A CPU missing from either
// reading is not chosen.
func leastBusy(rd cpuReadings, fallback int) cpuChoice {
	best, bestShare := -1, 2.0
	share := map[int]float64{}
	var cpus []int
	for _, cpu := range rd.cpus {
		a, okA := rd.after[cpu]
		b, okB := rd.before[cpu]
		if !okA || !okB {
			continue
		}
		s := 0.0
		if a.total > b.total && a.busy >= b.busy {
			s = min(float64(a.busy-b.busy)/float64(a.total-b.total), 1)
		}
		share[cpu] = s
		cpus = append(cpus, cpu)
		if s < bestShare {
			best, bestShare = cpu, s
		}
	}
	if best < 0 {
		return cpuChoice{CPU: fallback, Why: "the last CPU: " + rd.source + " lists none of the CPUs this process may use"}
	}
	var list []string
	for i, cpu := range cpus {
		if i == 8 {
			list = append(list, fmt.Sprintf("and %d more", len(cpus)-i))
			break
		}
		list = append(list, fmt.Sprintf("CPU %d %.0f%%", cpu, 100*share[cpu]))
	}
	busy := fmt.Sprintf("over %v before the frames: %s busy", rd.window, strings.Join(list, ", "))
	if s, ok := share[fallback]; ok && s <= bestShare+rd.tie {
		return cpuChoice{CPU: fallback, Why: "the last CPU, none being clearly less busy " + busy}
	}
	return cpuChoice{CPU: best, Why: "the least busy " + busy}
}
