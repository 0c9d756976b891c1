package lab

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"localitylab/lab/result"
	"localitylab/lab/runtest"
	"localitylab/lab/summary"
	"localitylab/workloads/workload"
)

// TestForks runs three forks of two backings and checks them from both sides: each
// fork's fresh workers start the world at frame 0 again (the trace shows frames 0 to 3,
// then 0 to 2 twice, per backing), no worker of a fork is started before every worker
// of the fork before has exited (the memory estimate is of one set of workers), rounds
// stay within a fork, each fork has its own warm-up, and every fork's load is timed.
func TestForks(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "trace")
	backings := []string{workload.SoA, workload.PtrArray}
	c := testConfig(t, backings...)
	c.Frames, c.Warmup, c.Burst, c.Forks = 10, 3, 2, 3
	c.WorkerEnv = append(c.WorkerEnv, traceEnv+"="+trace)

	var mu sync.Mutex
	var spawned []*proc
	var early []string
	spawn := func(c *Config, backing string) (*proc, error) {
		mu.Lock()
		defer mu.Unlock()
		fork := len(spawned) / len(backings)
		for k, p := range spawned[:fork*len(backings)] {
			select {
			case <-p.exited:
			default:
				early = append(early, fmt.Sprintf("fork %d's %s started while fork %d's %s ran", fork+1, backing, k/len(backings)+1, p.backing))
			}
		}
		p, err := spawnProcess(c, backing)
		if err == nil {
			spawned = append(spawned, p)
		}
		return p, err
	}
	l, err := start(context.Background(), c, spawn)
	r, err := Follow(l, err, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(early) > 0 || len(spawned) != 3*len(backings) {
		t.Errorf("%d workers spawned (want 6, two per fork); %s", len(spawned), strings.Join(early, "; "))
	}
	want := []result.Fork{{First: 0, Frames: 4, Warmup: 1}, {First: 4, Frames: 3, Warmup: 1}, {First: 7, Frames: 3, Warmup: 1}}
	if !reflect.DeepEqual(r.Forks, want) {
		t.Fatalf("forks %+v, want %+v", r.Forks, want)
	}
	for k, rd := range r.Rounds {
		if r.ForkOf(rd.First) != r.ForkOf(rd.First+rd.Frames-1) {
			t.Errorf("round %d (%+v) spans two forks", k, rd)
		}
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range backings {
		var frames []string
		for _, line := range strings.Split(string(data), "\n") {
			if name, rest, _ := strings.Cut(line, " "); name == b && strings.HasSuffix(rest, " start") {
				frames = append(frames, strings.TrimSuffix(rest, " start"))
			}
		}
		if got := strings.Join(frames, " "); got != "0 1 2 3 0 1 2 0 1 2" {
			t.Errorf("%s ran world frames %s, want 0 to 3, then 0 to 2 in each fresh fork", b, got)
		}
	}
	for _, b := range r.Backings {
		if b.Frames.Len() != c.Frames {
			t.Errorf("%s: %d frames, want %d", b.Name, b.Frames.Len(), c.Frames)
		}
		if len(b.ForkLoadNS) != 3 || b.ForkLoadNS[0] <= 0 || b.ForkLoadNS[1] <= 0 || b.ForkLoadNS[2] <= 0 {
			t.Errorf("%s: fork loads %v, want three timed loads", b.Name, b.ForkLoadNS)
		}
		if len(b.Summary.ForkP50NS) != 3 {
			t.Errorf("%s: fork medians %v, want three", b.Name, b.Summary.ForkP50NS)
		}
		// Per fork: its first frame is warm-up and, in warm mode, the first of each burst of two re-warms.
		if b.Summary.Measured != 4 {
			t.Errorf("%s: %d frames summarised, want 4 (frames 3, 5, 8 and 9: past each fork's warm-up, the second of each burst)",
				b.Name, b.Summary.Measured)
		}
	}
	if err := r.Validate(); err != nil {
		t.Errorf("the run's record does not validate: %v", err)
	}
}

// TestForkFailureStays: a backing whose worker failed in one fork is not started again
// in the next (its frames would no longer line up with the others'); the others run
// every fork.
func TestForkFailureStays(t *testing.T) {
	c := withFault(testConfig(t, workload.SoA, workload.Map), "map:exit@2")
	c.Frames, c.Burst, c.Forks, c.Warmup = 12, 1, 3, 0
	r, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range r.Backings {
		switch {
		case b.Name == workload.Map && (b.Error == "" || b.Frames.Len() != 2 || b.ForkLoadNS[1] != 0 || b.ForkLoadNS[2] != 0):
			t.Errorf("map: error %q, %d frames, loads %v; want its failure, frames 0 and 1, and no load after fork 1",
				b.Error, b.Frames.Len(), b.ForkLoadNS)
		case b.Name == workload.SoA && (b.Error != "" || b.Frames.Len() != 12):
			t.Errorf("soa: error %q, %d frames; want none and 12", b.Error, b.Frames.Len())
		}
	}
}

// TestJoinForks joins three runs of one fork each, as a sweep's passes measure a
// point: the frames and rounds laid end to end, each fork's warm-up its own, the
// loads kept per fork with the median one shown, and a backing that failed in the
// second fork keeping its frames until then and nothing after.
func TestJoinForks(t *testing.T) {
	one := func(k int, fail bool) *result.Run {
		r := runtest.Paired(1, 4, 3, func(_, rd, _ int) float64 { return 2 + 0.01*float64(k) })
		r.Workload, r.Warmup = "fake", 3
		for i := range r.Backings {
			r.Backings[i].Load = result.Load{NS: int64(100 * (3 - k)), Entities: 10 + k}
		}
		if fail {
			b := &r.Backings[1]
			b.Error = "worker b: hung"
			samples := make([]result.Sample, 5)
			for f := range samples {
				samples[f] = result.Sample{Frame: f, NS: 2000, Checksum: uint64(f)}
			}
			b.Frames = result.NewSeries(samples)
		}
		// Timed by the thread's CPU clock, fork 1's frame 5 of a interrupted; each
		// fork's conditions recorded, as a run of one fork records them.
		r.Pinned = fmt.Sprintf("CPU %d", 1-k%2)
		for i := range r.Backings {
			s := &r.Backings[i].Frames
			s.WallNS, s.Switches = slices.Clone(s.NS), make([]uint64, s.Len())
			if i == 0 && k == 1 {
				s.Switches[5] = 2
			}
			r.Backings[i].FrameCPU = &result.FrameCPU{CPU: 1 - k%2, Why: fmt.Sprintf("fork %d's choice", k+1)}
			r.Backings[i].Pages = &result.Pages{Mode: result.PagesHuge, HugeShare: result.Measured([]float64{1, 0.62, 0.97}[k]), HeapBytes: 1 << 20}
		}
		summary.Summarize(r)
		return r
	}
	r := JoinForks([]*result.Run{one(0, false), one(1, true), one(2, false)})
	if err := r.Validate(); err != nil {
		t.Fatalf("joined run does not validate: %v", err)
	}
	want := []result.Fork{{First: 0, Frames: 12, Warmup: 3}, {First: 12, Frames: 12, Warmup: 3}, {First: 24, Frames: 12, Warmup: 3}}
	if !reflect.DeepEqual(r.Forks, want) || r.Frames != 36 || r.Warmup != 9 || len(r.Rounds) != 12 || r.Rounds[4].First != 12 {
		t.Errorf("forks %+v, %d frames (%d warm-up), rounds %+v", r.Forks, r.Frames, r.Warmup, r.Rounds)
	}
	a, b := &r.Backings[0], &r.Backings[1]
	if a.Frames.Len() != 36 || a.Error != "" || !reflect.DeepEqual(a.ForkLoadNS, []int64{300, 200, 100}) || a.Load.Entities != 11 {
		t.Errorf("a: %d frames, error %q, loads %v, load %+v; want 36, none, all three, the median fork's", a.Frames.Len(), a.Error, a.ForkLoadNS, a.Load)
	}
	if b.Frames.Len() != 17 || b.Error == "" || !reflect.DeepEqual(b.ForkLoadNS, []int64{300, 200, 0}) {
		t.Errorf("b: %d frames, error %q, loads %v; want fork 1's 12 and fork 2's 5, its error, no load in fork 3", b.Frames.Len(), b.Error, b.ForkLoadNS)
	}
	if len(a.Summary.ForkP50NS) != 3 || len(r.Ratios) != 1 {
		t.Errorf("summary forks %v, ratios %+v: want three forks summarised, and no ratio for the failed backing", a.Summary.ForkP50NS, r.Ratios)
	}
	// The CPU clock's columns join with the frames, and what is counted over frames
	// is counted over every fork's.
	if len(a.Frames.WallNS) != 36 || len(a.Frames.Switches) != 36 || len(b.Frames.WallNS) != 17 || !a.Frames.Interrupted(17) {
		t.Errorf("wall columns of %d, %d and %d frames, frame 17 interrupted %v; want 36, 36 and 17, and fork 2's frame 5",
			len(a.Frames.WallNS), len(a.Frames.Switches), len(b.Frames.WallNS), a.Frames.Interrupted(17))
	}
	if s := a.Summary; s.Interrupted != 1 || s.Measured != 27 || s.GCFrames != 36 || s.GCCycles != 36 {
		t.Errorf("a: %d of %d frames interrupted, collector over %d frames (%d cycles); want 1 of 27, over all 36 (36)",
			s.Interrupted, s.Measured, s.GCFrames, s.GCCycles)
	}
	// Each fork's conditions are its own record.
	if a.FrameCPU != nil || a.Pages != nil || len(a.ForkFrameCPU) != 3 || len(a.ForkPages) != 3 ||
		a.ForkFrameCPU[1] != (result.FrameCPU{CPU: 0, Why: "fork 2's choice"}) || *a.ForkPages[1].HugeShare != 0.62 {
		t.Errorf("a's conditions: %+v, %+v, fork lists %+v, %+v; want each fork's own", a.FrameCPU, a.Pages, a.ForkFrameCPU, a.ForkPages)
	}
	if lo, hi, _ := a.HugeShareRange(); lo != 0.62 || hi != 1 {
		t.Errorf("a's huge share %v–%v over the forks, want 0.62–1", lo, hi)
	}
	if len(b.ForkPages) != 3 || b.ForkPages[2].Mode != "" || b.ForkFrameCPU[2].Why != "" || *b.ForkPages[1].HugeShare != 0.62 {
		t.Errorf("b's pages %+v, frame CPUs %+v: want fork 3's empty (its worker had failed)", b.ForkPages, b.ForkFrameCPU)
	}
	if r.Pinned != "CPU 1 (forks 1, 3), CPU 0 (fork 2)" {
		t.Errorf("pinned %q, want each CPU with its forks", r.Pinned)
	}
	one1 := JoinForks([]*result.Run{one(0, false)})
	if fc := one1.Backings[0].FrameCPU; one1.Forks != nil || fc == nil || one1.Backings[0].ForkPages != nil || one1.Pinned != "CPU 1" {
		t.Errorf("one fork joined: forks %v, frame CPU %+v, fork pages %+v, pinned %q; want a run of one fork's records",
			one1.Forks, fc, one1.Backings[0].ForkPages, one1.Pinned)
	}
	if err := one1.Validate(); err != nil {
		t.Errorf("one fork joined does not validate: %v", err)
	}
}
