package lab

import (
	"testing"

	"localitylab/lab/cpucache"
	"localitylab/workloads/workload"
)

// TestEstimateCountsFlush: a cold-mode worker holds a flush buffer of twice the
// last-level cache besides its world, and the estimate says so.
func TestEstimateCountsFlush(t *testing.T) {
	c := testConfig(t, workload.SoA, workload.Map)
	warm, err := Estimate(c)
	if err != nil {
		t.Fatal(err)
	}
	c.Cache = Cold
	cold, err := Estimate(c)
	if err != nil {
		t.Fatal(err)
	}
	levels, _ := cpucache.Levels()
	for i := range warm {
		if got, want := cold[i]-warm[i], cpucache.FlushBytes(levels); got != want {
			t.Errorf("%s: cold mode adds %d bytes, want the flush buffer's %d", c.Backings[i], got, want)
		}
	}
}

// TestShortHostSkips: on a host short of memory (another process holds it) a lab
// test skips and says why, rather than fail: whether this host has room is not what
// the tests check.
func TestShortHostSkips(t *testing.T) {
	saved := availableMemory
	t.Cleanup(func() { availableMemory = saved })
	availableMemory = func() (uint64, bool) { return 1 << 20, true }
	for name, start := range map[string]func(t *testing.T){
		"runTest":  func(t *testing.T) { runTest(t, testConfig(t, workload.SoA)) },
		"startRun": func(t *testing.T) { startRun(t, testConfig(t, workload.SoA)) },
	} {
		skipped := false
		t.Run(name, func(t *testing.T) {
			defer func() { skipped = t.Skipped() }()
			start(t)
			t.Error("the run started on a host of 1 MiB")
		})
		if !skipped {
			t.Errorf("%s did not skip on a host short of memory", name)
		}
	}
}
