package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"localitylab/internal/exit"
	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/presets"
	"localitylab/workloads"
)

// `sweep -preset NAME -find-budget` answers a lesson's budget claims on the machine in
// front of it: for each, it searches the entities for the size from which the claim's
// slower backing misses the frame budget here (presets.SearchBudget), a few short runs
// of that backing alone, and says it. A fixed size tests the claim on one kind of
// machine only: a million sprites miss the budget on one laptop and take a seventh of
// it on a fast desktop.

// Each run of the search: its frames (warm-up included), how many runs at most by
// default (-budget-runs), and the smallest size it tries.
const (
	budgetFrames  = 60
	budgetWarmup  = 12
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

// probeBudget runs backing alone at n entities, one fork of budgetFrames frames, and
// returns its frame times; a run that would not fit in memory is presets.ErrTooBig.
func probeBudget(ctx context.Context, run lab.Config, backing string, n int64, stderr io.Writer) (presets.Probe, error) {
	c := run
	c.Backings, c.Params = []string{backing}, run.Params.Clone()
	c.Params["entities"] = n
	c.Frames, c.Warmup, c.Forks = budgetFrames, budgetWarmup, 1
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
	s := r.Backings[0].Summary
	over := "keeps the budget"
	p := presets.Probe{N: n, P50: s.P50NS, P95: s.P95NS}
	if p.Stutters() {
		over = "misses it in one frame in twenty or more"
	}
	fmt.Fprintf(stderr, "  %s entities: p50 %s, p95 %s: %s\n", units.Count(float64(n)), units.Duration(s.P50NS), units.Duration(s.P95NS), over)
	return p, nil
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
