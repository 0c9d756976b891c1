package lab

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"
	"time"

	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// The test binary is also the lab tests' worker: started with testWorkerEnv set, it
// serves one backing instead of running tests, with the fake workload registered.
const (
	testWorkerEnv = "LOCALITYLAB_LAB_TEST_WORKER"
	traceEnv      = "LOCALITYLAB_LAB_TEST_TRACE" // a file the fake workload logs its frames to
)

func TestMain(m *testing.M) {
	lookup = testLookup
	cpuWindow = 20 * time.Millisecond    // the tests need a choice, not a careful one
	if os.Getenv(testWorkerEnv) == "1" { // as labtest.ServeIfWorker, which imports lab
		if err := ServeWorker(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "worker:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if os.Getenv(testProbeWorkerEnv) == "1" { // a probe's worker (see ServeProbe)
		if err := ServeProbe(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "probe worker:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if spec := os.Getenv(goBenchEnv); spec != "" {
		os.Exit(serveGoBench(spec))
	}
	os.Exit(m.Run())
}

func testLookup(name string) (*workload.Spec, error) {
	if name == fakeSpec.Name {
		return &fakeSpec, nil
	}
	return workloads.Lookup(name)
}

// fakeSpec is a workload that exists only in tests. It does the same work on every
// backing except that backing k (its index in workload.Backings) repeats its frame's
// loop k+1 times, so that the backings have known speed ratios; its checksum depends
// only on the seed and the frame, so all backings agree.
var fakeSpec = workload.Spec{
	Name:  "fake",
	Title: "A workload for the lab's tests",
	Params: []workload.Param{
		workload.Seed,
		{Name: "entities", Default: 100, Min: 1, Max: 1 << 20},
		{Name: "work", Doc: "loop iterations per frame, times the backing's index + 1", Default: 0, Min: 0, Max: 1 << 24},
		{Name: "allocs", Doc: "64-byte allocations per frame", Default: 0, Min: 0, Max: 1 << 20},
		{Name: "load_ms", Doc: "how long Load takes", Default: 0, Min: 0, Max: 600_000},
		{Name: "flush", Doc: "1: each frame makes the runtime count the allocations its caches hold (runtime.ReadMemStats), as a collection's end does", Default: 0, Min: 0, Max: 1},
	},
	New: func(p workload.Params, backing string) (workload.Store, error) {
		k := slices.Index(workload.Backings, backing)
		if k < 0 {
			return nil, fmt.Errorf("fake: backing %q", backing)
		}
		f := &fakeStore{p: p, backing: backing, factor: k + 1}
		if path := os.Getenv(traceEnv); path != "" {
			var err error
			if f.trace, err = os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err != nil {
				return nil, err
			}
		}
		return f, nil
	},
	EstimateBytes: func(p workload.Params, backing string) int64 { return p["entities"] * 64 },
}

type fakeStore struct {
	p       workload.Params
	backing string
	factor  int
	frame   uint64
	world   [][8]uint64
	trace   *os.File
	ms      runtime.MemStats // for the flush parameter
}

var fakeSink []*[8]uint64

func (f *fakeStore) Load(ctx context.Context, progress func(float64)) error {
	n := int(f.p["entities"])
	f.world = make([][8]uint64, n) // 64 bytes per entity
	d := time.Duration(f.p["load_ms"]) * time.Millisecond
	start := time.Now()
	for time.Since(start) < d {
		if err := ctx.Err(); err != nil {
			return err
		}
		progress(float64(time.Since(start)) / float64(d))
		time.Sleep(time.Millisecond)
	}
	progress(1)
	return nil
}

func (f *fakeStore) Frame() uint64 {
	if f.trace != nil {
		fmt.Fprintf(f.trace, "%s %d start\n", f.backing, f.frame)
	}
	x := f.frame
	for range int(f.p["work"]) * f.factor {
		x = workload.Mix(x)
	}
	if f.p["flush"] == 1 {
		runtime.ReadMemStats(&f.ms)
	}
	fakeSink = fakeSink[:0]
	for range f.p["allocs"] {
		fakeSink = append(fakeSink, new([8]uint64))
	}
	if x == 42 { // keeps the loop; practically never true
		f.world[0][0]++
	}
	sum := workload.Fold(uint64(f.p["seed"]), f.frame)
	if f.trace != nil {
		fmt.Fprintf(f.trace, "%s %d end\n", f.backing, f.frame)
	}
	f.frame++
	return sum
}

func (f *fakeStore) Entities() int { return len(f.world) }

func (f *fakeStore) Scene(dst *workload.Scene) {
	dst.World = workload.Rect{X1: 100, Y1: 100}
	dst.View = workload.Rect{X0: int32(f.frame), X1: int32(f.frame) + 10, Y1: 10}
	dst.Boxes = append(dst.Boxes[:0], workload.Box{X: 1, Y: 2, W: 3, H: 4, Kind: workload.Bullet})
	dst.Total = 1
}
