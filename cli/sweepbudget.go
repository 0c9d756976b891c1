package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"localitylab/internal/exit"
	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/stats"
	"localitylab/presets"
	"localitylab/workloads"
)

// `sweep -preset NAME -find-budget` answers a lesson's budget claims on the machine in
// front of it: for each, it searches the entities for the size from which the claim's
// slower backing misses the frame budget here (presets.SearchBudget), a few short runs
// of that backing alone, and says it. A fixed size tests the claim on one kind of
// machine only: a million sprites miss the budget on one laptop and take a seventh of
// it on a fast desktop.

// Each run of the search: its frames (warm-up included) over its forks, how many runs
// at most by default (-budget-runs), and the smallest size it tries. A run is three
// forks of 40 frames, each fresh workers, and its p95 is the median of the forks' own:
// on a busy machine one fork's tail can be another process's doing (measured here: a
// run of one fork at 600,000 sprites read p95 21.6 ms over a p50 of 10.3 ms, and put
// the stutter at half the size two other searches found), and the median of three
// is not moved by one.
const (
	budgetFrames  = 120
	budgetWarmup  = 24
	budgetForks   = 3
	budgetRuns    = 8
	budgetMinSize = 1000
)

// budgetClaims are the lesson's budget claims, or an error saying why there are none.
// Claims about a backing the run leaves out are left out too.
func budgetClaims(lesson *presets.Preset, backings []string) ([]presets.Claim, error) {
	if lesson == nil {
		return nil, usagef("-find-budget: needs a lesson with a frame-budget claim (-preset sprites-million)")
	}
	var out []presets.Claim
	for _, c := range presets.ClaimsAbout(lesson.Claims, backings) {
		if c.Metric == "budget" {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, usagef("-find-budget: lesson %s has no frame-budget claim about the backings run (%s)", lesson.Name, strings.Join(backings, ", "))
	}
	return out, nil
}

// findBudgets runs the search for every budget claim of the lesson, its progress on
// stderr, what it found on stdout.
func findBudgets(ctx context.Context, run lab.Config, lesson *presets.Preset, runs int, stdout, stderr io.Writer) int {
	claims, _ := budgetClaims(lesson, run.Backings) // prepare checked
	spec, err := workloads.Lookup(run.Workload)
	if err != nil {
		return complain(err, stderr)
	}
	ents, _ := spec.Param("entities")
	start := run.Params["entities"]
	if start == 0 {
		start = ents.Default
	}
	done := map[string]bool{}
	status := exit.OK
	for _, c := range claims {
		if done[c.Slower] {
			continue
		}
		done[c.Slower] = true
		fmt.Fprintf(stderr, "Searching where %s misses the %s budget, from %s entities:\n", c.Slower, units.Duration(float64(presets.Budget)), units.Count(float64(start)))
		measure := func(n int64) (presets.Probe, error) { return probeBudget(ctx, run, c.Slower, n, stderr) }
		f, err := presets.SearchBudget(start, max(ents.Min, budgetMinSize), ents.Max, runs, measure)
		fmt.Fprintf(stdout, "%s\n%s\n\n", wrap("The lesson's claim ("+c.Source+"): "+c.Text, 88), wrap(f.BudgetText(c.Slower, "entities"), 88))
		if err != nil {
			fmt.Fprintf(stderr, "localitylab: the search for %s stopped: %v\n", c.Slower, err)
			if ctx.Err() != nil {
				return exit.Interrupted
			}
			status = exit.Worker
		}
	}
	return status
}

// probeBudget runs backing alone at n entities, budgetForks forks of budgetFrames
// frames in all, and returns its p50 and the median of its forks' p95s; a run that
// would not fit in memory is presets.ErrTooBig.
func probeBudget(ctx context.Context, run lab.Config, backing string, n int64, stderr io.Writer) (presets.Probe, error) {
	c := run
	c.Backings, c.Params = []string{backing}, run.Params.Clone()
	c.Params["entities"] = n
	c.Frames, c.Warmup, c.Forks = budgetFrames, budgetWarmup, budgetForks
	r, err := lab.Run(ctx, c, nil)
	var me *lab.MemoryError
	switch {
	case errors.As(err, &me):
		fmt.Fprintf(stderr, "  %s entities: does not fit (%v)\n", units.Count(float64(n)), err)
		return presets.Probe{}, presets.ErrTooBig
	case err != nil:
		return presets.Probe{}, err
	case len(r.Backings) != 1 || r.Backings[0].Error != "" || r.Backings[0].Summary.Measured == 0:
		why := "no frames measured"
		if len(r.Backings) == 1 && r.Backings[0].Error != "" {
			why = r.Backings[0].Error
		}
		return presets.Probe{}, fmt.Errorf("%s at %s entities: %s", backing, units.Count(float64(n)), why)
	}
	forks := forkP95s(r)
	sorted := slices.Sorted(slices.Values(forks))
	p := presets.Probe{N: n, P50: r.Backings[0].Summary.P50NS, P95: stats.Quantile(sorted, 0.5)}
	over := "keeps the budget"
	if p.Stutters() {
		over = "misses it in one frame in twenty or more"
	}
	each := make([]string, len(forks))
	for k, x := range forks {
		each[k] = units.Duration(x)
	}
	fmt.Fprintf(stderr, "  %s entities: p50 %s, p95 %s (the median of the forks' %s): %s\n", units.Count(float64(n)),
		units.Duration(p.P50), units.Duration(p.P95), strings.Join(each, ", "), over)
	return p, nil
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

// checkFindBudget refuses the flags the search would ignore: it chooses its sizes
// and the length of its runs itself (-entities gives the size it starts from), and
// writes no files.
func (o *sweepOpts) checkFindBudget(set map[string]bool) error {
	if o.budgetRuns < 1 || o.budgetRuns > 20 {
		return usagef("-budget-runs: %d (want 1 to 20)", o.budgetRuns)
	}
	for _, f := range []string{"param", "values", "budget", "frames", "warmup", "forks"} {
		if set[f] {
			return usagef("-%s: -find-budget chooses the sizes and lengths of its runs itself: leave it out", f)
		}
	}
	for flag, path := range o.files.paths {
		if *path != "" {
			return usagef("-%s: -find-budget writes no files; it prints what it found", flag)
		}
	}
	return nil
}
