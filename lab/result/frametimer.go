package result

import (
	"errors"
	"fmt"
	"math"
)

// FrameTimer is how a run's (or sweep's) frames were timed on its machine: which
// clock the frame times are, what each clock read is, and the smallest interval
// each could tell apart, measured as every worker started. A clock's resolution is
// not the same on every system: Windows's time.Now moves once per timer tick, up to
// 15.6 ms. A figure is only as fine as the clock that measured it, so a reader of
// the file needs to know which that was.
type FrameTimer struct {
	// Clock is what the frame times (Series.NS) are: ClockThreadCPU or ClockWall.
	Clock string `json:"clock"`
	// CPU is the frame thread's CPU clock as measured; absent where the system has
	// none the lab can read. It may have been measured and not used: Note says why.
	CPU *ClockReading `json:"cpu,omitempty"`
	// Wall is the clock the wall time beside each frame (and the collector's wait,
	// and the lookups' time) was read from, and the frame time itself under
	// ClockWall.
	Wall ClockReading `json:"wall"`
	// Switches says whether the frame thread's involuntary context switches were
	// counted (Series.Switches). Where they were not (Windows, macOS) a frame's
	// interruption is judged by its wall time against its CPU time alone, and no
	// count is written: unknown is not 0.
	Switches bool `json:"switches_counted"`
	// QoS is the scheduling class the frame thread asked for, or why it asked for
	// none, where the system has such classes (macOS: "user-interactive").
	QoS string `json:"qos,omitempty"`
	// Cores is what the system says of its kinds of core (macOS: hw.perflevel*), and
	// what it does not say (which one each frame ran on); absent elsewhere.
	Cores string `json:"cores,omitempty"`
	// Note says why the CPU clock was not used, or anything else the timing lacks.
	Note string `json:"note,omitempty"`
}

// ClockReading is one clock as a worker measured it at its start.
type ClockReading struct {
	// Source is what was read: "CLOCK_THREAD_CPUTIME_ID", "QueryThreadCycleTime",
	// "QueryPerformanceCounter", "CLOCK_MONOTONIC", "mach_absolute_time".
	Source string `json:"source"`
	// ResolutionNS is the smallest interval the clock tells apart. Where consecutive
	// reads repeated a value (Repeats > 0), the clock ticks more slowly than it is
	// read: its resolution is StepNS, the smallest step seen. Where every read moved,
	// it ticks at least once per read: its resolution is the finer of StepNS and the
	// tick the system states for it (a nanosecond for Linux's clocks, a cycle for a
	// cycle counter).
	ResolutionNS float64 `json:"resolution_ns"`
	// StepNS is the smallest nonzero step between two consecutive reads, over Reads
	// reads, Repeats of which returned the value of the read before.
	StepNS  float64 `json:"step_ns"`
	Reads   int     `json:"reads"`
	Repeats int     `json:"repeats"`
	// CyclesPerNS is, for a clock that counts cycles (Windows's
	// QueryThreadCycleTime), the rate its counts were turned into nanoseconds by,
	// measured against the wall clock as the worker started; absent otherwise.
	CyclesPerNS float64 `json:"cycles_per_ns,omitempty"`
}

// The bounds of a frame timer's figures: no clock the lab reads steps by more than
// a second (a clock that coarse times no frame), is read more than MaxClockReads
// times to measure it, or counts more than MaxCyclesPerNS cycles a nanosecond.
const (
	MaxResolutionNS = 1e9
	MaxClockReads   = 1 << 24
	MaxCyclesPerNS  = 100
)

// ResolveSteps is how many steps of its clock a median frame must last for the
// clock to have timed it: a time read by a clock of step q lies within q of the
// truth, so at 20 steps a median is good to 5%. Below that, or at 0 ns, frames ran
// faster than the clock moved and no figure of them says which backing is faster.
const ResolveSteps = 20

// Clone returns a deep copy of t (nil for nil).
func (t *FrameTimer) Clone() *FrameTimer {
	if t == nil {
		return nil
	}
	c := *t
	if t.CPU != nil {
		cpu := *t.CPU
		c.CPU = &cpu
	}
	return &c
}

// Validate checks that the record names a clock and that every figure is in range;
// errors name the field.
func (t *FrameTimer) Validate() error {
	if t.Clock != ClockThreadCPU && t.Clock != ClockWall {
		return fmt.Errorf("frame_timer: clock %q (want %q or %q)", t.Clock, ClockThreadCPU, ClockWall)
	}
	if t.Clock == ClockThreadCPU && t.CPU == nil {
		return errors.New("frame_timer: clock thread_cpu without a cpu reading")
	}
	if t.CPU != nil {
		if err := t.CPU.validate(); err != nil {
			return fmt.Errorf("frame_timer: cpu: %w", err)
		}
	}
	if err := t.Wall.validate(); err != nil {
		return fmt.Errorf("frame_timer: wall: %w", err)
	}
	return nil
}

func (c *ClockReading) validate() error {
	switch {
	case c.Source == "":
		return errors.New("source: empty")
	case !finiteNum(c.ResolutionNS) || c.ResolutionNS <= 0 || c.ResolutionNS > MaxResolutionNS:
		return fmt.Errorf("resolution_ns: %v (want more than 0, at most %v)", c.ResolutionNS, float64(MaxResolutionNS))
	case !finiteNonNeg(c.StepNS) || c.StepNS > MaxResolutionNS:
		return fmt.Errorf("step_ns: %v (want 0 to %v)", c.StepNS, float64(MaxResolutionNS))
	case c.Reads < 2 || c.Reads > MaxClockReads:
		return fmt.Errorf("reads: %d (want 2 to %d)", c.Reads, MaxClockReads)
	case c.Repeats < 0 || c.Repeats >= c.Reads:
		return fmt.Errorf("repeats: %d (want 0 to reads-1 = %d)", c.Repeats, c.Reads-1)
	case !finiteNonNeg(c.CyclesPerNS) || c.CyclesPerNS > MaxCyclesPerNS:
		return fmt.Errorf("cycles_per_ns: %v (want 0 to %d)", c.CyclesPerNS, MaxCyclesPerNS)
	}
	return nil
}

// Merge folds another worker's record into t, so that a run's record holds the
// coarsest step any of its workers measured: a run's figures are only as fine as
// its coarsest clock. The clocks' names and notes are those of the first record.
func (t *FrameTimer) Merge(o *FrameTimer) {
	if o == nil {
		return
	}
	t.Wall.merge(&o.Wall)
	if t.CPU != nil && o.CPU != nil {
		t.CPU.merge(o.CPU)
	}
}

func (c *ClockReading) merge(o *ClockReading) {
	c.ResolutionNS, c.StepNS = max(c.ResolutionNS, o.ResolutionNS), max(c.StepNS, o.StepNS)
}

// Reading is the clock that timed series s's frames: the CPU clock's reading where
// s is CPU-timed, the wall clock's otherwise; nil for a nil timer.
func (t *FrameTimer) Reading(s *Series) *ClockReading {
	switch {
	case t == nil:
		return nil
	case s.CPUTimed() && t.CPU != nil:
		return t.CPU
	}
	return &t.Wall
}

// Unresolved reports whether b's median frame is too short for the clock that
// timed it to tell: shorter than ResolveSteps of that clock's steps, or 0 ns. In a
// file that does not record its clock, a median of 0 ns is a clock that moved less
// often than the frames ran: no frame takes no time. A backing without summarised
// frames is not judged.
func (r *Run) Unresolved(b *Backing) bool {
	s := &b.Summary
	if s.Measured == 0 {
		return false
	}
	if s.P50NS <= 0 {
		return true
	}
	c := r.Timer.Reading(&b.Frames)
	return c != nil && s.P50NS < ResolveSteps*c.ResolutionNS
}

// UnresolvedText says which of r's backings ran frames too short for this
// machine's clock (see Unresolved), in the words a table's note and a verdict
// use, or "" when the clock resolved every one.
func (r *Run) UnresolvedText() string {
	why := r.UnresolvedReason()
	if why == "" {
		return ""
	}
	return "cannot tell: " + why
}

// UnresolvedReason is UnresolvedText without its "cannot tell: ", for a sentence
// that says so in its own words.
func (r *Run) UnresolvedReason() string {
	var names string
	var c *ClockReading
	for i := range r.Backings {
		b := &r.Backings[i]
		if !r.Unresolved(b) {
			continue
		}
		if names != "" {
			names += ", "
		}
		bc := r.Timer.Reading(&b.Frames)
		switch p := b.Summary.P50NS; {
		case bc == nil: // a file without its clock: what it holds is all there is
			names += fmt.Sprintf("%s's median %s", b.Name, nsText(p))
		case p < bc.ResolutionNS:
			names += b.Name + "'s median under one step"
		default:
			names += fmt.Sprintf("%s's median %.3g steps", b.Name, p/bc.ResolutionNS)
		}
		if c == nil {
			c = bc
		}
	}
	if names == "" {
		return ""
	}
	clock := "the clock that timed them"
	if c != nil {
		clock = fmt.Sprintf("%s (%s) resolves %s", clockName(r.Timer, c), c.Source, nsText(c.ResolutionNS))
	}
	return fmt.Sprintf("frames shorter than this machine's clock resolves (%s; %s, and a frame needs %d of its steps)",
		names, clock, ResolveSteps)
}

// clockName is "the CPU clock" or "the wall clock", after the reading c of t.
func clockName(t *FrameTimer, c *ClockReading) string {
	if t != nil && c == t.CPU {
		return "the thread's CPU clock"
	}
	return "the wall clock"
}

// nsText is a short time: "0 ns", "840 ns", "1.2 µs", "15.6 ms". (The package is a
// leaf: the lab's units are not for it.)
func nsText(ns float64) string {
	switch a := math.Abs(ns); {
	case a < 1e3:
		return fmt.Sprintf("%.0f ns", ns)
	case a < 1e6:
		return fmt.Sprintf("%.3g µs", ns/1e3)
	case a < 1e9:
		return fmt.Sprintf("%.3g ms", ns/1e6)
	}
	return fmt.Sprintf("%.3g s", ns/1e9)
}
