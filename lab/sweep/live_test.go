package sweep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"localitylab/lab"
	"localitylab/lab/result"
)

// TestSweep runs a small sweep to its end and checks what every point holds: each
// backing's figures, consistent with one another, an interval around the median,
// the pairs of backings, and a file that reads back as written.
func TestSweep(t *testing.T) {
	c := testConfig(t, "entities", []int64{500, 1500, 4000}, "ptrarray", "slotmap", "soa")
	var seen []Status
	s, err := Run(context.Background(), c, func(st Status) { seen = append(seen, st) })
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Points) != 3 || s.Stopped != "" || s.Param != "entities" || !s.LogX {
		t.Fatalf("sweep = %d points, stopped %q, param %s, log x %v", len(s.Points), s.Stopped, s.Param, s.LogX)
	}
	if _, ok := s.Params["entities"]; ok || s.Params["on_screen"] != 100 {
		t.Errorf("fixed params = %v: want the run's, without the swept one", s.Params)
	}
	for i, p := range s.Points {
		if p.Value != c.Values[i] || p.Entities != int(p.Value) || p.Frames != 24 || p.Rounds < 2 || p.Measured < 1 {
			t.Errorf("point %d = value %d, %d entities, %d frames, %d rounds (%d measured)", i, p.Value, p.Entities, p.Frames, p.Rounds, p.Measured)
		}
		for _, b := range p.Backings {
			want := b.P50NS / float64(p.Entities)
			if b.Error != "" || math.Abs(b.NSPerEntity-want) > 1e-9*want || b.NSPerEntityLo > b.NSPerEntity || b.NSPerEntity > b.NSPerEntityHi || b.NSPerEntityLo <= 0 {
				t.Errorf("point %d %s: %+v (want ns/entity = p50/entities within its interval)", i, b.Name, b)
			}
			if b.WorkingSetBytes != b.BytesPerEntity*float64(p.Entities) || b.BytesPerEntity <= 0 {
				t.Errorf("point %d %s: working set %v, bytes/entity %v", i, b.Name, b.WorkingSetBytes, b.BytesPerEntity)
			}
			if b.Ratio == nil || b.Ratio.Backing != b.Name {
				t.Errorf("point %d %s: ratio %+v", i, b.Name, b.Ratio)
			}
			// The span, read once per point from the worker: the pointer array's
			// objects lie scattered over at least their 24 bytes each; soa's walk
			// covers one int32 column.
			switch b.Name {
			case "ptrarray":
				if b.SpanBytes < 24*float64(p.Entities) {
					t.Errorf("point %d ptrarray: span %v, want at least %d", i, b.SpanBytes, 24*p.Entities)
				}
			case "soa":
				if b.SpanBytes != 4*float64(p.Entities-1) {
					t.Errorf("point %d soa: span %v, want %d", i, b.SpanBytes, 4*(p.Entities-1))
				}
			}
		}
		if len(p.Pairs) != 3 {
			t.Errorf("point %d: %d pairs, want 3", i, len(p.Pairs))
		}
	}
	for _, m := range s.Markers {
		if m.By != result.MarkerBySpan {
			t.Errorf("marker %+v: want every backing here placed by its span", m)
		}
	}
	if s.Host.Go == "" || s.DurationNS <= 0 {
		t.Errorf("host %+v, duration %d: want both recorded", s.Host, s.DurationNS)
	}
	checkMachineFacts(t, s)
	last := seen[len(seen)-1]
	if last.Phase != Done || len(last.Done) != 3 {
		t.Errorf("last status = %v with %d points done", last.Phase, len(last.Done))
	}
	var buf bytes.Buffer
	if err := result.WriteSweepJSON(&buf, s); err != nil {
		t.Fatal(err)
	}
	back, err := result.ReadSweepJSON(&buf)
	if err != nil {
		t.Fatalf("the sweep's own file does not read back: %v", err)
	}
	if len(back.Points) != 3 || back.Points[2].Backings[1].NSPerEntity != s.Points[2].Backings[1].NSPerEntity {
		t.Error("the file read back differs from the sweep written")
	}
	if back.Clock != s.Clock || !reflect.DeepEqual(back.LoadAverage, s.LoadAverage) || !reflect.DeepEqual(back.Caches, s.Caches) ||
		!reflect.DeepEqual(back.Points[0].Backings[0].FrameCPU, s.Points[0].Backings[0].FrameCPU) {
		t.Error("the file read back lost a machine fact")
	}
}

// TestBudget: without a frame count each point runs until it has MinRounds measured
// rounds and its share of the budget is spent; with a budget of nothing, that is
// MinRounds and little more, never MaxRounds.
func TestBudget(t *testing.T) {
	c := testConfig(t, "entities", []int64{500, 1000}, "soa")
	c.Frames, c.Warmup, c.Budget = 0, 0, time.Nanosecond
	s, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Points {
		if p.Measured < MinRounds || p.Measured >= MaxRounds {
			t.Errorf("%d entities: %d measured rounds, want at least %d and well under %d", p.Value, p.Measured, MinRounds, MaxRounds)
		}
	}
}

// TestStopDropsPointInProgress: a point stopped half-way is not kept, since its
// figures would be a shorter run's than the others'.
func TestStopDropsPointInProgress(t *testing.T) {
	c := testConfig(t, "entities", []int64{500, 1000}, "soa")
	c.Frames = 100_000 // long enough to be stopped in the middle
	l, err := Start(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.After(60 * time.Second)
	for st := l.Status(); st.Run.Phase != lab.Running || st.Run.Done < 50; st = l.Status() {
		select {
		case <-l.Updates():
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			t.Fatal("timed out waiting for the first point to run")
		}
	}
	l.Stop()
	s, err := l.Wait()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Wait error = %v, want context.Canceled", err)
	}
	if len(s.Points) != 0 || s.Stopped != "stopped after 0 of 2 points" {
		t.Errorf("stopped sweep: %d points, stopped %q", len(s.Points), s.Stopped)
	}
}

// TestStopAfterAPoint: the points done before a stop are kept, and the sweep says
// how far it got.
func TestStopAfterAPoint(t *testing.T) {
	c := testConfig(t, "entities", []int64{500, 1000, 2000}, "soa")
	l, err := Start(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.After(60 * time.Second)
	for len(l.Status().Done) == 0 {
		select {
		case <-l.Updates():
		case <-deadline:
			t.Fatal("timed out waiting for the first point")
		}
	}
	l.Stop()
	s, err := l.Wait()
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if len(s.Points) == 0 || s.Points[0].Value != 500 {
		t.Fatalf("points = %+v, want the first kept", s.Points)
	}
	if errors.Is(err, context.Canceled) && !strings.HasPrefix(s.Stopped, "stopped after ") {
		t.Errorf("stopped = %q", s.Stopped)
	}
	if a := s.LoadAverage; hasLoadAverage() && (a == nil || a.End == nil) {
		t.Errorf("a stopped sweep: load average %+v, want its start and end", a)
	}
}

// hasLoadAverage reports whether the system gives a load average to record.
func hasLoadAverage() bool { return lab.StartLoadAverage() != nil }

// checkMachineFacts: a sweep records what timed its frames, as a run's series say;
// the load average as it started and ended; each cache's line, the same in its
// caches as in its host; and where every backing's frames ran at every point, in
// the form the point's forks call for.
func checkMachineFacts(t *testing.T, s *result.Sweep) {
	t.Helper()
	wantClock := result.ClockWall
	if lab.CPUClock() {
		wantClock = result.ClockThreadCPU
	}
	if s.Clock != wantClock {
		t.Errorf("frame clock %q, want %q", s.Clock, wantClock)
	}
	if a := s.LoadAverage; hasLoadAverage() && (a == nil || a.End == nil) {
		t.Errorf("load average %+v, want its start and end", a)
	}
	if len(s.Caches) != len(s.Host.Caches) {
		t.Fatalf("caches %+v, host's %+v: want the same levels", s.Caches, s.Host.Caches)
	}
	for i, c := range s.Caches {
		if c.LineBytes != s.Host.Caches[i].LineBytes {
			t.Errorf("%s: line %d, the host's %d", c.Name, c.LineBytes, s.Host.Caches[i].LineBytes)
		}
	}
	for _, p := range s.Points {
		for _, b := range p.Backings {
			cpus := b.FrameCPUs()
			if len(cpus) != max(1, p.Forks) || (p.Forks > 1) != (b.ForkFrameCPU != nil) {
				t.Errorf("%d %s: frame CPU %+v, per fork %+v; want one record per fork", p.Value, b.Name, b.FrameCPU, b.ForkFrameCPU)
				continue
			}
			for _, c := range cpus {
				if c.Why == "" {
					t.Errorf("%d %s: frame CPU %+v says nothing of where it ran", p.Value, b.Name, c)
				}
			}
		}
	}
}

// TestMismatchFails: a point whose backings did different work ends the sweep with
// the mismatch, naming the point.
func TestMismatchFails(t *testing.T) {
	c := testConfig(t, "entities", []int64{500, 1000}, "ptrarray", "soa")
	c.Run.WorkerEnv = append(c.Run.WorkerEnv, lab.FaultEnv+"=soa:checksum@6")
	_, err := Run(context.Background(), c, nil)
	var mm *lab.MismatchError
	if !errors.As(err, &mm) || !strings.HasPrefix(err.Error(), "entities = 500: checksum mismatch at frame 6") {
		t.Fatalf("err = %v, want the mismatch at entities = 500", err)
	}
}

// TestWorkerFailureIsNamed: a worker that fails at a point marks that backing there;
// the others are measured and the sweep goes on.
func TestWorkerFailureIsNamed(t *testing.T) {
	c := testConfig(t, "entities", []int64{500, 1000}, "ptrarray", "soa")
	c.Run.WorkerEnv = append(c.Run.WorkerEnv, lab.FaultEnv+"=soa:exit@5") // each of the three passes runs frames 0 to 7
	s, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Points) != 2 {
		t.Fatalf("%d points, want 2", len(s.Points))
	}
	for _, p := range s.Points {
		if p.Backings[1].Error == "" || p.Backings[0].Error != "" || !p.Backings[0].Measured() {
			t.Errorf("%d entities: %+v, want soa failed and ptrarray measured", p.Value, p.Backings)
		}
	}
}

// TestSkipsWhatDoesNotFit: a point the lab refuses for lack of memory is skipped and
// named, and the sweep goes on.
func TestSkipsWhatDoesNotFit(t *testing.T) {
	defer func(s func(context.Context, lab.Config) (*lab.Live, error)) { startRun = s }(startRun)
	startRun = func(ctx context.Context, c lab.Config) (*lab.Live, error) {
		if c.Params["entities"] == 1000 {
			return nil, &lab.MemoryError{Backings: c.Backings, Estimates: []int64{1 << 40}, Need: 1 << 40, Available: 1 << 30}
		}
		return lab.Start(ctx, c)
	}
	c := testConfig(t, "entities", []int64{500, 1000, 1500}, "soa")
	s, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Points) != 3 || !strings.Contains(s.Points[1].Skipped, "the run needs about 1.00 TiB") || len(s.Points[1].Backings) != 0 {
		t.Fatalf("points = %+v, want the middle one skipped with the lab's reason", s.Points)
	}
	if !s.Points[0].Backings[0].Measured() || !s.Points[2].Backings[0].Measured() {
		t.Error("the points around the skipped one were not measured")
	}
	if err := s.Validate(); err != nil {
		t.Errorf("a sweep with a skipped point does not validate: %v", err)
	}
	if got := slices.IndexFunc(s.Points, func(p result.Point) bool { return p.Skipped != "" }); got != 1 {
		t.Errorf("skipped point at %d", got)
	}
}

// TestPassesInterleave: every point runs one fork per pass, the passes in alternating
// directions (up, down, up), so that the points interleave in time; each point keeps
// its three forks' figures, and the sweep reports each backing's drift between its
// first pass and its last.
func TestPassesInterleave(t *testing.T) {
	c := testConfig(t, "entities", []int64{500, 1000, 1500}, "ptrarray", "soa")
	var visits []string
	s, err := Run(context.Background(), c, func(st Status) {
		if st.Phase != Running {
			return
		}
		v := fmt.Sprintf("%d:%d", st.Pass, st.Point)
		if len(visits) == 0 || visits[len(visits)-1] != v {
			visits = append(visits, v)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(visits, " "), "0:0 0:1 0:2 1:2 1:1 1:0 2:0 2:1 2:2"; got != want {
		t.Errorf("pass:point visited %s, want %s", got, want)
	}
	if s.Forks != 3 || len(s.Drift) != 2 || s.Drift[0].Points != 3 || !(s.Drift[0].Ratio > 0) {
		t.Errorf("forks %d, drift %+v: want three passes and each backing's drift over three points", s.Forks, s.Drift)
	}
	for _, p := range s.Points {
		if p.Forks != 3 || p.Frames != 24 || p.Warmup != 4 {
			t.Errorf("%d: %d forks, %d frames, %d warm-up; want 3 forks of 8 frames, the 4 warm-up frames split 2, 1, 1", p.Value, p.Forks, p.Frames, p.Warmup)
		}
		for _, b := range p.Backings {
			if len(b.ForkNSPerEntity) != 3 || slices.Min(b.ForkNSPerEntity) < b.NSPerEntityLo || slices.Max(b.ForkNSPerEntity) > b.NSPerEntityHi {
				t.Errorf("%d %s: forks %v, interval %v–%v: want three, within the interval", p.Value, b.Name, b.ForkNSPerEntity, b.NSPerEntityLo, b.NSPerEntityHi)
			}
			for k, x := range b.ForkNSPerEntity {
				if len(b.ForkNSPerEntityLo) != 3 || !(b.ForkNSPerEntityLo[k] <= x && x <= b.ForkNSPerEntityHi[k]) {
					t.Errorf("%d %s: fork %d at %v, its own interval %v–%v", p.Value, b.Name, k, x, b.ForkNSPerEntityLo, b.ForkNSPerEntityHi)
				}
			}
			// Each pass's pages are kept, and the frames counted over every pass.
			if b.Pages != nil || len(b.ForkPages) != 3 || b.ForkPages[0].Mode == "" || b.ForkPages[2].Mode == "" {
				t.Errorf("%d %s: pages %+v, per fork %+v; want each pass's record", p.Value, b.Name, b.Pages, b.ForkPages)
			}
			if b.MeasuredFrames < 3*4 || b.Interrupted > b.MeasuredFrames {
				t.Errorf("%d %s: %d of %d frames interrupted; want at least the three passes' 4 kept frames each", p.Value, b.Name, b.Interrupted, b.MeasuredFrames)
			}
		}
	}
	checkMachineFacts(t, s)
	var buf bytes.Buffer
	if err := result.WriteSweepJSON(&buf, s); err != nil {
		t.Fatal(err)
	}
	if back, err := result.ReadSweepJSON(&buf); err != nil || len(back.Drift) != 2 || back.Points[0].Backings[0].ForkNSPerEntity[2] != s.Points[0].Backings[0].ForkNSPerEntity[2] {
		t.Errorf("the file does not read back with its forks and drift: %v", err)
	}
}
