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

	"localitylab/lab/result"
	"localitylab/lab/summary"
	"localitylab/workloads/workload"
)

// TestBursts checks the scheduler from the workers' side: each fake frame appends
// "start" and "end" lines to one shared file, so the file shows the order in which
// the frames really ran. Every backing must run the same frames, in bursts of the
// configured length, one burst at a time (no two frames ever overlap), in the order
// the run records for each round.
func TestBursts(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "trace")
	backings := []string{workload.SoA, workload.PtrArray, workload.SlotMap}
	c := testConfig(t, backings...)
	c.Frames, c.Burst = 10, 3
	c.WorkerEnv = append(c.WorkerEnv, traceEnv+"="+trace)
	r := runTest(t, c)
	wantRounds := []struct{ first, frames int }{{0, 3}, {3, 3}, {6, 3}, {9, 1}}
	if len(r.Rounds) != len(wantRounds) {
		t.Fatalf("rounds %+v, want bursts of 3, 3, 3 and the last frame", r.Rounds)
	}
	var want []string
	for k, rd := range r.Rounds {
		if rd.First != wantRounds[k].first || rd.Frames != wantRounds[k].frames || len(rd.Order) != len(backings) {
			t.Fatalf("round %d: %+v, want frames %d to %d by all three", k, rd, wantRounds[k].first, wantRounds[k].first+wantRounds[k].frames-1)
		}
		for _, i := range rd.Order {
			for f := rd.First; f < rd.First+rd.Frames; f++ {
				want = append(want, fmt.Sprintf("%s %d start", backings[i], f), fmt.Sprintf("%s %d end", backings[i], f))
			}
		}
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSpace(string(data)), "\n")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("frames ran in this order:\n%s\nwant, by the recorded rounds:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, b := range r.Backings {
		if b.Frames.Len() != c.Frames {
			t.Errorf("%s ran %d frames, want %d", b.Name, b.Frames.Len(), c.Frames)
		}
	}
}

// TestOrderRotates checks that no backing always goes first or last: over many
// rounds each takes every place, and the orders follow from the seed.
func TestOrderRotates(t *testing.T) {
	backings := []string{workload.SoA, workload.PtrArray, workload.SlotMap}
	c := testConfig(t, backings...)
	c.Frames, c.Burst = 30, 1
	r := runTest(t, c)
	var places [3][3]int // places[backing][position]
	for _, rd := range r.Rounds {
		for pos, i := range rd.Order {
			places[i][pos]++
		}
	}
	for i, p := range places {
		for pos, n := range p {
			if n == 0 {
				t.Errorf("%s never ran in place %d of 3 over %d rounds: %v", backings[i], pos+1, len(r.Rounds), places)
			}
		}
	}
	again := runTest(t, c)
	if fmt.Sprint(again.Rounds) != fmt.Sprint(r.Rounds) {
		t.Errorf("same seed, other orders:\n%v\n%v", r.Rounds, again.Rounds)
	}
	c.Params[workload.Seed.Name] = 2
	other := runTest(t, c)
	if fmt.Sprint(other.Rounds) == fmt.Sprint(r.Rounds) {
		t.Error("seeds 1 and 2 gave the same orders")
	}
}

// TestWarmExcludesBurstStarts checks what a summary keeps: in warm mode neither the
// warm-up frames nor the first half of any burst; in cold mode every frame after the
// warm-up.
func TestWarmExcludesBurstStarts(t *testing.T) {
	for _, mode := range []CacheMode{Warm, Cold} {
		t.Run(string(mode), func(t *testing.T) {
			c := testConfig(t, workload.SoA, workload.Map)
			c.Frames, c.Warmup, c.Burst, c.Cache = 20, 4, 4, mode
			r := runTest(t, c)
			if r.Cache != string(mode) {
				t.Errorf("run records cache %q, want %q", r.Cache, mode)
			}
			want := 16 // frames 4 … 19
			if mode == Warm {
				want = 8 // less the first half of bursts 4–7, 8–11, 12–15, 16–19
			}
			for _, b := range r.Backings {
				if b.Summary.Measured != want {
					t.Errorf("%s: %d frames summarised, want %d", b.Name, b.Summary.Measured, want)
				}
			}
			if mode == Cold && !strings.Contains(r.CacheNote, "each frame starts after reading") {
				t.Errorf("cold run's cache note %q does not say how the caches were emptied", r.CacheNote)
			}
		})
	}
}

// TestColdFlushOutsideFrame runs the workers in-process so that the flush can be
// traced beside the fake store's frames: in cold mode every frame is preceded by a
// flush, and no flush happens inside a frame (whose timed interval lies between the
// store's start and end lines).
func TestColdFlushOutsideFrame(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "trace")
	t.Setenv(traceEnv, trace)
	f, err := os.OpenFile(trace, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	testFlushHook = func() { fmt.Fprintln(f, "flush") }
	t.Cleanup(func() { testFlushHook = nil })
	c := testConfig(t, workload.SoA)
	c.Frames, c.Burst, c.Cache = 5, 2, Cold
	l, err := start(context.Background(), c, spawnInProcess)
	skipIfShortOfMemory(t, err)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Wait(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for fr := range c.Frames {
		want = append(want, "flush", fmt.Sprintf("soa %d start", fr), fmt.Sprintf("soa %d end", fr))
	}
	if got := strings.TrimSpace(string(data)); got != strings.Join(want, "\n") {
		t.Errorf("cold run traced:\n%s\nwant a flush before each frame:\n%s", got, strings.Join(want, "\n"))
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
			c.Frames, c.Burst = 8, 1 // a failed burst's frames are not kept: one frame each keeps the count exact
			if tt.timeout > 0 {
				c.Timeout = tt.timeout
			}
			r, err := Run(context.Background(), c, nil)
			skipIfShortOfMemory(t, err)
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
	r := runTest(t, c)
	wantContains(t, "error", r.Backings[0].Error, "cannot start", "no-such-program")
}

func TestChecksumMismatch(t *testing.T) {
	c := withFault(testConfig(t, workload.SoA, workload.Map, workload.SlotMap), "slotmap:checksum@4")
	c.Burst = 3 // frames 3 to 5 form the round that fails
	r, err := Run(context.Background(), c, nil)
	skipIfShortOfMemory(t, err)
	var me *MismatchError
	if !errors.As(err, &me) {
		t.Fatalf("Run: %v, want a *MismatchError", err)
	}
	if me.Frame != 4 || me.A != workload.SoA || me.B != workload.SlotMap || me.SumA^me.SumB != 1 {
		t.Errorf("mismatch %+v, want frame 4 between soa and slotmap, sums differing in bit 0", me)
	}
	wantContains(t, "message", err.Error(), "frame 4", "soa", "slotmap")
	for _, b := range r.Backings {
		if b.Frames.Len() != 3 {
			t.Errorf("%s kept %d frames, want the 3 of the rounds before the mismatch's", b.Name, b.Frames.Len())
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
// do: 64 bytes per entity loaded, a set number of allocations per frame, percentiles
// in order, a ratio for each backing with its blocks. How fast one backing is against
// another is a matter for BenchmarkFakeRatio: timing has no place in a test that must
// pass on a loaded machine under the race detector.
func TestMeasures(t *testing.T) {
	c := testConfig(t, workload.PtrArray, workload.SoA)
	c.Frames, c.Warmup, c.Burst = 60, 10, 5
	c.Params["entities"] = 100_000
	c.Params["allocs"] = 1000
	c.Params["work"] = 2_000
	r := runTest(t, c)
	for _, b := range r.Backings {
		if b.Error != "" {
			t.Fatalf("%s: %s", b.Name, b.Error)
		}
		if b.Load.Entities != 100_000 || b.Load.BytesPerEntity < 63 || b.Load.BytesPerEntity > 70 {
			t.Errorf("%s: load %+v, want 100000 entities of about 64 bytes", b.Name, b.Load)
		}
		if len(b.Load.Phases) != 1 || b.Load.Phases[0].Name != workload.DefaultPhase || b.Load.SetupNS != 0 {
			t.Errorf("%s: load phases %+v, want the one default phase", b.Name, b.Load.Phases)
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
		if b.Summary.Measured != 20 { // 50 after warm-up, less the first 3 of each of 10 bursts
			t.Errorf("%s: %d frames summarised, want 20", b.Name, b.Summary.Measured)
		}
	}
	if len(r.Ratios) != 2 {
		t.Fatalf("ratios %+v, want one per backing", r.Ratios)
	}
	best, other := r.Ratios[0], r.Ratios[1]
	if best.Backing != best.Vs || best.Median != 1 || other.Vs != best.Backing || other.Backing == best.Backing {
		t.Errorf("ratios %+v, want the fastest against itself, then the other against it", r.Ratios)
	}
	if other.Blocks != 10 || other.Range || !(other.Lo <= other.Median && other.Median <= other.Hi) {
		t.Errorf("ratio %+v, want an interval over the 10 rounds after warm-up", other)
	}
}

// BenchmarkFakeRatio runs the fake workload, whose soa repeats ptrarray's frame loop
// five times, and reports the measured ratio with its interval: near 5 on a quiet
// machine, squeezed towards 1 when the frames' shared allocations dominate.
func BenchmarkFakeRatio(b *testing.B) {
	c := testConfig(b, workload.PtrArray, workload.SoA)
	c.Frames, c.Warmup = 100, 10
	c.Params["work"] = 20_000
	for b.Loop() {
		r := runTest(b, c)
		rt, err := summary.Ratio(r, workload.SoA, workload.PtrArray)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(rt.Median, "ratio")
		b.ReportMetric(rt.Lo, "lo")
		b.ReportMetric(rt.Hi, "hi")
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
		{"param", func(c *Config) { c.Params["entities"] = 0 }, "params: entities: 0 is out of range for fake (want 1 to 1048576)"},
		{"unknown param", func(c *Config) { c.Params["entitees"] = 1 }, `params: entitees: the fake workload has no such parameter`},
		{"timeout", func(c *Config) { c.Timeout = -1 }, "timeout: -1ns is negative"},
		{"preview", func(c *Config) { c.PreviewEvery = -1 }, "preview interval"},
		{"layout", func(c *Config) { c.LayoutEvery = -1 }, "layout interval"},
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

// TestLoadPhases runs small tiles loads through real workers: the pointer array's
// heap aging is timed apart from its load, and the per-tile table is reported as
// fixed heap, not per entity (soa's is one int32 list head per tile).
func TestLoadPhases(t *testing.T) {
	c := testConfig(t, workload.PtrArray, workload.SoA)
	c.Workload = "tiles"
	c.Params = workload.Params{"entities": 5000, "cols": 256, "rows": 256, "window_w": 64, "window_h": 64}
	c.Frames, c.Warmup = 3, 0
	r := runTest(t, c)
	names := func(ps []result.Phase) string {
		var s []string
		for _, p := range ps {
			s = append(s, p.Name+"/"+p.Kind)
		}
		return strings.Join(s, ", ")
	}
	ptr, soa := r.Backings[0].Load, r.Backings[1].Load
	if got := names(ptr.Phases); got != "load/building, tile table/fixed, heap aging/setup" {
		t.Errorf("ptrarray's phases: %s", got)
	}
	if ptr.SetupNS <= 0 || ptr.NS <= 0 {
		t.Errorf("ptrarray: load %d ns, setup %d ns; want both timed", ptr.NS, ptr.SetupNS)
	}
	if got := names(soa.Phases); got != "load/building, tile table/fixed" || soa.SetupNS != 0 {
		t.Errorf("soa's phases: %s, setup %d ns", got, soa.SetupNS)
	}
	const heads = 256 * 256 * 4
	if soa.FixedBytes < heads || soa.FixedBytes > heads+64<<10 {
		t.Errorf("soa's fixed heap %d bytes, want the %d bytes of its tile heads", soa.FixedBytes, heads)
	}
}
