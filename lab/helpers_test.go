package lab

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"localitylab/scenarios/workload"
)

// testConfig is a short run of the fake workload whose workers are this test binary,
// in one fork: the tests of forks ask for more.
func testConfig(t testing.TB, backings ...string) Config {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Config{
		Workload:  fakeSpec.Name,
		Params:    workload.Params{},
		Backings:  backings,
		Frames:    10,
		Warmup:    2,
		Forks:     1,
		Worker:    []string{exe},
		WorkerEnv: []string{testWorkerEnv + "=1"},
		Timeout:   30 * time.Second,
	}
}

// withFault adds a fault (see FaultEnv) to c's workers.
func withFault(c Config, spec string) Config {
	c.WorkerEnv = append(append([]string(nil), c.WorkerEnv...), FaultEnv+"="+spec)
	return c
}

// startRun starts c and stops it when the test ends.
func startRun(t testing.TB, c Config) *Live {
	t.Helper()
	l, err := Start(context.Background(), c)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() {
		l.Stop()
		<-l.Done()
	})
	return l
}

// waitFor polls the run's status until ok accepts it, failing the test after a while.
func waitFor(t *testing.T, l *Live, what string, ok func(Status) bool) Status {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		st := l.Status()
		if ok(st) {
			return st
		}
		select {
		case <-l.Updates():
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			t.Fatalf("timed out waiting for %s; status %+v", what, st)
		}
	}
}

// wantContains fails unless s contains every one of subs.
func wantContains(t *testing.T, what, s string, subs ...string) {
	t.Helper()
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			t.Errorf("%s = %q, want it to contain %q", what, s, sub)
		}
	}
}
