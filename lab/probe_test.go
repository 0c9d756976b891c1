package lab

import (
	"context"
	"errors"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"localitylab/lab/probe"
	"localitylab/lab/result"
)

// testProbeWorkerEnv makes this test binary a probe's worker (see TestMain).
const testProbeWorkerEnv = "LOCALITYLAB_LAB_TEST_PROBE_WORKER"

// testProbeConfig is a probe whose worker is this test binary.
func testProbeConfig(t *testing.T, kind string) ProbeConfig {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return ProbeConfig{Kind: kind, Worker: []string{exe}, WorkerEnv: []string{testProbeWorkerEnv + "=1"}, Timeout: time.Minute}
}

// TestProbe takes a short probe in a worker process, as `localitylab probe -short`
// does, and checks what the worker adds to the measurement: where it ran, the pages
// of its buffer, the clock, the steps it told.
func TestProbe(t *testing.T) {
	if testing.Short() {
		t.Skip("a probe takes seconds")
	}
	c := testProbeConfig(t, result.ProbeShort)
	var steps []probe.Step
	c.Progress = func(s probe.Step) { steps = append(steps, s) }
	p, err := Probe(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if p.Kind != result.ProbeShort || len(p.Ladder) == 0 || len(steps) == 0 || steps[len(steps)-1].Done != steps[len(steps)-1].Of {
		t.Errorf("kind %q, %d points, steps %v", p.Kind, len(p.Ladder), steps)
	}
	if p.CPU.Why == "" || p.Pages.Mode == "" {
		t.Errorf("where it ran %+v, pages %+v: want both said", p.CPU, p.Pages)
	}
	if runtime.GOOS == "linux" {
		if p.Clock != result.ClockThreadCPU || p.Pages.HeapBytes < uint64(p.Ladder[len(p.Ladder)-1].Bytes)/2 {
			t.Errorf("clock %q, %d resident bytes of a %d-byte buffer", p.Clock, p.Pages.HeapBytes, p.Ladder[len(p.Ladder)-1].Bytes)
		}
		if frameCPU() >= 0 && p.CPU.CPU < 0 {
			t.Errorf("not pinned: %s", p.CPU.Why)
		}
	}
}

// TestProbeStops: a cancelled probe stops its worker and returns the context's
// error, promptly.
func TestProbeStops(t *testing.T) {
	c := testProbeConfig(t, result.ProbeFull)
	ctx, cancel := context.WithCancel(context.Background())
	c.Progress = func(probe.Step) { cancel() }
	start := time.Now()
	_, err := Probe(ctx, c)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("stopping took %v", d)
	}
	cancel()
	if _, err := Probe(ctx, c); !errors.Is(err, context.Canceled) {
		t.Errorf("a probe asked for under a cancelled context: %v", err)
	}
}

// TestProbeWorkerFails: a worker that fails (here a backing's worker, which takes
// no probe) is a *WorkerError in its words.
func TestProbeWorkerFails(t *testing.T) {
	c := testProbeConfig(t, result.ProbeShort)
	c.WorkerEnv = []string{testWorkerEnv + "=1"}
	_, err := Probe(context.Background(), c)
	var we *WorkerError
	if !errors.As(err, &we) || !strings.Contains(err.Error(), "probe message before hello") {
		t.Errorf("error %v, want a WorkerError saying the probe message came before hello", err)
	}
}

// TestProbeConfigRefused: what a probe cannot be asked for is refused before a
// worker starts, naming the field.
func TestProbeConfigRefused(t *testing.T) {
	for _, tt := range []struct {
		c    ProbeConfig
		want string
	}{
		{ProbeConfig{Kind: "medium"}, `kind: "medium"`},
		{ProbeConfig{Pages: "giant"}, `pages: "giant" is not a page mode`},
		{ProbeConfig{Timeout: -time.Second}, "timeout: -1s is negative"},
		{ProbeConfig{Worker: []string{}}, "worker: empty command"},
	} {
		if _, err := Probe(context.Background(), tt.c); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: error %v, want %q", tt.c, err, tt.want)
		}
	}
}

// TestProbeWorker: a probe's worker is the program that serves it followed by the
// probe-worker subcommand, the program's argv left as it was; nil stays nil (this
// executable's).
func TestProbeWorker(t *testing.T) {
	program := make([]string, 2, 4) // room to append into: the result must not use it
	program[0], program[1] = "/bin/lab", "-v"
	tests := []struct {
		program []string
		want    []string
	}{
		{nil, nil},
		{[]string{"/bin/lab"}, []string{"/bin/lab", ProbeWorkerCommand}},
		{program, []string{"/bin/lab", "-v", ProbeWorkerCommand}},
	}
	for _, tt := range tests {
		got := ProbeWorker(tt.program)
		if !slices.Equal(got, tt.want) || (got == nil) != (tt.want == nil) {
			t.Errorf("ProbeWorker(%q) = %q, want %q", tt.program, got, tt.want)
		}
	}
	got := ProbeWorker(program)
	_ = append(program, "other") // into the room the program's array has
	if got[2] != ProbeWorkerCommand {
		t.Errorf("the argv returned shares the program's array: %q", got)
	}
}
