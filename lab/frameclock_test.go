package lab

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"localitylab/lab/result"
)

// fakeClock is a clock read back to back: each read adds perRead ns of true time,
// and the clock shows the true time rounded down to its tick.
type fakeClock struct {
	now, perRead, tick int64
	fail, backAt       int // the read that fails, or goes back (0: none)
	reads              int
}

func (c *fakeClock) read() int64 {
	c.reads++
	if c.reads == c.fail {
		return -1
	}
	if c.reads == c.backAt {
		return c.now - 2*c.tick
	}
	c.now += c.perRead
	return c.now / c.tick * c.tick
}

// TestMeasureClock: a clock that moves on every read resolves the tick the system
// states for it (or the step between reads, where that is finer); one that repeats
// values resolves the smallest step it took; one that cannot be read, goes back or
// never moves is refused.
func TestMeasureClock(t *testing.T) {
	tests := []struct {
		name    string
		clock   fakeClock
		stated  float64
		res     float64 // want, when no error
		step    float64
		repeats bool
		err     string // a part of the error wanted; "" for none
	}{
		{"finer than a read, stated", fakeClock{perRead: 30, tick: 1}, 1, 1, 30, false, ""},
		{"finer than a read, none stated", fakeClock{perRead: 30, tick: 1}, 0, 30, 30, false, ""},
		{"stated coarser than it moves", fakeClock{perRead: 30, tick: 1}, 1000, 30, 30, false, ""},
		{"a 100 ns counter read every 25 ns", fakeClock{perRead: 25, tick: 100}, 100, 100, 100, true, ""},
		{"a 1 ms tick read every 100 ns", fakeClock{perRead: 100, tick: 1_000_000}, 1, 1_000_000, 1_000_000, true, ""},
		{"cannot be read", fakeClock{perRead: 30, tick: 1, fail: 1}, 1, 0, 0, false, "cannot be read"},
		{"fails later", fakeClock{perRead: 30, tick: 1, fail: 500}, 1, 0, 0, false, "cannot be read"},
		{"goes back", fakeClock{perRead: 30, tick: 1, backAt: 100}, 1, 0, 0, false, "went back"},
		{"never moves", fakeClock{perRead: 0, tick: 1}, 1, 0, 0, false, "did not move"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.clock
			got, err := measureClock(c.read, "fake", tt.stated)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one saying %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.ResolutionNS != tt.res || got.StepNS != tt.step || (got.Repeats > 0) != tt.repeats {
				t.Errorf("resolution %v, step %v, %d repeats of %d reads; want %v, %v, repeats %v",
					got.ResolutionNS, got.StepNS, got.Repeats, got.Reads, tt.res, tt.step, tt.repeats)
			}
			if got.Reads < clockReads || got.Reads > maxClockReads || got.Source != "fake" {
				t.Errorf("%d reads of %q: want %d to %d of \"fake\"", got.Reads, got.Source, clockReads, maxClockReads)
			}
		})
	}
}

// TestUseCPUClock: the thread's CPU clock times frames when it can be read and
// resolves a microsecond or finer; otherwise the wall clock does, and the note says
// why.
func TestUseCPUClock(t *testing.T) {
	tests := []struct {
		name string
		res  float64
		err  error
		want bool
		why  string
	}{
		{"Linux's", 1, nil, true, ""},
		{"a cycle counter", 0.34, nil, true, ""},
		{"a microsecond", 1000, nil, true, ""},
		{"a timer tick", 15_625_000, nil, false, "resolves only 15.6 ms"},
		{"unreadable", 0, errors.New("QueryThreadCycleTime failed"), false, "QueryThreadCycleTime failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			use, why := useCPUClock(result.ClockReading{Source: "X", ResolutionNS: tt.res}, tt.err)
			if use != tt.want || !strings.Contains(why, tt.why) || (use && why != "") {
				t.Errorf("use %v (%q); want %v saying %q", use, why, tt.want, tt.why)
			}
		})
	}
}

// TestOpenTimer: on this system the timer chosen is a valid record whose clock is
// the one CPUClock reports, whose resolutions are measured, and whose CPU clock,
// where it times frames, moves with work done on the thread.
func TestOpenTimer(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var c threadClock
	tm, cpu := openTimer(&c, false)
	if err := tm.Validate(); err != nil {
		t.Fatalf("the record does not validate: %v (%+v)", err, tm)
	}
	if cpu != CPUClock() || (tm.Clock == result.ClockThreadCPU) != cpu {
		t.Errorf("clock %q, CPU-timed %v, CPUClock() %v: want one answer", tm.Clock, cpu, CPUClock())
	}
	if tm.Wall.ResolutionNS > maxCPUResolutionNS {
		t.Errorf("wall clock %s resolves %v ns: coarser than a microsecond", tm.Wall.Source, tm.Wall.ResolutionNS)
	}
	if !cpu {
		if tm.Note == "" {
			t.Error("frames timed by the wall clock, and the note does not say why")
		}
		return
	}
	c0 := c.cpuNS()
	x := uint64(1)
	for i := range 5_000_000 {
		x = x*6364136223846793005 + uint64(i)
	}
	if d := c.cpuNS() - c0; d <= 0 {
		t.Errorf("5 million multiplications took %d ns of CPU time (x=%d)", d, x)
	}
}
