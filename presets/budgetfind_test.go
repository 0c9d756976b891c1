package presets

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"localitylab/lab"
	"localitylab/workloads/workload"
)

// linear is a backing whose p95 grows in proportion to the entities: 20 ns each, so
// that it misses the 16.7 ms budget from about 833,000.
func linear(_ context.Context, _ lab.Config, _ string, n int64) (Probe, []float64, error) {
	p95 := 20 * float64(n)
	return Probe{N: n, P50: p95 * 0.9, P95: p95}, []float64{p95, p95, p95}, nil
}

// TestFindBudget: the driver searches from the run's entities, reports every run
// before and after it with its number, and ends the search on a failure or a
// cancelled context, returning what it had.
func TestFindBudget(t *testing.T) {
	run := lab.Config{Workload: "sprites", Params: workload.Params{"entities": 100000}}
	var steps []BudgetStep
	f, err := FindBudget(context.Background(), run, "ptrarray", 8, linear, func(s BudgetStep) { steps = append(steps, s) })
	if err != nil || !f.Found() {
		t.Fatalf("FindBudget = %+v, %v; want a bracket", f, err)
	}
	if f.Under.N >= 835000 || f.Over.N <= 835000 {
		t.Errorf("bracket %d..%d, want it around 835,000", f.Under.N, f.Over.N)
	}
	if len(steps) != 2*len(f.Probes) || steps[0].N != 100000 || steps[0].Done || !steps[1].Done {
		t.Fatalf("steps %+v: want a start and an end per run, from 100,000", steps)
	}
	for k, s := range steps {
		if s.Run != k/2+1 || s.Runs != 8 || s.Backing != "ptrarray" {
			t.Errorf("step %d = %+v: want run %d of 8 of ptrarray", k, s, k/2+1)
		}
		if s.Done && s.Probe.P95 != 20*float64(s.N) {
			t.Errorf("step %d: probe %+v not the one measured", k, s.Probe)
		}
	}

	// A run that does not fit is reported, not counted, and ends the range.
	tooBig := func(ctx context.Context, c lab.Config, b string, n int64) (Probe, []float64, error) {
		if n > 400000 {
			return Probe{}, nil, fmt.Errorf("%w (needs more memory)", ErrTooBig)
		}
		return linear(ctx, c, b, n)
	}
	steps = nil
	f, err = FindBudget(context.Background(), run, "ptrarray", 8, tooBig, func(s BudgetStep) { steps = append(steps, s) })
	if err != nil || f.Found() || f.Under == nil || f.Limit > 400000 {
		t.Fatalf("too big: %+v, %v; want the most that fits and no bracket", f, err)
	}
	var saw bool
	for _, s := range steps {
		saw = saw || (s.Done && s.TooBig != nil)
	}
	if !saw {
		t.Errorf("too big: no step said so: %+v", steps)
	}

	// A failure ends the search with the probes made before it.
	broken := errors.New("worker 1 died")
	fails := func(ctx context.Context, c lab.Config, b string, n int64) (Probe, []float64, error) {
		if n > 100000 {
			return Probe{}, nil, broken
		}
		return linear(ctx, c, b, n)
	}
	f, err = FindBudget(context.Background(), run, "ptrarray", 8, fails, nil)
	if !errors.Is(err, broken) || len(f.Probes) != 1 {
		t.Errorf("failure: %+v, %v; want one probe and the worker's error", f, err)
	}

	// A cancelled context stops before the next run.
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	stops := func(c context.Context, cfg lab.Config, b string, size int64) (Probe, []float64, error) {
		n++
		cancel()
		return linear(c, cfg, b, size)
	}
	if _, err := FindBudget(ctx, run, "ptrarray", 8, stops, nil); !errors.Is(err, context.Canceled) || n != 1 {
		t.Errorf("cancelled: %v after %d runs; want context.Canceled after 1", err, n)
	}
}

// TestBudgetClaims: one claim per slower backing, only about the backings run.
func TestBudgetClaims(t *testing.T) {
	p, err := Lookup("sprites-million")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		backings []string
		want     int
	}{
		{[]string{"ptrarray", "soa", "spatialhash"}, 2},
		{[]string{"ptrarray", "spatialhash"}, 1},
		{[]string{"spatialhash", "map"}, 0},
	} {
		if got := BudgetClaims(&p, tc.backings); len(got) != tc.want {
			t.Errorf("BudgetClaims(%v) = %d claims, want %d", tc.backings, len(got), tc.want)
		}
	}
	if BudgetClaims(nil, nil) != nil {
		t.Error("BudgetClaims(nil) not nil")
	}
}
