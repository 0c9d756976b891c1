package lab

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"localitylab/scenarios/workload"
)

// TestInterleaving checks fairness rule 4 from the workers' side: each fake frame
// appends "start" and "end" lines to one shared file, so the file shows the order in
// which the frames really ran and that no two ever overlapped.
func TestInterleaving(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "trace")
	backings := []string{workload.SoA, workload.PtrArray, workload.SlotMap}
	c := testConfig(t, backings...)
	c.Frames = 6
	c.WorkerEnv = append(c.WorkerEnv, traceEnv+"="+trace)
	if _, err := Run(context.Background(), c, nil); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for f := range c.Frames {
		for _, b := range backings {
			want = append(want, fmt.Sprintf("%s %d start", b, f), fmt.Sprintf("%s %d end", b, f))
		}
	}
	got := strings.Split(strings.TrimSpace(string(data)), "\n")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("frames ran in this order:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestPauseStepResume(t *testing.T) {
	c := testConfig(t, workload.Map, workload.SoA)
	c.StartPaused = true
	l := startRun(t, c)
	if got := l.Config(); got.Params["entities"] != 100 || len(got.Backings) != 2 {
		t.Errorf("Config() = %+v, want resolved parameters and the two backings", got)
	}
	st := waitFor(t, l, "paused after load", func(s Status) bool { return s.Phase == Paused })
	for _, b := range st.Backings {
		if !b.Loaded || b.Load != 1 {
			t.Errorf("%s: loaded %v, load %v, want loaded and 1", b.Name, b.Loaded, b.Load)
		}
	}
	time.Sleep(50 * time.Millisecond)
	if st := l.Status(); st.Done != 0 {
		t.Fatalf("paused run ran %d frames", st.Done)
	}
	l.Step()
	waitFor(t, l, "one step", func(s Status) bool { return s.Done == 1 && s.Phase == Paused })
	l.Step()
	l.Step()
	waitFor(t, l, "two more steps", func(s Status) bool { return s.Done == 3 && s.Phase == Paused })
	time.Sleep(50 * time.Millisecond)
	if st := l.Status(); st.Done != 3 {
		t.Fatalf("after three steps %d frames ran", st.Done)
	}
	l.Resume()
	r, err := l.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if st := l.Status(); st.Phase != Done || st.Done != c.Frames {
		t.Errorf("after Resume: phase %v, %d frames; want done, %d", st.Phase, st.Done, c.Frames)
	}
	for _, b := range r.Backings {
		if b.Frames.Len() != c.Frames {
			t.Errorf("%s: %d frames, want %d", b.Name, b.Frames.Len(), c.Frames)
		}
	}
}

// TestStopDuringLoad stops a run whose load would take a minute: the load must be
// interrupted, not waited for.
func TestStopDuringLoad(t *testing.T) {
	c := testConfig(t, workload.Map, workload.SoA)
	c.Params["load_ms"] = 60_000
	l := startRun(t, c)
	waitFor(t, l, "load progress", func(s Status) bool { return s.Phase == Loading && s.Backings[0].Load > 0 })
	start := time.Now()
	l.Stop()
	_, err := l.Wait()
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Wait after Stop: %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > exitGrace+2*time.Second {
		t.Errorf("Stop took %v to end the load", d)
	}
	st := l.Status()
	if st.Phase != Stopped {
		t.Errorf("phase %v, want stopped", st.Phase)
	}
	for _, b := range st.Backings {
		if b.Err != nil || b.Loaded {
			t.Errorf("%s: loaded %v, error %v; want an interrupted load and no error", b.Name, b.Loaded, b.Err)
		}
	}
}

func TestStopWhileRunning(t *testing.T) {
	c := testConfig(t, workload.Map)
	c.Frames = MaxFrames - 1
	c.Params["work"] = 1000
	l := startRun(t, c)
	waitFor(t, l, "some frames", func(s Status) bool { return s.Done >= 5 })
	l.Stop()
	r, err := l.Wait()
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Wait after Stop: %v, want context.Canceled", err)
	}
	if n := r.Backings[0].Frames.Len(); n < 5 || n >= c.Frames {
		t.Errorf("stopped run kept %d frames, want at least 5 and fewer than all", n)
	}
}

// TestWorkerFailures makes one worker of three fail in each way a worker can, and
// checks that its error says how, while the other two run to the end.
func TestWorkerFailures(t *testing.T) {
	tests := []struct {
		name    string
		fault   string
		timeout time.Duration
		want    []string // in the WorkerError's text
		frames  int      // frames the failed backing kept
	}{
		{"exit", "map:exit@3", 0, []string{"worker map", "ended unexpectedly", "exit status 7", "injected fault exit"}, 3},
		{"killed", "map:kill@2", 0, []string{"killed by signal 9", "perhaps out of memory"}, 2},
		{"hung", "map:hang@4", 1500 * time.Millisecond, []string{"hung", "killed by signal 9"}, 4},
		{"reports", "map:fail@1", 0, []string{"injected failure at frame 1", "exit status 1"}, 1},
		{"panics", "map:panic@2", 0, []string{"ended unexpectedly", "exit status 2", "panic: injected panic at frame 2", "…"}, 2},
		{"fails load", "map:fail@load", 0, []string{"injected failure during the load"}, 0},
		{"hangs in load", "map:hang@load", 1500 * time.Millisecond, []string{"hung"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := withFault(testConfig(t, workload.SoA, workload.Map, workload.SlotMap), tt.fault)
			c.Frames = 8
			if tt.timeout > 0 {
				c.Timeout = tt.timeout
			}
			r, err := Run(context.Background(), c, nil)
			if err != nil {
				t.Fatalf("Run: %v (a failed worker must not end the run)", err)
			}
			for _, b := range r.Backings {
				switch b.Name {
				case workload.Map:
					wantContains(t, "map's error", b.Error, tt.want...)
					if b.Frames.Len() != tt.frames {
						t.Errorf("map kept %d frames, want %d", b.Frames.Len(), tt.frames)
					}
					if strings.Contains(b.Error, "perhaps out of memory") && tt.name != "killed" {
						t.Errorf("map's error blames memory: %s", b.Error)
					}
				default:
					if b.Error != "" || b.Frames.Len() != c.Frames {
						t.Errorf("%s: error %q, %d frames; want none and %d", b.Name, b.Error, b.Frames.Len(), c.Frames)
					}
				}
			}
		})
	}
}

func TestCannotStartWorker(t *testing.T) {
	c := testConfig(t, workload.SoA)
	c.Worker = []string{filepath.Join(t.TempDir(), "no-such-program")}
	r, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantContains(t, "error", r.Backings[0].Error, "cannot start", "no-such-program")
}

func TestChecksumMismatch(t *testing.T) {
	c := withFault(testConfig(t, workload.SoA, workload.Map, workload.SlotMap), "slotmap:checksum@4")
	r, err := Run(context.Background(), c, nil)
	var me *MismatchError
	if !errors.As(err, &me) {
		t.Fatalf("Run: %v, want a *MismatchError", err)
	}
	if me.Frame != 4 || me.A != workload.SoA || me.B != workload.SlotMap || me.SumA^me.SumB != 1 {
		t.Errorf("mismatch %+v, want frame 4 between soa and slotmap, sums differing in bit 0", me)
	}
	wantContains(t, "message", err.Error(), "frame 4", "soa", "slotmap")
	for _, b := range r.Backings {
		if b.Frames.Len() != 4 {
			t.Errorf("%s kept %d frames, want the 4 before the mismatch", b.Name, b.Frames.Len())
		}
	}
}

func TestMemoryRefused(t *testing.T) {
	saved := availableMemory
	t.Cleanup(func() { availableMemory = saved })
	availableMemory = func() (uint64, bool) { return 100 << 20, true }
	c := testConfig(t, workload.SoA, workload.Map)
	c.Params["entities"] = 1 << 20 // 64 MiB each, by the fake's estimate
	_, err := Start(context.Background(), c)
	var me *MemoryError
	if !errors.As(err, &me) {
		t.Fatalf("Start: %v, want a *MemoryError", err)
	}
	if len(me.Estimates) != 2 || me.Estimates[0] != 64<<20+workerOverhead || me.Available != 100<<20 {
		t.Errorf("MemoryError %+v", me)
	}
	wantContains(t, "message", err.Error(), "soa 80.0 MiB", "map 80.0 MiB", "100 MiB is available")

	c.Params["entities"] = 1 << 10
	l, err := Start(context.Background(), c)
	if err != nil {
		t.Fatalf("a small run was refused: %v", err)
	}
	l.Stop()
	l.Wait()
}

func TestPreview(t *testing.T) {
	c := testConfig(t, workload.SoA, workload.Map)
	c.PreviewEvery = time.Nanosecond
	l := startRun(t, c)
	var sc workload.Scene
	if _, err := l.Wait(); err != nil {
		t.Fatal(err)
	}
	if !l.Scene(&sc) {
		t.Fatal("no scene after a run with a preview")
	}
	want := workload.Rect{X0: int32(c.Frames), X1: int32(c.Frames) + 10, Y1: 10}
	if sc.View != want || len(sc.Boxes) != 1 || sc.Boxes[0].Kind != workload.Bullet || sc.Total != 1 {
		t.Errorf("scene %+v, want the view after frame %d and one bullet", sc, c.Frames)
	}

	c.PreviewEvery = 0
	l = startRun(t, c)
	l.Wait()
	if l.Scene(&sc) {
		t.Error("a scene without a preview")
	}
}

// TestSlowReader never reads Updates: the run must finish all the same.
func TestSlowReader(t *testing.T) {
	c := testConfig(t, workload.SoA)
	c.Frames = 200
	l := startRun(t, c)
	select {
	case <-l.Done():
	case <-time.After(30 * time.Second):
		t.Fatal("a run nobody reads did not finish")
	}
	if n := len(l.Updates()); n != 1 {
		t.Errorf("%d pending updates, want exactly 1 (coalesced)", n)
	}
	got := l.Samples(0, 150, nil)
	if len(got) != 50 || got[0].Frame != 150 || got[49].Frame != 199 {
		t.Errorf("Samples(0, 150) gave %d samples, frames %d…", len(got), got[0].Frame)
	}
	if got := l.Samples(0, 200, got[:0]); len(got) != 0 {
		t.Errorf("Samples past the end gave %d", len(got))
	}
}

// TestMeasures checks what a run records against what the fake workload is known to
// do: 64 bytes per entity loaded, a set number of allocations per frame, speeds in the
// ratio of the backings' factors.
func TestMeasures(t *testing.T) {
	c := testConfig(t, workload.PtrArray, workload.SoA) // factors 1 and 5
	c.Frames, c.Warmup = 60, 10
	c.Params["entities"] = 100_000
	c.Params["allocs"] = 1000
	c.Params["work"] = 20_000
	r, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range r.Backings {
		if b.Error != "" {
			t.Fatalf("%s: %s", b.Name, b.Error)
		}
		if b.Load.Entities != 100_000 || b.Load.BytesPerEntity < 64 || b.Load.BytesPerEntity > 70 {
			t.Errorf("%s: load %+v, want 100000 entities of about 64 bytes", b.Name, b.Load)
		}
		// Allocation counts reach the runtime's counters a span at a time: the mean is
		// right to within a span over the frames measured.
		if a := b.Summary.AllocsPerFrame; a < 900 || a > 1100 {
			t.Errorf("%s: %.1f allocs/frame, want about 1000", b.Name, a)
		}
		if a := b.Summary.AllocBytesPerFrame; a < 900*64 || a > 1100*64 {
			t.Errorf("%s: %.0f bytes/frame, want about 64000", b.Name, a)
		}
		if b.Summary.P50NS <= 0 || b.Summary.P50NS > b.Summary.P99NS || b.Summary.P99NS > b.Summary.MaxNS {
			t.Errorf("%s: percentiles %+v out of order", b.Name, b.Summary)
		}
	}
	if len(r.Ratios) != 2 || r.Ratios[0].Backing != workload.PtrArray || r.Ratios[1].Backing != workload.SoA {
		t.Fatalf("ratios %+v, want ptrarray then soa", r.Ratios)
	}
	soa := r.Ratios[1]
	if soa.Vs != workload.PtrArray || !soa.Significant || soa.Lo < 2 || soa.Median > 8 {
		t.Errorf("soa vs ptrarray: %+v, want about 5×, significant", soa)
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name   string
		change func(c *Config)
		want   string
	}{
		{"workload", func(c *Config) { c.Workload = "sprite" }, `workload: unknown workload "sprite"`},
		{"no backings", func(c *Config) { c.Backings = nil }, "backings: 0 given (want 1 to 6"},
		{"seven backings", func(c *Config) { c.Backings = append(workload.Backings[:6:6], "map") }, "backings: 7 given"},
		{"unknown backing", func(c *Config) { c.Backings = []string{"slotmapp"} }, `backings: unknown backing "slotmapp" (want one of ptrarray`},
		{"repeated backing", func(c *Config) { c.Backings = []string{"map", "soa", "map"} }, `backings: "map" given twice`},
		{"frames", func(c *Config) { c.Frames = 0 }, "frames: 0 is out of range (want 1 to 100000)"},
		{"too many frames", func(c *Config) { c.Frames = MaxFrames + 1 }, "frames: 100001 is out of range"},
		{"warmup", func(c *Config) { c.Warmup = 10 }, "warmup: 10 is out of range (want 0 to frames-1 = 9)"},
		{"param", func(c *Config) { c.Params["entities"] = 0 }, "params: fake: entities = 0 is out of range (want 1 to 1048576)"},
		{"unknown param", func(c *Config) { c.Params["entitees"] = 1 }, `params: fake: unknown parameter "entitees"`},
		{"timeout", func(c *Config) { c.Timeout = -1 }, "timeout: -1ns is negative"},
		{"preview", func(c *Config) { c.PreviewEvery = -1 }, "preview interval"},
		{"worker", func(c *Config) { c.Worker = []string{} }, "worker: empty command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := testConfig(t, workload.Map)
			tt.change(&c)
			err := c.Check()
			if err == nil {
				t.Fatal("Check accepted it")
			}
			wantContains(t, "error", err.Error(), tt.want)
		})
	}
	c := testConfig(t, workload.Map)
	c.Params = workload.Params{"seed": 9}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	if c.Params["seed"] != 9 || c.Params["entities"] != 100 || len(c.Params) != len(fakeSpec.Params) {
		t.Errorf("resolved params %v, want every parameter with seed 9", c.Params)
	}
}
