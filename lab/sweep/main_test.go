package sweep

import (
	"os"
	"testing"
	"time"

	"localitylab/lab"
	"localitylab/lab/labtest"
	"localitylab/workloads/workload"
)

// workerEnv makes this test binary a worker: the sweeps of these tests start their
// points' workers as this executable with the variable set, and TestMain then serves
// the lab's protocol instead of running tests.
const workerEnv = "LOCALITYLAB_SWEEP_TEST_WORKER"

func TestMain(m *testing.M) {
	labtest.ServeIfWorker(workerEnv)
	os.Exit(m.Run())
}

// testConfig is a sweep of small sprites worlds whose workers are this test binary.
func testConfig(t testing.TB, param string, values []int64, backings ...string) Config {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Config{
		Run: lab.Config{Workload: "sprites", Backings: backings, Counters: false, Timeout: 30 * time.Second,
			Params:    workload.Params{"entities": 2000, "on_screen": 100},
			Worker:    []string{exe},
			WorkerEnv: []string{workerEnv + "=1"}},
		Param: param, Values: values, Frames: 24, Warmup: 4,
	}
}
