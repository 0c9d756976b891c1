package lab

import (
	"context"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"

	"localitylab/lab/perfcount"
	"localitylab/lab/rtmetrics"
	"localitylab/workloads/workload"
)

// spawnInProcess runs a worker as a goroutine of the test over real pipes, so that a
// test can count the allocations of both sides of the frame path at once.
func spawnInProcess(c *Config, backing string) (*proc, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	p := newProc(backing, inW, outR, strings.NewReader(""))
	p.kill = func() {
		inR.Close()
		outW.Close()
	}
	go func() {
		err := ServeWorker(inR, outW)
		p.kill()
		p.exit = "returned"
		if err != nil {
			p.exit = "returned " + err.Error()
		}
		close(p.exited)
	}()
	return p, nil
}

// loadedRun starts a paused run of c with workers started by spawn and waits until
// every backing has loaded.
func loadedRun(tb testing.TB, c Config, spawn spawnFunc) *Live {
	tb.Helper()
	c.StartPaused = true
	l, err := start(context.Background(), c, spawn)
	skipIfShortOfMemory(tb, err)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		l.Stop()
		<-l.Done()
	})
	for {
		st := l.Status()
		if st.Phase == Paused {
			return l
		}
		if st.Phase.Ended() {
			tb.Fatalf("run ended while loading: %+v", st)
		}
		<-l.Updates()
	}
}

// TestFramePathAllocs drives the scheduler's rounds directly, with the workers
// in-process, so that testing.AllocsPerRun counts both the coordinator's and the
// workers' allocations per frame: there must be none.
func TestFramePathAllocs(t *testing.T) {
	c := testConfig(t, workload.PtrArray, workload.SoA, workload.SpatialHash)
	c.Frames = 1000
	l := loadedRun(t, c, spawnInProcess)
	// The run is paused and its scheduler waits in waitTurn, touching nothing that
	// round uses; the test takes the scheduler's place.
	f := 0
	allocs := testing.AllocsPerRun(200, func() {
		if err := l.round(f, 3); err != nil {
			t.Fatal(err)
		}
		f += 3
	})
	if allocs != 0 {
		t.Errorf("%v allocations per frame on the frame path, want 0", allocs)
	}
	if got := l.Status().Done; got != f {
		t.Errorf("%d frames recorded, %d run", got, f)
	}
}

// BenchmarkHarness measures what the harness adds to each frame, with a workload
// whose frame does nothing:
//
//   - worker: the in-worker cost, the part next to the timed frame: runtime/metrics
//     read twice, the wall clock and the thread's CPU clock and switch count read
//     twice each, the sample encoded and written (to io.Discard); with counters, the
//     counter group read twice as well; worker-metrics-part is the two metrics reads
//     alone, worker-clock-part the thread clock's four reads; worker-flush-part the
//     flush of the runtime's allocation caches that follows each command but a burst
//     (not on the frame path; see flushAllocs);
//   - process: a round of one frame with one worker process, as a real run does: the frame
//     request and the sample through the pipes, both processes' share, and the
//     coordinator's bookkeeping. This round trip is outside the timed frame, but it
//     bounds the frame rate: a round of n backings costs n of them.
func BenchmarkHarness(b *testing.B) {
	b.Run("worker", func(b *testing.B) { benchmarkWorker(b, false) })
	b.Run("worker-metrics-part", func(b *testing.B) {
		// The two runtime/metrics reads alone, to show their share of "worker".
		r := rtmetrics.New()
		var s rtmetrics.Snapshot
		b.ReportAllocs()
		defer reportCPU(b)()
		for b.Loop() {
			r.Read(&s)
			r.Read(&s)
		}
	})
	b.Run("worker-clock-part", func(b *testing.B) {
		// The thread clock's four reads around a frame (CPU time and involuntary
		// switches, before and after), to show their share of "worker".
		var c threadClock
		b.ReportAllocs()
		defer reportCPU(b)()
		for b.Loop() {
			c.switches()
			c.cpuNS()
			c.cpuNS()
			c.switches()
		}
	})
	b.Run("worker-flush-part", func(b *testing.B) {
		// The flush of the runtime's allocation caches after each command but a
		// burst (flushAllocs), and after a frame that ran a collection.
		w := &worker{}
		b.ReportAllocs()
		defer reportCPU(b)()
		for b.Loop() {
			w.flushAllocs()
		}
	})
	b.Run("worker+counters", func(b *testing.B) { benchmarkWorker(b, true) })
	b.Run("process", func(b *testing.B) { benchmarkRound(b, spawnProcess) })
}

func benchmarkWorker(b *testing.B, counters bool) {
	w := &worker{rd: newReader(strings.NewReader("")), wr: newWriter(io.Discard), rt: rtmetrics.New(), rss: newRSSReader(), loaded: true, cpu: -1}
	defer w.close()
	st, err := fakeSpec.New(fakeSpec.Defaults(), workload.SoA)
	if err != nil {
		b.Fatal(err)
	}
	if err := st.Load(context.Background(), func(float64) {}); err != nil {
		b.Fatal(err)
	}
	w.store = st
	if counters {
		if w.group, err = perfcount.Open(); err != nil {
			b.Skipf("no counters here: %v", err)
		}
	}
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		if w.frames == MaxFrames-1 {
			w.frames = 0 // the frame number only has to match the worker's count
		}
		if err := w.burst(w.frames, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// reportCPU locks the benchmark to its thread and reads the thread's CPU clock; the
// function it returns reports the CPU time per iteration as cpu-ns/op, which a busy
// machine does not inflate as it does ns/op. Call it as defer reportCPU(b)().
func reportCPU(b *testing.B) func() {
	runtime.LockOSThread()
	var c threadClock
	c0 := c.cpuNS()
	return func() {
		if c1 := c.cpuNS(); c0 >= 0 && c1 >= c0 && b.N > 0 {
			b.ReportMetric(float64(c1-c0)/float64(b.N), "cpu-ns/op")
		}
		runtime.UnlockOSThread()
	}
}

// benchmarkRound times a round of one frame with one backing; a run holds at most MaxFrames
// frames, so a long benchmark starts a fresh run (off the clock) when one is full.
func benchmarkRound(b *testing.B, spawn spawnFunc) {
	c := testConfig(b, workload.SoA)
	c.Frames = MaxFrames
	l := loadedRun(b, c, spawn)
	f := 0
	b.ReportAllocs()
	for b.Loop() {
		if f == c.Frames {
			b.StopTimer()
			l.Stop()
			<-l.Done()
			l, f = loadedRun(b, c, spawn), 0
			b.StartTimer()
		}
		if err := l.round(f, 1); err != nil {
			b.Fatal(err)
		}
		f++
	}
}
