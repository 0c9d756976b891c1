package result

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// windowsTimer is a Windows machine's record: the cycle counter times the frames,
// the performance counter the wall time, and switches are not counted.
func windowsTimer() *FrameTimer {
	return &FrameTimer{Clock: ClockThreadCPU,
		CPU:  &ClockReading{Source: "QueryThreadCycleTime", ResolutionNS: 0.34, StepNS: 41, Reads: 4096, CyclesPerNS: 2.9},
		Wall: ClockReading{Source: "QueryPerformanceCounter", ResolutionNS: 100, StepNS: 100, Reads: 4096, Repeats: 3000},
		Note: "QueryThreadCycleTime's cycles turned into time at 2.9 cycles/ns"}
}

// TestFrameTimerRoundTrip: a run's and a sweep's record of their clocks is written
// and read back whole; a file written before it was recorded reads without one.
func TestFrameTimerRoundTrip(t *testing.T) {
	r := testRun()
	r.Timer = windowsTimer()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	got, err := ReadJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Timer, r.Timer) {
		t.Errorf("read back %+v, want %+v", got.Timer, r.Timer)
	}
	old, err := LoadJSON("testdata/run.json")
	if err != nil || old.Timer != nil {
		t.Errorf("a file without a frame timer: %v, timer %+v; want read, with none", err, old)
	}
	s := testSweep()
	s.Timer = windowsTimer()
	buf.Reset()
	if err := WriteSweepJSON(&buf, s); err != nil {
		t.Fatal(err)
	}
	gs, err := ReadSweepJSON(&buf)
	if err != nil || !reflect.DeepEqual(gs.Timer, s.Timer) {
		t.Errorf("sweep read back: %v, %+v; want %+v", err, gs.Timer, s.Timer)
	}
	if c := s.Clone(); c.Timer == s.Timer || c.Timer.CPU == s.Timer.CPU || !reflect.DeepEqual(c.Timer, s.Timer) {
		t.Error("a sweep's clone shares its timer, or differs from it")
	}
}

// TestFrameTimerValidate: each figure out of range is refused, naming the field.
func TestFrameTimerValidate(t *testing.T) {
	tests := []struct {
		name string
		edit func(*FrameTimer)
		want string
	}{
		{"unknown clock", func(t *FrameTimer) { t.Clock = "sundial" }, `clock "sundial"`},
		{"CPU-timed without a CPU clock", func(t *FrameTimer) { t.CPU = nil }, "without a cpu reading"},
		{"no source", func(t *FrameTimer) { t.Wall.Source = "" }, "wall: source: empty"},
		{"zero resolution", func(t *FrameTimer) { t.Wall.ResolutionNS = 0 }, "wall: resolution_ns: 0"},
		{"an hour's resolution", func(t *FrameTimer) { t.CPU.ResolutionNS = 3.6e12 }, "cpu: resolution_ns"},
		{"negative step", func(t *FrameTimer) { t.Wall.StepNS = -1 }, "wall: step_ns: -1"},
		{"one read", func(t *FrameTimer) { t.Wall.Reads = 1 }, "wall: reads: 1"},
		{"a billion reads", func(t *FrameTimer) { t.Wall.Reads = 1e9 }, "wall: reads: 1000000000"},
		{"every read repeated", func(t *FrameTimer) { t.Wall.Repeats = 4096 }, "wall: repeats: 4096"},
		{"negative repeats", func(t *FrameTimer) { t.Wall.Repeats = -1 }, "wall: repeats: -1"},
		{"a terahertz counter", func(t *FrameTimer) { t.CPU.CyclesPerNS = 1000 }, "cpu: cycles_per_ns: 1000"},
	}
	if err := windowsTimer().Validate(); err != nil {
		t.Fatalf("a good record refused: %v", err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tm := windowsTimer()
			tt.edit(tm)
			err := tm.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
			r := testRun()
			r.Timer = tm
			if err := r.Validate(); err == nil {
				t.Error("a run holding it validates")
			}
		})
	}
}

// TestFrameTimerMerge: a run's record keeps the coarsest step of its workers.
func TestFrameTimerMerge(t *testing.T) {
	a, b := windowsTimer(), windowsTimer()
	b.Wall.ResolutionNS, b.CPU.ResolutionNS = 300, 0.3
	a.Merge(b)
	a.Merge(nil)
	if a.Wall.ResolutionNS != 300 || a.CPU.ResolutionNS != 0.34 {
		t.Errorf("merged wall %v, cpu %v; want 300 and 0.34", a.Wall.ResolutionNS, a.CPU.ResolutionNS)
	}
}

// TestUnresolved: a backing whose median frame is under ResolveSteps steps of the
// clock that timed it (its series' clock), or 0 ns, is unresolved, and the run says
// which; one with frames of many steps is not, nor is one without summarised frames.
func TestUnresolved(t *testing.T) {
	wall := &FrameTimer{Clock: ClockWall, Wall: ClockReading{Source: "time.Now", ResolutionNS: 1e6, StepNS: 1e6, Reads: 5000, Repeats: 4990}}
	cpuTimed := Series{NS: []int64{1}, WallNS: []int64{1}}
	tests := []struct {
		name   string
		timer  *FrameTimer
		frames Series
		p50    float64
		want   bool
	}{
		{"0 ns, no clock recorded", nil, Series{}, 0, true},
		{"80 µs, no clock recorded", nil, Series{}, 80e3, false},
		{"80 µs on a 1 ms tick", wall, Series{}, 80e3, true},
		{"19 ms on a 1 ms tick", wall, Series{}, 19e6, true},
		{"20 ms on a 1 ms tick", wall, Series{}, 20e6, false},
		{"1 µs on the cycle clock", windowsTimer(), cpuTimed, 1e3, false},
		{"1 µs by the performance counter", windowsTimer(), Series{}, 1e3, true},
		{"2 µs by the performance counter", windowsTimer(), Series{}, 2e3, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &Run{Timer: tt.timer, Backings: []Backing{
				{Name: "map", Frames: tt.frames, Summary: Summary{Measured: 10, P50NS: tt.p50}},
				{Name: "slotmap", Summary: Summary{Measured: 0}}, // nothing summarised: not judged
			}}
			if got := r.Unresolved(&r.Backings[0]); got != tt.want {
				t.Errorf("Unresolved: %v, want %v", got, tt.want)
			}
			text := r.UnresolvedText()
			if (text != "") != tt.want || r.Unresolved(&r.Backings[1]) {
				t.Errorf("text %q; want one only where map is unresolved, and slotmap never", text)
			}
			if tt.want && (!strings.HasPrefix(text, "cannot tell: frames shorter than this machine's clock resolves") || !strings.Contains(text, "map's median")) {
				t.Errorf("text %q does not say so", text)
			}
		})
	}
	r := &Run{Timer: wall, Backings: []Backing{{Name: "map", Summary: Summary{Measured: 10, P50NS: 0}},
		{Name: "slotmap", Summary: Summary{Measured: 10, P50NS: 3e6}}}}
	if got, want := r.UnresolvedText(), "cannot tell: frames shorter than this machine's clock resolves (map's median under one step, slotmap's median 3 steps; the wall clock (time.Now) resolves 1 ms, and a frame needs 20 of its steps)"; got != want {
		t.Errorf("text\n%q, want\n%q", got, want)
	}
}
