package charts

import (
	"strings"
	"testing"

	"localitylab/lab/result"
)

// cpuTimed is a backing whose frames were timed by the thread's CPU clock.
func cpuTimed(name string, measured, interrupted int) result.Backing {
	return result.Backing{Name: name,
		Frames:  result.Series{NS: []int64{1}, WallNS: []int64{1}, Switches: []uint64{0}, GCCPUNS: []uint64{0}, GCWaitNS: []uint64{0}},
		Summary: result.Summary{Measured: measured, Interrupted: interrupted}}
}

func TestConditionCells(t *testing.T) {
	b := cpuTimed("soa", 1200, 37)
	b.Pages = &result.Pages{Mode: result.PagesHuge, THP: "madvise", HugeShare: result.Measured(0.996)}
	b.Summary.GCCycles, b.Summary.GCFrames, b.Summary.GCCyclesPer1000, b.Summary.GCCPUNSPerFrame = 1, 80_000, 0.0125, 0.3
	b.Summary.P99WithGCNS = 3.5e6
	old := result.Backing{Name: "map", Frames: result.Series{NS: []int64{1}}, Summary: result.Summary{Measured: 5}}
	tests := []struct {
		name      string
		got, want string
	}{
		{"interrupted", InterruptedCell(&b), "37 of 1,200"},
		{"interrupted, wall clock only", InterruptedCell(&old), "n/a"},
		{"huge pages", HugePagesCell(&b), "100%"},
		{"huge pages not recorded", HugePagesCell(&old), "n/a"},
		{"GC/frame of a backing that collected", GCCell(&b), "< 1 ns"},
		{"GC/frame not recorded", GCCell(&old), "n/a"},
		{"GCs per 1k frames, rare", GCRateCell(&b), "0.013"},
		{"GCs per 1k frames of an older file", GCRateCell(&old), "n/a"},
		{"p99 with GC", WithGCCell(&b), "3.50 ms"},
		{"p99 with GC of an older file", WithGCCell(&old), "n/a"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}

func TestConditionNotes(t *testing.T) {
	r := &result.Run{Backings: []result.Backing{cpuTimed("ptrarray", 100, 90), cpuTimed("soa", 100, 10), cpuTimed("map", 100, 51)}}
	r.Backings[0].Pages = &result.Pages{Mode: result.PagesSystem, THP: "madvise"}
	notes := strings.Join(ConditionNotes(r), "\n")
	for _, want := range []string{"pages system (THP madvise)", "Most frames of ptrarray and map were interrupted", "their figures"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes %q lack %q", notes, want)
		}
	}
	if strings.Contains(notes, "soa") {
		t.Errorf("notes %q name soa, whose frames were mostly not interrupted", notes)
	}
	if !strings.Contains(FrameTimeNote(r), "CPU time") || !strings.Contains(FrameTimeNote(&result.Run{}), "wall-clock") {
		t.Error("the frame time note does not say which clock")
	}
}

// TestForkConditions: a run of several forks shows the range of huge-page shares
// over its forks, each fork's frame CPU where the forks were placed differently, and
// each fork's pages in its record; a fork the backing did not run in is left out.
func TestForkConditions(t *testing.T) {
	r := &result.Run{Frames: 30, Forks: []result.Fork{{First: 0, Frames: 10}, {First: 10, Frames: 10}, {First: 20, Frames: 10}},
		Backings: []result.Backing{cpuTimed("soa", 27, 3), cpuTimed("map", 18, 0)}}
	huge := func(share float64) result.Pages {
		return result.Pages{Mode: result.PagesHuge, THP: "madvise", HugeShare: result.Measured(share), HeapBytes: 32 << 20}
	}
	last := result.FrameCPU{CPU: 1, Why: "the last CPU, none being clearly less busy"}
	free := result.FrameCPU{CPU: 0, Why: "the least busy"}
	r.Backings[0].SetConditions([]result.FrameCPU{last, free, last}, []result.Pages{huge(1), huge(0.62), huge(0.999)})
	r.Backings[1].SetConditions([]result.FrameCPU{last, free, {}}, []result.Pages{huge(1), huge(1), {}})
	tests := []struct {
		name      string
		got, want string
	}{
		{"huge pages over forks", HugePagesCell(&r.Backings[0]), "62–100%"},
		{"huge pages alike, one fork not run", HugePagesCell(&r.Backings[1]), "100%"},
		{"frame CPU", FrameCPUText(r), "fork 1: CPU 1, the last CPU, none being clearly less busy; fork 2: CPU 0, the least busy; " +
			"fork 3: CPU 1, the last CPU, none being clearly less busy"},
		{"pages record", PagesRecord(r), "pages huge (THP madvise): soa fork 1 100% of 32.0 MiB, fork 2 62% of 32.0 MiB, " +
			"fork 3 100% of 32.0 MiB in huge pages; map fork 1 100% of 32.0 MiB, fork 2 100% of 32.0 MiB in huge pages"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s:\n%q\nwant\n%q", tt.name, tt.got, tt.want)
		}
	}
	if n := strings.Join(ConditionNotes(r), " "); !strings.Contains(n, "its range over the forks") {
		t.Errorf("notes %q do not say the share is a range over forks", n)
	}
	same := []result.FrameCPU{free, free, free}
	r.Backings[0].ForkFrameCPU, r.Backings[1].ForkFrameCPU = same, same
	if got := FrameCPUText(r); got != "CPU 0, the least busy" {
		t.Errorf("forks placed alike: %q, want the one place", got)
	}
}

// TestFrameTimeNoteWall: a run timed by the wall clock alone, its clock recorded,
// says that its frames hold other processes' time slices and what that does to the
// ratios; a file from before the clock was recorded reads as it always did.
func TestFrameTimeNoteWall(t *testing.T) {
	wall := &result.Run{Backings: []result.Backing{{Name: "map", Frames: result.Series{NS: []int64{1}}}},
		Timer: &result.FrameTimer{Clock: result.ClockWall, Wall: result.ClockReading{Source: "QueryPerformanceCounter", ResolutionNS: 100}}}
	got := FrameTimeNote(wall)
	for _, want := range []string{"wall-clock time: a frame holds any time slice another process took", "busy machine", "QueryPerformanceCounter, resolving 100 ns"} {
		if !strings.Contains(got, want) {
			t.Errorf("note %q lacks %q", got, want)
		}
	}
	old := &result.Run{Backings: wall.Backings}
	if got := FrameTimeNote(old); got != "Frame times are wall-clock time." {
		t.Errorf("a file without its clock: %q, want the note as before", got)
	}
}
