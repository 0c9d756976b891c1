package perfcount

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// Software events stand in for the hardware ones so that the group mechanics are
// tested on every Linux machine, PMU or not: task-clock leads (as instructions would),
// page-faults is the second member (as cycles), and the miss candidates are an event
// type no kernel has, then context-switches.
var (
	taskClock  = event{typeSoftware, unix.PERF_COUNT_SW_TASK_CLOCK, "task-clock"}
	pageFaults = event{typeSoftware, unix.PERF_COUNT_SW_PAGE_FAULTS, "page-faults"}
	ctxSwitch  = event{typeSoftware, unix.PERF_COUNT_SW_CONTEXT_SWITCHES, "context-switches"}
	noSuchPMU  = event{0x7fff_fff0, 0, "no-such-pmu"}
)

func openSoftware(t testing.TB, candidates ...event) *Group {
	t.Helper()
	g, err := openGroup([]event{taskClock, pageFaults}, candidates)
	if err != nil {
		t.Fatalf("software counter group: %v", err)
	}
	t.Cleanup(func() { g.Close() })
	return g
}

// touchFreshPages maps n new pages, with huge pages off so each is its own fault,
// writes one byte in each and unmaps them.
func touchFreshPages(t *testing.T, n int) {
	t.Helper()
	size := n * unix.Getpagesize()
	mem, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Munmap(mem)
	if err := unix.Madvise(mem, unix.MADV_NOHUGEPAGE); err != nil {
		t.Logf("madvise(MADV_NOHUGEPAGE): %v", err)
	}
	for i := 0; i < size; i += unix.Getpagesize() {
		mem[i] = 1
	}
}

func TestGroupReadsAllMembersAtOnce(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g := openSoftware(t, noSuchPMU, ctxSwitch)
	if g.Scope() != "user" {
		t.Errorf("Scope() = %q, want user", g.Scope())
	}
	if g.Misses() != ctxSwitch.label || g.MissNote() != "" {
		t.Errorf("Misses() = %q, MissNote() = %q; want the second candidate, no note", g.Misses(), g.MissNote())
	}
	const pages = 4096
	var before, after Counts
	start := time.Now()
	if err := g.Read(&before); err != nil {
		t.Fatal(err)
	}
	touchFreshPages(t, pages)
	if err := g.Read(&after); err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	// The runtime may fault a few pages of its own meanwhile; a swapped or misaligned
	// value (task-clock's nanoseconds, a time field) would be far outside this band.
	if d := after.Cycles - before.Cycles; d < pages || d > pages+512 {
		t.Errorf("second member (page-faults) grew by %d after touching %d fresh pages", d, pages)
	}
	if d := after.Instructions - before.Instructions; d == 0 || d > uint64(elapsed) {
		t.Errorf("leader (task-clock) grew by %d ns in %d ns of wall time", d, elapsed)
	}
	if after.TimeEnabled == 0 || after.TimeRunning > after.TimeEnabled {
		t.Errorf("times enabled %d, running %d", after.TimeEnabled, after.TimeRunning)
	}
}

func TestGroupWithoutMissEvent(t *testing.T) {
	g := openSoftware(t, noSuchPMU)
	if g.Misses() != "" {
		t.Errorf("Misses() = %q, want \"\"", g.Misses())
	}
	if note := g.MissNote(); !strings.Contains(note, noSuchPMU.label) {
		t.Errorf("MissNote() = %q, want it to name the refused %s", note, noSuchPMU.label)
	}
	c := Counts{MemMisses: 99}
	if err := g.Read(&c); err != nil {
		t.Fatal(err)
	}
	if c.MemMisses != 0 {
		t.Errorf("MemMisses = %d without a miss event, want 0", c.MemMisses)
	}
}

func TestGroupReadAllocatesNothing(t *testing.T) {
	g := openSoftware(t, ctxSwitch)
	var c Counts
	if n := testing.AllocsPerRun(100, func() { _ = g.Read(&c) }); n != 0 {
		t.Errorf("Read allocates %v objects per call, want 0", n)
	}
}

func TestGroupClose(t *testing.T) {
	g, err := openGroup([]event{taskClock, pageFaults}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := g.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	var c Counts
	if err := g.Read(&c); err == nil {
		t.Error("Read after Close succeeded")
	}
}

func TestRequiredEventRefusedFailsGroup(t *testing.T) {
	_, err := openGroup([]event{taskClock, noSuchPMU}, nil)
	if err == nil {
		t.Fatal("group with an impossible required member opened")
	}
	if !strings.Contains(err.Error(), noSuchPMU.label) {
		t.Errorf("error %q does not name the refused event", err)
	}
}

func TestReasons(t *testing.T) {
	vm := cpuID{vendor: "AuthenticAMD", family: 0x19, model: 0x11, hypervisor: true}
	tests := []struct {
		name string
		h    host
		err  error
		want []string
	}{
		{"VM without a PMU", host{cpu: vm, sources: []string{"breakpoint", "software"}}, unix.ENOENT,
			[]string{"AuthenticAMD family 0x19 model 0x11", "no CPU PMU is registered (event sources: breakpoint, software)", "virtual machine"}},
		{"bare metal, event unknown", host{cpu: cpuID{vendor: "GenuineIntel", family: 6}, sources: []string{"cpu", "software"}}, unix.ENOENT,
			[]string{"no such hardware event"}},
		{"paranoid", host{paranoid: "3"}, unix.EACCES, []string{"perf_event_paranoid = 3", "CAP_PERFMON"}},
		{"container seccomp", host{}, unix.EPERM, []string{"perf_event_paranoid = unknown", "seccomp"}},
		{"no perf in kernel", host{}, unix.ENOSYS, []string{"does not implement perf_event_open"}},
		{"fd limit", host{}, unix.EMFILE, []string{"file descriptors"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.h.reason(&openError{event: "instructions", err: tt.err})
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("reason = %q, want it to contain %q", got, w)
				}
			}
		})
	}
	hw := cpuID{vendor: "GenuineIntel", family: 6}
	if got := (host{cpu: hw, sources: []string{"cpu"}}).reason(unix.ENOENT); strings.Contains(got, "no CPU PMU") {
		t.Errorf("reason blames a missing PMU although \"cpu\" is registered: %q", got)
	}
}

func TestExplainKeepsErrno(t *testing.T) {
	err := explain(&openError{event: "instructions", err: unix.EACCES}, cpuID{})
	if !errors.Is(err, unix.EACCES) {
		t.Errorf("explain lost the errno: %v", err)
	}
	if !strings.HasPrefix(err.Error(), "hardware counters n/a: open instructions counter: ") {
		t.Errorf("explain = %q", err)
	}
}

func BenchmarkRead(b *testing.B) {
	b.Run("hardware", func(b *testing.B) {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		g, err := Open()
		if err != nil {
			b.Skip(err)
		}
		defer g.Close()
		benchmarkRead(b, g)
	})
	b.Run("software", func(b *testing.B) {
		benchmarkRead(b, openSoftware(b, ctxSwitch))
	})
}

func benchmarkRead(b *testing.B, g *Group) {
	var c Counts
	var err error
	b.ReportAllocs()
	for b.Loop() {
		err = g.Read(&c)
	}
	if err != nil || c.TimeEnabled == 0 {
		b.Fatalf("Read: %v, %+v", err, c)
	}
}
