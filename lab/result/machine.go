package result

import "fmt"

// A saved file is read on another machine, often beside a classmate's, so it records
// the facts of its own machine that its figures depend on, rather than leave the
// reader to assume they were those of the machine reading it.

// LoadAverage is the system's load average over the last minute (Linux: the first
// field of /proc/loadavg: the processes running or waiting to run, averaged) as a run
// or sweep started and as it ended: how busy the machine was around the figures.
// Frame times are CPU time where the thread clock can be read, so another process's
// share of the CPU is not in them, but what it leaves in the caches and the memory
// bus is.
type LoadAverage struct {
	Start float64 `json:"start_1min"`
	// End is absent while the run or sweep is still going, and where the system gave
	// none at its end.
	End *float64 `json:"end_1min,omitempty"`
}

func (a *LoadAverage) clone() *LoadAverage {
	c := *a
	if a.End != nil {
		e := *a.End
		c.End = &e
	}
	return &c
}

func (a *LoadAverage) validate() error {
	if !finiteNonNeg(a.Start) || (a.End != nil && !finiteNonNeg(*a.End)) {
		end := "absent"
		if a.End != nil {
			end = fmt.Sprint(*a.End)
		}
		return fmt.Errorf("load_average: start %v, end %s (want finite figures, 0 or more)", a.Start, end)
	}
	return nil
}

// What timed a sweep's frames (Sweep.Clock).
const (
	// ClockThreadCPU: each frame thread's CPU time, the wall time beside it
	// (Series.CPUTimed); what another process took of the CPU is not in the figures,
	// and the frames it interrupted are counted.
	ClockThreadCPU = "thread_cpu"
	// ClockWall: the wall clock, where the thread's clock cannot be read.
	ClockWall = "wall"
)

// ClockOf is what timed r's frames: ClockThreadCPU where a backing's series is
// CPU-timed, ClockWall where frames ran on the wall clock alone, "" where none ran.
func ClockOf(r *Run) string {
	any := false
	for i := range r.Backings {
		s := &r.Backings[i].Frames
		if s.CPUTimed() {
			return ClockThreadCPU
		}
		any = any || s.Len() > 0
	}
	if any {
		return ClockWall
	}
	return ""
}

// CacheLine is the line of the machine's first-level data cache (the smallest cache
// the lab used that records one), the block a stride through memory is measured
// against; 0 where the file does not record it.
func (h *Host) CacheLine() int {
	for _, c := range h.Caches {
		if c.LineBytes > 0 && c.NotUsed == "" {
			return c.LineBytes
		}
	}
	return 0
}

// HugeShareRange is the lowest and highest share of backing i's heap that sat in huge
// pages over every point and fork of the sweep; ok is false where no point measured
// it (older files, or a system without the count: see HugeShareMissing).
func (s *Sweep) HugeShareRange(i int) (lo, hi float64, ok bool) {
	for k := range s.Points {
		if p := &s.Points[k]; i < len(p.Backings) {
			lo, hi, ok = hugeShareRange(p.Backings[i].PagesByFork(), lo, hi, ok)
		}
	}
	return lo, hi, ok
}

// THP is the system's transparent huge page setting the run's workers read (see
// Pages.THP): the first a backing recorded, "" where none did.
func (r *Run) THP() string {
	for i := range r.Backings {
		for _, pg := range r.Backings[i].PagesByFork() {
			if pg.THP != "" {
				return pg.THP
			}
		}
	}
	return ""
}

// THP is the system's transparent huge page setting the sweep's workers read (see
// Pages.THP): the first a point recorded, "" where none did.
func (s *Sweep) THP() string {
	for k := range s.Points {
		for j := range s.Points[k].Backings {
			for _, pg := range s.Points[k].Backings[j].PagesByFork() {
				if pg.THP != "" {
					return pg.THP
				}
			}
		}
	}
	return ""
}

// FrameCPUs returns where b's frames ran at its point and why, one record per fork
// (a zero record for a fork it did not run in); nil where the point recorded none.
func (b *PointBacking) FrameCPUs() []FrameCPU {
	if b.ForkFrameCPU != nil {
		return b.ForkFrameCPU
	}
	if b.FrameCPU != nil {
		return []FrameCPU{*b.FrameCPU}
	}
	return nil
}

// Text is the load average as a record reads it: "1.63 at the start, 2.05 at the
// end".
func (a *LoadAverage) Text() string {
	end := "no end recorded"
	if a.End != nil {
		end = fmt.Sprintf("%.2f at the end", *a.End)
	}
	return fmt.Sprintf("%.2f at the start, %s", a.Start, end)
}

// PagesByFork returns the pages b's heap had at its point, one record per fork (a
// zero record for a fork it did not load in); nil where the point recorded none.
func (b *PointBacking) PagesByFork() []Pages {
	if b.ForkPages != nil {
		return b.ForkPages
	}
	if b.Pages != nil {
		return []Pages{*b.Pages}
	}
	return nil
}
