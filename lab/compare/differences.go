package compare

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// Differences lists every way in which two runs measured different things, by kind:
// the workload, each parameter, the cache mode, the page mode and the frame clock
// (where both runs recorded them), the length, and the machine.
func Differences(base, new *result.Run) []Difference {
	var out []Difference
	add := func(kind, what, a, b string) {
		if a != b {
			out = append(out, Difference{Kind: kind, Text: fmt.Sprintf("%s%s (base) vs %s (new)", what, a, b)})
		}
	}
	add("workload", "", base.Workload, new.Workload)
	if base.Workload != new.Workload {
		return out
	}
	keys := slices.Sorted(maps.Keys(base.Params))
	for _, k := range slices.Sorted(maps.Keys(new.Params)) {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		add(Params, k+" ", param(base, k), param(new, k))
	}
	add(Cache, "", cacheName(base), cacheName(new))
	if a, b := PagesMode(base), PagesMode(new); a != "" && b != "" {
		add(Pages, "pages ", a, b)
	}
	if a, b := FrameClock(base), FrameClock(new); a != "" && b != "" {
		add(Clock, "frames timed by ", a, b)
	}
	add(Frames, "", length(base), length(new))
	bh, nh := base.Host, new.Host
	add(Host, "CPU ", bh.CPU, nh.CPU)
	add(Host, "cores ", fmt.Sprint(bh.Cores), fmt.Sprint(nh.Cores))
	add(Host, "", bh.OS+"/"+bh.Arch, nh.OS+"/"+nh.Arch)
	add(Host, "", bh.Go, nh.Go)
	add(Host, "GOGC ", bh.GOGC, nh.GOGC)
	return out
}

func param(r *result.Run, k string) string {
	v, ok := r.Params[k]
	if !ok {
		return "not recorded"
	}
	return units.Count(float64(v))
}

// cacheName is a run's cache mode; a version 1 run, which has none, ran one frame of
// each backing at a time.
func cacheName(r *result.Run) string {
	if r.Cache == "" {
		return "one frame per turn (version 1)"
	}
	return r.Cache + " caches"
}

// PagesMode is the page mode a run's heaps had, from its first backing that recorded
// one (every worker of a run is asked for the same); "" for a run that recorded none
// (written before pages were recorded).
func PagesMode(r *result.Run) string {
	for i := range r.Backings {
		for _, p := range r.Backings[i].PagesByFork() {
			if p.Mode != "" {
				return p.Mode
			}
		}
	}
	return ""
}

// The clocks a run's frames can have been timed by (see FrameClock).
const (
	CPUClock  = "the frame thread's CPU time"
	WallClock = "the wall clock"
)

// FrameClock is the clock that timed a run's frames, "" for a run without frames.
// The frame thread's CPU time leaves out what other processes took of its CPU. The
// wall clock does not; it timed files written before the CPU clock, and runs where
// that clock cannot be read. Times on the two clocks are not the same figure: on a
// busy machine a long frame by the wall clock carries other processes' time slices.
func FrameClock(r *result.Run) string {
	switch result.ClockOf(r) {
	case result.ClockThreadCPU:
		return CPUClock
	case result.ClockWall:
		return WallClock
	}
	return ""
}

func length(r *result.Run) string {
	s := fmt.Sprintf("%d frames (%d warm-up)", r.Frames, r.Warmup)
	if n := r.NumForks(); n > 1 {
		s += fmt.Sprintf(" in %d forks", n)
	}
	return s
}

// Title is the comparison's title line: the workload, what each run is, and any
// accepted difference (two machines, say), so that a chart that travels alone says
// what it compares.
func (rep *Report) Title() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s (base) vs %s (new)", rep.Workload, rep.Base.File, rep.New.File)
	var kinds []string
	for _, d := range rep.Accepted {
		if !slices.Contains(kinds, d.Kind) {
			kinds = append(kinds, d.Kind)
		}
	}
	for _, k := range kinds {
		switch k {
		case Host:
			b.WriteString(" · on two machines")
		case Params:
			b.WriteString(" · different parameters")
		case Cache:
			b.WriteString(" · different cache modes")
		case Pages:
			b.WriteString(" · different page modes")
		case Clock:
			b.WriteString(" · frames timed by different clocks")
		case Frames:
			b.WriteString(" · different lengths")
		}
	}
	return b.String()
}
