package lab

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"localitylab/lab/result"
	"localitylab/workloads/workload"
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

// skipIfShortOfMemory skips the test when err is the lab refusing its run for want
// of memory (a *MemoryError): the host is short of it because another process holds
// it, and whether this host has room is not what the lab's tests check. The memory
// guard itself is tested on a pretended small machine (TestMemoryRefused).
func skipIfShortOfMemory(tb testing.TB, err error) {
	tb.Helper()
	var me *MemoryError
	if errors.As(err, &me) {
		tb.Skipf("skipped, not failed: the host is short of memory for this test's run just now (%v)", err)
	}
}

// runTest runs c to its end, as Run does, skipping the test when the host is short
// of memory for it and failing it on any other error.
func runTest(tb testing.TB, c Config) *result.Run {
	tb.Helper()
	r, err := Run(context.Background(), c, nil)
	skipIfShortOfMemory(tb, err)
	if err != nil {
		tb.Fatalf("Run: %v", err)
	}
	return r
}

// startRun starts c and stops it when the test ends; a host short of memory for
// the run skips the test.
func startRun(t testing.TB, c Config) *Live {
	t.Helper()
	l, err := Start(context.Background(), c)
	skipIfShortOfMemory(t, err)
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
