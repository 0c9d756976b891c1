package lab

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"localitylab/internal/units"
	"localitylab/lab/callgrind"
	"localitylab/lab/cpucache"
	"localitylab/lab/result"
	"localitylab/workloads/workload"
)

// TestSimulateWithoutValgrind: where Valgrind is missing the run keeps its measured
// figures, and the simulation's record and every backing say why there are no
// simulated ones.
func TestSimulateWithoutValgrind(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv("VALGRIND", "")
	r := &result.Run{Backings: []result.Backing{{Name: "soa"}, {Name: "ptrarray"}}}
	Simulate(context.Background(), testConfig(t, "soa", "ptrarray"), r, nil)
	sim := r.Counters.Simulated
	if sim == nil || !strings.Contains(sim.Note, "valgrind is not installed") {
		t.Fatalf("simulated record %+v does not say valgrind is missing", sim)
	}
	for _, b := range r.Backings {
		if b.Summary.HasSim() || b.Summary.SimNote != sim.Note {
			t.Errorf("%s: %+v, want no figures and the note", b.Name, b.Summary.SimSummary)
		}
	}
}

// TestSimulateStrippedWorker: a worker program without a symbol table (as go test
// runs this one) would collect nothing and read as zero misses; it is refused.
func TestSimulateStrippedWorker(t *testing.T) {
	needValgrind(t)
	exe, _ := os.Executable()
	if callgrind.CheckSymbols(exe) == nil {
		t.Skip("this test binary has its symbol table (built with go test -c?)")
	}
	r := &result.Run{Backings: []result.Backing{{Name: "soa"}}}
	Simulate(context.Background(), testConfig(t, "soa"), r, nil)
	if n := r.Counters.Simulated.Note; !strings.Contains(n, "no symbol table") {
		t.Errorf("note %q does not say the worker has no symbol table", n)
	}
}

func needValgrind(t *testing.T) {
	t.Helper()
	if _, err := callgrind.Find(context.Background()); err != nil {
		t.Skipf("skipped: %v", err)
	}
}

// unstrippedWorker builds this package's test binary with its symbol table, which
// Callgrind needs to find the store's Frame method (go test runs a stripped one),
// into a directory removed after the test; built per test, so that -count=N works.
func unstrippedWorker(t *testing.T) (string, error) {
	path := filepath.Join(t.TempDir(), "lab.test")
	out, err := exec.Command("go", "test", "-c", "-o", path, ".").CombinedOutput()
	if err != nil {
		return "", &WorkerError{Backing: "build", Reason: err.Error(), Stderr: strings.Split(string(out), "\n")}
	}
	return path, nil
}

// TestSimulateWorker runs the simulator on real workers: this package's test binary
// built with its symbol table.
func TestSimulateWorker(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the simulator runs frames some 50 times slower")
	}
	needValgrind(t)
	exe, err := unstrippedWorker(t)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("sprites", func(t *testing.T) { testSimulateSprites(t, exe) })
	t.Run("stopped", func(t *testing.T) { testSimulateStopped(t, exe) })
	// A desktop whose L3 has a set count Valgrind refuses (36 MiB, 12-way: 49,152
	// sets) is simulated in the shape Cachegrind would give it, and the record says
	// both; the Intel VM's host L3 is not simulated, and the record says why.
	t.Run("rounded", func(t *testing.T) {
		t.Setenv(cpucache.SysfsEnv, filepath.Join("cpucache", "testdata", "desktop-36m"))
		sim := testSimulateSprites(t, exe)
		want := result.SimCache{Name: "L3", Bytes: 36 << 20, Ways: 18, Line: 64,
			Reported: &result.SimCache{Name: "L3", Bytes: 36 << 20, Ways: 12, Line: 64}}
		if !reflect.DeepEqual(sim.LL, want) || sim.LL.Sets() != 32768 {
			t.Errorf("LL %+v (reported %+v), want %+v", sim.LL, sim.LL.Reported, want)
		}
	})
	t.Run("set aside", func(t *testing.T) {
		t.Setenv(cpucache.SysfsEnv, filepath.Join("cpucache", "testdata", "intel-vm"))
		sim := testSimulateSprites(t, exe)
		if sim.LL.Name != "L2" || sim.LL.Bytes != 2<<20 || len(sim.SetAside) != 1 || !strings.HasPrefix(sim.SetAside[0], "L3 480 MiB reported by the system, not used") {
			t.Errorf("LL %+v, set aside %q; want the L2 simulated and the L3 said why not", sim.LL, sim.SetAside)
		}
	})
}

// testSimulateSprites simulates a still sprites world against what theory says of
// its layouts: soa streams its columns, so no more first-level misses per sprite than
// its bytes per sprite over a 64-byte line (with 30% for what else the frame
// touches); ptrarray chases a pointer to a separate object per sprite, at least four
// times as many. Each backing's frames are the measured run's (checksums), progress
// reaches the last frame, and the record names the tool and the caches.
func testSimulateSprites(t *testing.T, exe string) *result.Simulated {
	c := testConfig(t, "soa", "ptrarray")
	c.Worker, c.Workload, c.Frames, c.Warmup = []string{exe}, "sprites", 4, 1
	c.Params = workload.Params{"entities": 200_000, "moving_pct": 0}
	r := runTest(t, c)
	last := map[string]SimStatus{}
	Simulate(context.Background(), c, r, func(st SimStatus) { last[st.Backing] = st })
	sim := r.Counters.Simulated
	if sim.Note != "" || !strings.Contains(sim.Tool, "callgrind") || sim.D1.Bytes == 0 || sim.LL.Bytes <= sim.D1.Bytes {
		t.Fatalf("simulated record %+v", sim)
	}
	per := map[string]float64{}
	for _, b := range r.Backings {
		s := b.Summary
		if !s.HasSim() || s.SimD1MissesPerEntity == nil {
			t.Fatalf("%s: no simulated misses: %s", b.Name, s.SimNote)
		}
		if st := last[b.Name]; st.Done != SimWarmup+SimFrames || st.Total != st.Done {
			t.Errorf("%s: last progress %+v, want every frame done", b.Name, st)
		}
		per[b.Name] = *s.SimD1MissesPerEntity
		t.Logf("%s: %.3f D1 misses/entity, %.3f LL, %.0f instructions/frame, %.1f bytes/entity", b.Name, per[b.Name],
			*s.SimLLMissesPerEntity, *s.SimInstructionsPerFrame, b.Load.BytesPerEntity)
	}
	if bound := r.Backings[0].Load.BytesPerEntity / 64 * 1.3; per["soa"] > bound {
		t.Errorf("soa: %.3f D1 misses per sprite, more than its bytes/64 × 1.3 = %.3f", per["soa"], bound)
	}
	if per["ptrarray"] < 4*per["soa"] {
		t.Errorf("ptrarray: %.3f D1 misses per sprite, less than 4× soa's %.3f", per["ptrarray"], per["soa"])
	}
	if err := r.Validate(); err != nil {
		t.Errorf("the run with simulated misses does not validate: %v", err)
	}
	return sim
}

// testSimulateStopped: cancelling during the first backing's frames stops it and
// leaves the second unsimulated, each saying so.
func testSimulateStopped(t *testing.T, exe string) {
	c := testConfig(t, "soa", "ptrarray")
	c.Worker = []string{exe}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &result.Run{Backings: []result.Backing{{Name: "soa"}, {Name: "ptrarray"}}}
	Simulate(ctx, c, r, func(st SimStatus) {
		if st.Done == 1 {
			cancel()
		}
	})
	for _, b := range r.Backings {
		if b.Summary.HasSim() || !strings.Contains(b.Summary.SimNote, "stopped") {
			t.Errorf("%s: %+v, want no figures and a note that it stopped", b.Name, b.Summary.SimSummary)
		}
	}
}

func TestMeasuredChecksum(t *testing.T) {
	b := &result.Backing{Frames: result.Series{Checksum: []string{"a0", "a1", "a2", "b0", "b1", "b2", "b3"}}}
	forks := []result.Fork{{First: 0, Frames: 3}, {First: 3, Frames: 4}}
	for _, tt := range []struct {
		f    int
		want string
		ok   bool
	}{{0, "a0", true}, {2, "a2", true}, {3, "b3", true}, {4, "", false}} {
		if got, ok := measuredChecksum(b, forks, tt.f); got != tt.want || ok != tt.ok {
			t.Errorf("frame %d: %q %v, want %q %v", tt.f, got, ok, tt.want, tt.ok)
		}
	}
	if got, ok := measuredChecksum(b, nil, 5); got != "b2" || !ok {
		t.Errorf("one fork: frame 5 is %q %v", got, ok)
	}
}

func TestFillSim(t *testing.T) {
	var s result.SimSummary
	fillSim(&s, []callgrind.Counts{{Ir: 100, D1mr: 10, D1mw: 2, DLmr: 1}, {Ir: 300, D1mr: 20, DLmw: 3}}, 4)
	if *s.SimD1MissesPerFrame != 16 || *s.SimLLMissesPerFrame != 2 || *s.SimInstructionsPerFrame != 200 ||
		*s.SimD1MissesPerEntity != 4 || *s.SimLLMissesPerEntity != 0.5 || s.SimD1Range[0] != 12 || s.SimD1Range[1] != 20 {
		t.Errorf("got %+v", s)
	}
}

// TestCheckSimMemory: a world that fits with Valgrind's overhead is simulated, one
// that does not is refused by name, on a pretended machine with 1 GiB available.
func TestCheckSimMemory(t *testing.T) {
	saved := availableMemory
	t.Cleanup(func() { availableMemory = saved })
	availableMemory = func() (uint64, bool) { return 1 << 30, true }
	if err := checkSimMemory("soa", 100<<20); err != nil {
		t.Errorf("100 MiB + %s overhead refused with 1 GiB available: %v", units.Bytes(simOverhead), err)
	}
	err := checkSimMemory("ptrarray", 700<<20)
	if err == nil || !strings.Contains(err.Error(), "ptrarray under Valgrind needs about") {
		t.Errorf("700 MiB + overhead and a margin with 1 GiB available: %v", err)
	}
	availableMemory = func() (uint64, bool) { return 0, false }
	if err := checkSimMemory("map", 1<<40); err != nil {
		t.Errorf("refused where the system does not say what is available: %v", err)
	}
}

func TestSimStatusString(t *testing.T) {
	for _, tt := range []struct {
		st   SimStatus
		want string
	}{
		{SimStatus{Backing: "soa", Load: 0.4, Total: 6, Index: 0, Count: 2}, "simulating misses: soa (1 of 2) loading  40%"},
		{SimStatus{Backing: "soa", Load: 1, Done: 2, Total: 6, Index: 1, Count: 2}, "simulating misses: soa (2 of 2) 2/6 frames"},
		{SimStatus{Backing: "map", Load: 1, Done: 6, Total: 6, Count: 1}, "simulating misses: map 6/6 frames"},
	} {
		if got := tt.st.String(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.st, got, tt.want)
		}
	}
}
