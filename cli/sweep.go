package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"localitylab/charts"
	"localitylab/charts/export"
	"localitylab/internal/atomicfile"
	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/sweep"
	"localitylab/launch"
	"localitylab/presets"
)

// sweepOpts are the sweep command's flags: a run's (shared with bench), the
// parameter and its values, the time budget, and the sweep's output files.
type sweepOpts struct {
	benchOpts
	param  string
	values string
	budget time.Duration
	files  sweepOutputs
	// findBudget: instead of a sweep, search the entities for the size at which each
	// of the lesson's budget claims would hold here (see findBudgets).
	findBudget bool
	budgetRuns int

	s   sweep.Config // the sweep, once prepared
	run lab.Config   // with findBudget, the lesson's run
}

func sweepFlags(w io.Writer) (*flag.FlagSet, *sweepOpts) {
	fs, o := newFlags[sweepOpts]("sweep", w)
	o.runFlags(fs)
	fs.StringVar(&o.param, "param", "", "the workload parameter to sweep, e.g. entities, moving_pct, cold_bytes, or pages: the page mode of each point's whole run (required unless -preset gives it)")
	fs.StringVar(&o.values, "values", "", "comma-separated `VALUES` of -param, at least two (1000,10k,1M: k and M multiply by a thousand and a million); "+
		"default a range for the parameter: entities from 1,000 to the workload's default in 1-2-5 steps, moving_pct 0,1,2,5,10,20,50, cold_bytes 0,8,16,32,64,128,256; "+
		"for -param pages, page modes: huge,small (the default) or system")
	fs.DurationVar(&o.budget, "budget", sweep.DefaultBudget, "time to spend running frames, shared among the points (loads come on top); each point runs at least "+
		strconv.Itoa(sweep.MinRounds)+" rounds after its warm-up round, at most "+strconv.Itoa(sweep.MaxRounds))
	fs.IntVar(&o.frames, "frames", 0, fmt.Sprintf("frames per point instead of the budget's choice: `N` up to %d, warm-up included, at least %d after it", lab.MaxFrames, lab.MinKept))
	fs.IntVar(&o.warmup, "warmup", 0, "with -frames: first frames of each point kept out of its summary (default a tenth of -frames)")
	fs.BoolVar(&o.findBudget, "find-budget", false, "instead of a sweep: for each frame-budget claim of -preset's lesson, search the entities "+
		"for the size from which its slower backing misses the 16.7 ms budget on this machine (a few short runs of it alone; -entities: where to start)")
	fs.IntVar(&o.budgetRuns, "budget-runs", presets.BudgetRuns, "with -find-budget: the most runs `N` the search makes per claim")
	o.files.flags(fs)
	return fs, o
}

// sweepCmd runs a sweep and reports it: progress per point on stderr, the table on
// stdout, then the files asked for. Ctrl-C stops it and keeps the points done.
func sweepCmd(args []string, stdout, stderr io.Writer) int {
	fs, o := sweepFlags(stderr)
	return runFlagCmd(fs, o, "parameters are flags: -param entities -values 1000,10000", args, stdout, stderr)
}

// prepare builds the sweep and checks its output files.
func (o *sweepOpts) prepare(set map[string]bool) (err error) {
	if o.findBudget {
		if err := o.checkFindBudget(set); err != nil {
			return err
		}
		if o.run, err = o.benchOpts.config(set); err != nil {
			return err
		}
		_, err = budgetClaims(o.out.lesson, o.run.Backings)
		return err
	}
	if o.s, err = o.config(set); err != nil {
		return err
	}
	return o.checkFiles()
}

func (o *sweepOpts) work(ctx context.Context, stdout, stderr io.Writer) int {
	if o.findBudget {
		return findBudgets(ctx, o.run, o.out.lesson, o.budgetRuns, stdout, stderr)
	}
	if o.files.saves() {
		o.s.Run.Probe = takeProbe(ctx, o.probe, o.s.Run.Pages, stderr)
	}
	return runSweep(ctx, o.s, o.counters.simulate, o.out.lesson, o.files, stdout, stderr)
}

// config builds the sweep from the preset, if any, and the flags.
func (o *sweepOpts) config(set map[string]bool) (sweep.Config, error) {
	var c sweep.Config
	run, err := o.benchOpts.config(set)
	if err != nil {
		return c, err
	}
	c.Run, c.Budget = run, o.budget
	if set["frames"] {
		c.Frames, c.Warmup = run.Frames, run.Warmup
	}
	if err := checkPositive("budget", o.budget, "90s"); err != nil {
		return c, err
	}
	if err := checkPositive("timeout", o.timeout, "30s"); err != nil {
		return c, err
	}
	if p := o.out.lesson; p != nil && p.Sweep != nil {
		c.Param, c.Values = p.Sweep.Param, p.Sweep.Values
	}
	if set["param"] {
		c.Param = o.param
		if !set["values"] {
			c.Values = nil // the new parameter's defaults, not the lesson's values for another
		}
	}
	if c.Param == "" {
		return c, usagef("-param: missing (want one of the %s workload's parameters, or a sweep lesson's -preset)", c.Run.Workload)
	}
	if set[c.Param] {
		return c, usagef("-%s: the sweep sets %s itself, to each of its values in turn (give them with -values), so the flag would be ignored: leave it out",
			c.Param, c.Param)
	}
	if set["values"] {
		if c.Values, err = sweep.ParseValuesOf(c.Param, o.values); err != nil {
			return c, usagef("-values: %v", err)
		}
	}
	if err := c.Check(); err != nil {
		return c, sweepCheckError(err)
	}
	return c, nil
}

// sweepCheckError turns an error of sweep.Config.Check into a usage error naming the
// flag: its own fields are the flags' names; a point's run names its value.
func sweepCheckError(err error) error {
	msg := err.Error()
	for _, f := range []string{"param", "values", "budget", "frames", "warmup", "forks"} {
		if strings.HasPrefix(msg, f+": ") {
			return usagef("-%s", msg)
		}
	}
	return usagef("%s", msg)
}

// runSweep runs c with its progress on stderr, then prints and writes the result.
func runSweep(ctx context.Context, c sweep.Config, sim bool, lesson *presets.Preset, files sweepOutputs, stdout, stderr io.Writer) int {
	warnHeavy(lesson, true, stderr)
	if n := launch.SweepNotice(c.Budget); n != "" && c.Frames == 0 {
		fmt.Fprintln(stderr, wrap("localitylab: slow: "+n+".", termWidth))
	}
	s, err := runWatched(ctx, c, sweep.Run, newSweepProgress(stderr))
	if sim && err == nil {
		simulateSweep(ctx, c, s, stderr)
	}
	var mm *lab.MismatchError
	switch {
	case errors.As(err, &mm):
		return mismatched(err, "sweep", stderr)
	case interrupted(err):
		_, word := stopStatus(ctx)
		fmt.Fprintf(stderr, "localitylab: %s; writing the %d points done\n", word, len(s.Points))
	case err != nil:
		return complain(err, stderr)
	}
	// What was measured is written whole, a stop signal (while simulating misses,
	// or writing) notwithstanding; the status then says it was stopped.
	files.measured = true
	status := showSweep(context.WithoutCancel(ctx), s, lesson, files, stdout, stderr)
	switch {
	case status != exit.OK:
		return status
	case interrupted(err):
		status, _ := stopStatus(ctx)
		return status
	case ctx.Err() != nil:
		status, word := stopStatus(ctx)
		fmt.Fprintln(stderr, "localitylab: "+word+" after the points were measured; the sweep was written"+simNote(sim))
		return status
	case measuredNone(s):
		return complain(usagef("every point was skipped: none fits in the memory available"), stderr)
	}
	if failures := sweepFailures(s, stderr); failures != nil {
		return launch.Status(failures)
	}
	return exit.OK
}

// showSweep prints s, with its lesson's claims answered, and writes the files under
// ctx (see outputs.write).
func showSweep(ctx context.Context, s *result.Sweep, lesson *presets.Preset, files sweepOutputs, stdout, stderr io.Writer) int {
	if lesson == nil {
		if b, ok := presets.BuiltinTitled(s.Title, s.Workload); ok {
			lesson = &b
		}
	}
	var answered []presets.Answered
	if lesson != nil {
		answered = presets.AnswerSweepClaims(lesson.Claims, s)
	}
	rescued := func(err error) int {
		status := complain(err, stderr)
		if files.measured {
			rescue("sweep", func(w io.Writer) error { return result.WriteSweepJSON(w, s) }, stderr)
		}
		return status
	}
	if err := writeSweepTable(textOut(files.toStdout(), stdout, stderr), s, answered, files.wide); err != nil {
		return rescued(err)
	}
	if saved, err := files.write(ctx, s, answered, stdout); err != nil {
		if ctx.Err() != nil { // a stop: whoever stopped the work says so
			return launch.Status(context.Cause(ctx))
		}
		if saved {
			return complain(err, stderr)
		}
		return rescued(err)
	}
	return exit.OK
}

// measuredNone reports whether every point of s was skipped.
func measuredNone(s *result.Sweep) bool {
	for _, p := range s.Points {
		if p.Skipped == "" {
			return false
		}
	}
	return len(s.Points) > 0
}

// sweepFailures prints every worker failure of s and returns them.
func sweepFailures(s *result.Sweep, stderr io.Writer) launch.WorkersFailed {
	var failed launch.WorkersFailed
	for _, p := range s.Points {
		for _, b := range p.Backings {
			if b.Error != "" {
				v := strconv.FormatInt(p.Value, 10)
				if l, ok := s.Label(p.Value); ok {
					v = l
				}
				fmt.Fprintf(stderr, "localitylab: %s = %s: %s\n", s.Param, v, b.Error)
				failed = append(failed, b.Error)
			}
		}
	}
	return failed
}

// sweepOutputs are the files a sweep can be written to: a flag per format of
// export.SweepFormats (the same flags as a run's), and the page's ECharts.
type sweepOutputs struct {
	paths    map[string]*string
	echarts  echartsFlag
	wide     bool // the tables with every column, as outputs.wide
	measured bool // as outputs.measured
}

func (o *sweepOutputs) flags(fs *flag.FlagSet) {
	o.paths = map[string]*string{}
	for _, f := range export.SweepFormats {
		o.paths[f.Flag] = fs.String(f.Flag, "", fmt.Sprintf("write the sweep to `FILE` as %s (%s)", f.Name, f.Doc))
	}
	echartsVar(fs, &o.echarts)
	fs.BoolVar(&o.wide, "wide", false, "print the tables with every column (by default they keep those that fit 100 columns; the HTML, CSV and JSON files always hold them all)")
}

// sweepOutputsOf takes the paths of a run's outputs (report's flags) for a sweep.
func sweepOutputsOf(o outputs) sweepOutputs {
	return sweepOutputs{paths: o.paths, echarts: o.echarts, wide: o.wide}
}

func (o *sweepOutputs) each(do func(f export.SweepFormat, path string) error) error {
	var errs []error
	for _, f := range export.SweepFormats {
		if p := o.paths[f.Flag]; p != nil && *p != "" {
			if err := do(f, *p); err != nil {
				errs = append(errs, fmt.Errorf("-%s: %w", f.Flag, err))
			}
		}
	}
	return errors.Join(errs...)
}

// checkFiles reports, before the sweep, an output path that cannot be written, or
// that is the -preset file or another output.
func (o *sweepOpts) checkFiles() error { return o.files.check(presetFile(o.preset)) }

func (o *sweepOutputs) check(inputs ...namedFile) error {
	var files []namedFile
	o.each(func(f export.SweepFormat, path string) error {
		files = append(files, flagFile(f.Flag, path))
		return nil
	})
	return checkFiles(inputs, files...)
}

// saves reports whether the sweep's JSON file is asked for: the file that carries
// the machine's probe.
func (o *sweepOutputs) saves() bool { p := o.paths["json"]; return p != nil && *p != "" }

// toStdout reports whether an output goes to standard output ("-json -").
func (o *sweepOutputs) toStdout() bool {
	return o.each(func(_ export.SweepFormat, path string) error {
		if atomicfile.IsStdout(path) {
			return errStdout
		}
		return nil
	}) != nil
}

var errStdout = errors.New("standard output")

// write writes every output asked for, each through a temporary file ("-" to
// stdout), under ctx, as outputs.write does.
func (o *sweepOutputs) write(ctx context.Context, s *result.Sweep, answered []presets.Answered, stdout io.Writer) (saved bool, err error) {
	opts := charts.Options{EChartsURL: o.echarts.url}
	for _, a := range answered {
		opts.Claims = append(opts.Claims, charts.Claim{Source: a.Source, Text: a.Text, Answer: a.Answer.String()})
	}
	err = o.each(func(f export.SweepFormat, path string) error {
		err := writeUnder(ctx, path, raw(stdout), func(w io.Writer) error { return f.Write(w, s, opts) })
		if err == nil && f.Flag == "json" {
			saved = true
		}
		return err
	})
	return saved, err
}
