package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"localitylab/internal/exit"
	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/presets"
)

// `sweep -preset NAME -find-budget` answers a lesson's budget claims on the machine in
// front of it. For each claim, presets.FindBudget searches the entities for the size
// from which the claim's slower backing misses the frame budget here, in a few short
// runs of that backing alone. The app's "Find the size on this machine" drives the
// same search. This file prints its progress and what it found.

// budgetClaims are the lesson's budget claims, or an error saying why there are none.
// Claims about a backing the run leaves out are left out too.
func budgetClaims(lesson *presets.Preset, backings []string) ([]presets.Claim, error) {
	if lesson == nil {
		return nil, usagef("-find-budget: needs a lesson with a frame-budget claim (-preset sprites-million)")
	}
	out := presets.BudgetClaims(lesson, backings)
	if len(out) == 0 {
		return nil, usagef("-find-budget: lesson %s has no frame-budget claim about the backings run (%s)", lesson.Name, strings.Join(backings, ", "))
	}
	return out, nil
}

// findBudgets runs the search for every budget claim of the lesson, its progress on
// stderr, what it found on stdout.
func findBudgets(ctx context.Context, run lab.Config, lesson *presets.Preset, runs int, stdout, stderr io.Writer) int {
	claims, _ := budgetClaims(lesson, run.Backings) // prepare checked
	status := exit.OK
	for _, c := range claims {
		started := false
		progress := func(s presets.BudgetStep) {
			if !started {
				started = true
				fmt.Fprintf(stderr, "Searching where %s misses the %s budget, from %s entities:\n", c.Slower, units.Duration(float64(presets.Budget)), units.Count(float64(s.N)))
			}
			printBudgetStep(stderr, s)
		}
		f, err := presets.FindBudget(ctx, run, c.Slower, runs, nil, progress)
		fmt.Fprintf(stdout, "%s\n%s\n\n", wrap("The lesson's claim ("+c.Source+"): "+c.Text, 88), wrap(f.BudgetText(c.Slower, "entities"), 88))
		if err != nil {
			fmt.Fprintf(stderr, "localitylab: the search for %s stopped: %v\n", c.Slower, err)
			if ctx.Err() != nil {
				status, word := stopStatus(ctx)
				fmt.Fprintln(stderr, "localitylab: "+word)
				return status
			}
			status = exit.Worker
		}
	}
	return status
}

// printBudgetStep prints a run of the search once it has ended: its p50, its p95
// (the median of the forks' own, each listed) and whether it keeps the budget, or
// that it did not fit.
func printBudgetStep(stderr io.Writer, s presets.BudgetStep) {
	switch {
	case !s.Done:
		return
	case s.TooBig != nil:
		fmt.Fprintf(stderr, "  %s entities: %v\n", units.Count(float64(s.N)), s.TooBig)
		return
	}
	p := s.Probe
	over := "keeps the budget"
	if p.Stutters() {
		over = "misses it in one frame in twenty or more"
	}
	each := make([]string, len(s.ForkP95s))
	for k, x := range s.ForkP95s {
		each[k] = units.Duration(x)
	}
	fmt.Fprintf(stderr, "  %s entities: p50 %s, p95 %s (the median of the forks' %s): %s\n", units.Count(float64(s.N)),
		units.Duration(p.P50), units.Duration(p.P95), strings.Join(each, ", "), over)
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
