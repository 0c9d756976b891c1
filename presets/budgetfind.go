package presets

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/stats"
	"localitylab/workloads"
)

// A lesson's budget claim ("the pan stutters") answered on the machine in front of
// it: FindBudget searches the entities for the size from which the claim's slower
// backing misses the frame budget here (SearchBudget), a few short runs of that
// backing alone. `sweep -find-budget` and the app's "Find the size on this machine"
// both drive it, so that they measure the same runs and say the same sentence
// (BudgetFound.BudgetText). A fixed size tests such a claim on one kind of machine
// only: a million sprites miss the budget on one laptop and take a seventh of it on
// a fast desktop.

// Each run of the search: its frames (warm-up included) over its forks, how many runs
// at most by default, and the smallest size it tries. A run is three forks of 40
// frames, each fresh workers, and its p95 is the median of the forks' own: on a busy
// machine one fork's tail can be another process's doing (measured here: a run of one
// fork at 600,000 sprites read p95 21.6 ms over a p50 of 10.3 ms, and put the stutter
// at half the size two other searches found), and the median of three is not moved
// by one.
const (
	BudgetFrames  = 120
	BudgetWarmup  = 24
	BudgetForks   = 3
	BudgetRuns    = 8
	BudgetMinSize = 1000
)

// BudgetStep is what the search is doing, for its progress: a run starting at N
// (Done false), or its end with what it measured (Probe and ForkP95s), or TooBig, why
// the machine could not hold N.
type BudgetStep struct {
	Backing  string
	N        int64
	Run      int // this run's number among those the search counts (the ones measured), from 1
	Runs     int // the most runs it makes
	Done     bool
	Probe    Probe
	ForkP95s []float64
	TooBig   error
}

// BudgetMeasure runs backing alone at n entities and returns its probe and each
// fork's p95; ProbeBudget is the real one, tests pass their own.
type BudgetMeasure func(ctx context.Context, run lab.Config, backing string, n int64) (Probe, []float64, error)

// FindBudget searches the entities of run's workload for the size from which backing
// misses the budget, from run's own entities (or the workload's default), at most
// runs runs of measure (nil: ProbeBudget); progress, if not nil, is called on the
// calling goroutine before and after each run. The error is the one that ended the
// search early (the context's when it was cancelled); what was found until then is
// returned with it.
func FindBudget(ctx context.Context, run lab.Config, backing string, runs int, measure BudgetMeasure, progress func(BudgetStep)) (BudgetFound, error) {
	spec, err := workloads.Lookup(run.Workload)
	if err != nil {
		return BudgetFound{}, err
	}
	ents, ok := spec.Param("entities")
	if !ok {
		return BudgetFound{}, fmt.Errorf("workload %s has no entities to search", run.Workload)
	}
	start := run.Params["entities"]
	if start == 0 {
		start = ents.Default
	}
	if measure == nil {
		measure = ProbeBudget
	}
	if progress == nil {
		progress = func(BudgetStep) {}
	}
	measured := 0
	probe := func(n int64) (Probe, error) {
		if err := ctx.Err(); err != nil {
			return Probe{}, err
		}
		step := BudgetStep{Backing: backing, N: n, Run: measured + 1, Runs: runs}
		progress(step)
		p, forks, err := measure(ctx, run, backing, n)
		step.Done = true
		switch {
		case errors.Is(err, ErrTooBig):
			step.TooBig = err
		case err != nil:
			return p, err
		default:
			measured++
			step.Probe, step.ForkP95s = p, forks
		}
		progress(step)
		return p, err
	}
	return SearchBudget(start, max(ents.Min, BudgetMinSize), ents.Max, runs, probe)
}

// ProbeBudget runs backing alone at n entities, BudgetForks forks of BudgetFrames
// frames in all, and returns its p50 and the median of its forks' p95s, with the
// forks' p95s; a run that would not fit in memory is ErrTooBig (wrapping the
// lab's reason).
func ProbeBudget(ctx context.Context, run lab.Config, backing string, n int64) (Probe, []float64, error) {
	c := run
	c.Backings, c.Params = []string{backing}, run.Params.Clone()
	c.Params["entities"] = n
	c.Frames, c.Warmup, c.Forks = BudgetFrames, BudgetWarmup, BudgetForks
	c.PreviewEvery, c.LayoutEvery, c.StartPaused = 0, 0, false
	r, err := lab.Run(ctx, c, nil)
	var me *lab.MemoryError
	switch {
	case errors.As(err, &me):
		return Probe{}, nil, fmt.Errorf("%w (%v)", ErrTooBig, err)
	case err != nil:
		return Probe{}, nil, err
	case len(r.Backings) != 1 || r.Backings[0].Error != "" || r.Backings[0].Summary.Measured == 0:
		why := "no frames measured"
		if len(r.Backings) == 1 && r.Backings[0].Error != "" {
			why = r.Backings[0].Error
		}
		return Probe{}, nil, fmt.Errorf("%s at %s entities: %s", backing, units.Count(float64(n)), why)
	}
	forks := forkP95s(r)
	sorted := slices.Sorted(slices.Values(forks))
	return Probe{N: n, P50: r.Backings[0].Summary.P50NS, P95: stats.Quantile(sorted, 0.5)}, forks, nil
}

// forkP95s is the p95 of the run's one backing's kept frames in each fork that has any.
func forkP95s(r *result.Run) []float64 {
	ns := r.Backings[0].Frames.NS
	var out []float64
	for k := range r.NumForks() {
		lo, hi := r.ForkSpan(k)
		var kept []float64
		for f := lo; f < min(hi, len(ns)); f++ {
			if r.Excluded(f) == result.Kept {
				kept = append(kept, float64(ns[f]))
			}
		}
		if len(kept) > 0 {
			slices.Sort(kept)
			out = append(out, stats.Quantile(kept, 0.95))
		}
	}
	return out
}
