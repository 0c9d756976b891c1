package probe

import (
	"context"
	"errors"
	"runtime"
	"testing"

	"localitylab/lab/result"
)

// TestMeasure runs a short probe of this machine in the test's process and checks
// only what holds on any machine, however busy: a working set inside L1 reads near
// the smallest latency of the ladder, a shuffled chase past the last cache costs at
// least five times that, the record is one a file may hold, and every level has a
// bandwidth. Under the race detector, which adds a call to every load, the shapes
// are not checked, only the record.
func TestMeasure(t *testing.T) {
	if testing.Short() {
		t.Skip("a probe takes seconds")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	reported, why := Reported()
	bound := int64(0)
	if raceDetector {
		bound = 16 << 20 // the record is all that is checked: a smaller one will do
	}
	plan, err := NewPlan(result.ProbeShort, reported, why, bound)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]uint64, plan.BufferBytes()/8)
	steps := 0
	p, err := Measure(context.Background(), plan, buf, newTestClock(), func(s Step) {
		steps++
		if s.Done != steps || s.Done > s.Of {
			t.Errorf("step %d of %d after %d steps", s.Done, s.Of, steps-1)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	p.Pages = result.Pages{Mode: result.PagesSystem} // the caller's to fill
	if err := p.Validate(); err != nil {
		t.Fatalf("the record does not hold: %v", err)
	}
	if len(p.Ladder) != len(plan.Sizes) || len(p.Bandwidth) != len(p.Levels)+1 {
		t.Errorf("%d ladder points for %d sizes, %d bandwidths for %d levels", len(p.Ladder), len(plan.Sizes), len(p.Bandwidth), len(p.Levels))
	}
	if raceDetector {
		return
	}
	least := p.Ladder[0].NS
	for _, q := range p.Ladder {
		least = min(least, q.NS)
	}
	l1, mem := p.Ladder[0], p.Ladder[len(p.Ladder)-1]
	if l1.NS > 1.5*least {
		t.Errorf("4 KiB reads at %.2f ns, more than 1.5 times the ladder's least, %.2f ns", l1.NS, least)
	}
	if mem.NS < 5*l1.NS {
		t.Errorf("%d bytes read at %.2f ns a load, under five times 4 KiB's %.2f ns", mem.Bytes, mem.NS, l1.NS)
	}
}

// TestMeasureStops: a cancelled context stops the probe between measurements with
// the context's error.
func TestMeasureStops(t *testing.T) {
	plan, err := NewPlan(result.ProbeShort, amd, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	buf := make([]uint64, plan.BufferBytes()/8)
	_, err = Measure(ctx, plan, buf, NewWallClock(), func(s Step) {
		if s.Done == 2 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
	if _, err := Measure(context.Background(), plan, buf[:10], NewWallClock(), nil); err == nil {
		t.Error("a buffer too small was taken")
	}
}
