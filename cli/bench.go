package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/launch"
	"localitylab/presets"
	"localitylab/workloads/workload"
)

// Defaults of a run given by flags alone (no preset): the presets' usual length, with
// a tenth of it as warm-up.
const (
	defaultFrames = 200
	warmupShare   = 10
)

// benchOpts are the bench command's flags.
type benchOpts struct {
	workloadFlags
	backings string
	preset   string
	frames   int
	warmup   int
	counters countersFlag
	cache    string
	pages    string
	burst    int
	forks    int
	timeout  time.Duration
	probe    string // -probe: see probeModes
	format   string
	out      outputs

	c lab.Config // the run, once prepared
}

func benchFlags(w io.Writer) (*flag.FlagSet, *benchOpts) {
	fs, o := newFlags[benchOpts]("bench", w)
	o.runFlags(fs)
	fs.IntVar(&o.frames, "frames", 0, fmt.Sprintf("frames per backing, warm-up included: `N` up to %d, at least %d after the warm-up (default %d, or the preset's)", lab.MaxFrames, lab.MinKept, defaultFrames))
	fs.IntVar(&o.warmup, "warmup", 0, fmt.Sprintf("first frames kept out of the summary (0 to frames-%d; default a tenth of -frames, or the preset's)", lab.MinKept))
	fs.StringVar(&o.format, "format", "table", "what to print: table (a summary) or go (benchmark lines for benchstat, one per frame)")
	o.out.flags(fs)
	return fs, o
}

// runFlags adds the flags that describe a run, which bench and sweep share (each adds
// its own -frames and -warmup, which mean a run's length or a point's).
func (o *benchOpts) runFlags(fs *flag.FlagSet) {
	o.workloadFlags.add(fs, "required unless -preset gives it")
	fs.StringVar(&o.backings, "backings", "", fmt.Sprintf("comma-separated backings, 1 to %d of %s (default the six built in, or the preset's)",
		workload.MaxPerRun, strings.Join(workload.AllBackings(), ", ")))
	fs.StringVar(&o.preset, "preset", "", "start from the built-in preset `NAME` (see localitylab presets) or a preset FILE; other flags override it")
	o.counters = countersFlag{hardware: true}
	fs.Var(&o.counters, "counters", "miss counts, `MODE`: auto (hardware counters, instructions, cycles and memory misses, where the system allows), "+
		"sim (those, and cache misses simulated by Valgrind's Callgrind after the measured frames, on any Linux machine; slow), or false (none)")
	fs.StringVar(&o.cache, "cache", "", "the caches each frame starts from: warm (its own last frame's, as go test -bench) or cold (emptied before every frame) (default warm, or the preset's)")
	fs.StringVar(&o.pages, "pages", "", fmt.Sprintf("the memory pages each worker's heap gets: system (as the OS gives), huge (2 MiB pages asked for after each load, in every fork) or small (huge pages turned off) (default %s, or the preset's)", lab.DefaultPages))
	fs.IntVar(&o.burst, "burst", 0, fmt.Sprintf("frames each backing runs in one turn (1 to %d; default chosen each round so a round takes about %v)", lab.MaxBurst, lab.RoundBudget))
	fs.IntVar(&o.forks, "forks", 0, fmt.Sprintf("sets of fresh worker processes per backing, one after another, each loading the world again and running "+
		"its share of the frames (a sweep: passes over its points, one fork of each per pass): `N` from 1 to %d (default %d, or the preset's)", lab.MaxForks, lab.DefaultForks))
	fs.DurationVar(&o.timeout, "timeout", lab.DefaultTimeout, "declare a worker hung after this long without a word")
	fs.StringVar(&o.probe, "probe", result.ProbeShort, probeFlagDoc)
}

// bench runs a measured comparison and reports it.
func bench(args []string, stdout, stderr io.Writer) int {
	fs, o := benchFlags(stderr)
	return runFlagCmd(fs, o, entitiesHint, args, stdout, stderr)
}

// prepare builds the run and checks the rest of the flags.
func (o *benchOpts) prepare(set map[string]bool) (err error) {
	if o.c, err = o.config(set); err != nil {
		return err
	}
	return o.check()
}

func (o *benchOpts) work(ctx context.Context, stdout, stderr io.Writer) int {
	warnHeavy(o.out.lesson, false, stderr)
	if n := launch.SlowNotice(o.c, o.out.lesson); n != "" {
		fmt.Fprintln(stderr, wrap("localitylab: slow: "+n+".", termWidth))
	}
	if o.out.saves() {
		o.c.Probe = takeProbe(ctx, o.probe, o.c.Pages, stderr)
	}
	return measure(ctx, o.c, o.counters.simulate, o.format, o.out, stdout, stderr)
}

// check validates the flags that do not go into the run's configuration, and the
// output paths, before any work starts.
func (o *benchOpts) check() error {
	if err := checkFormat(o.format); err != nil {
		return err
	}
	if err := checkPositive("timeout", o.timeout, "30s"); err != nil {
		return err
	}
	if err := checkProbeMode(o.probe); err != nil {
		return err
	}
	return o.out.check(presetFile(o.preset))
}

// presetFile is the file -preset reads, if it names one rather than a built-in.
func presetFile(name string) namedFile {
	if name == "" || presets.IsBuiltin(name) {
		return namedFile{}
	}
	return namedFile{"-preset", name}
}

func checkFormat(f string) error {
	if f != "table" && f != "go" {
		return usagef("-format: %q (want table or go)", f)
	}
	return nil
}

// config builds the run from the preset, if any, and the flags that were set, which
// override it.
func (o *benchOpts) config(set map[string]bool) (lab.Config, error) {
	c := lab.Config{Counters: o.counters.hardware, Timeout: o.timeout, Frames: defaultFrames, Warmup: -1, Burst: o.burst}
	if o.preset != "" {
		p, err := lookupPreset(o.preset)
		if err != nil {
			return c, err
		}
		c.Title, c.Workload, c.Backings, c.Params = p.Title, p.Workload, p.Backings, p.Params.Clone()
		o.out.lesson = &p
		c.Frames, c.Warmup, c.Cache, c.Forks, c.Pages = p.Frames, p.Warmup, lab.CacheMode(p.Cache), p.Forks, lab.PagesMode(p.Pages)
	}
	if set["forks"] {
		if o.forks < 1 || o.forks > lab.MaxForks {
			return c, usagef("-forks: %d (want 1 to %d)", o.forks, lab.MaxForks)
		}
		c.Forks = o.forks
	}
	if set["pages"] {
		m, err := lab.ParsePagesMode(o.pages)
		if err != nil {
			return c, usagef("-pages: %v", err)
		}
		c.Pages = m
	}
	if set["cache"] {
		m, err := lab.ParseCacheMode(o.cache)
		if err != nil {
			return c, usagef("-cache: %v", err)
		}
		c.Cache = m
	}
	if set["burst"] && o.burst == 0 {
		return c, usagef("-burst: 0 (want 1 to %d, or leave it out to choose by time)", lab.MaxBurst)
	}
	if set["workload"] {
		if c.Workload != "" && c.Workload != o.workload {
			return c, usagef("-workload %s: preset %s is a %s run (give one of -preset and -workload)", o.workload, o.preset, c.Workload)
		}
		c.Workload = o.workload
	}
	spec, err := workloadSpec(c.Workload, ", or a -preset")
	if err != nil {
		return c, err
	}
	if set["backings"] || c.Backings == nil {
		if c.Backings, err = parseBackings(spec, o.backings); err != nil {
			return c, err
		}
	}
	if set["frames"] {
		c.Frames, c.Warmup = o.frames, -1
	}
	if set["warmup"] {
		if o.warmup < 0 {
			return c, usagef("-warmup: %d is negative (want 0 to frames-1, or leave it out for a tenth of the frames)", o.warmup)
		}
		c.Warmup = o.warmup
	}
	if c.Warmup < 0 {
		c.Warmup = c.Frames / warmupShare
	}
	if c.Params == nil {
		c.Params = workload.Params{}
	}
	applyParams(o.params, c.Params)
	// Frames that leave nothing to summarise are named first: a run of one frame is
	// refused for that, not for the forks it cannot be split into.
	if err := c.CheckKept(); err != nil {
		return c, checkError(err)
	}
	if err := c.Check(); err != nil {
		return c, checkError(err)
	}
	return c, nil
}

// lookupPreset finds the preset -preset names, as a usage error when there is none.
func lookupPreset(name string) (presets.Preset, error) {
	p, err := presets.Lookup(name)
	if err != nil {
		return p, usagef("-preset: %v", err)
	}
	return p, nil
}

// checkPositive refuses a duration flag that is zero or negative, giving an example
// of a sensible value.
func checkPositive(name string, d time.Duration, example string) error {
	if d <= 0 {
		return usagef("-%s: %v (want a positive duration, e.g. %s)", name, d, example)
	}
	return nil
}

// checkError turns an error of lab.Config.Check into a usage error naming the flag.
func checkError(err error) error { return &usageError{Err: launch.FlagError(err)} }

// parseBackings reads -backings for the workload of spec; empty means the six built in.
func parseBackings(spec *workload.Spec, s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return slices.Clone(workload.Backings), nil
	}
	var out []string
	for _, b := range strings.Split(s, ",") {
		b = strings.TrimSpace(b)
		if err := spec.CheckBacking(b); err != nil {
			return nil, usagef("-backings: %v", err)
		}
		if slices.Contains(out, b) {
			return nil, usagef("-backings: %q given twice", b)
		}
		out = append(out, b)
	}
	return out, nil
}

// warnHeavy says, before a heavy built-in lesson starts, what it asks of the machine
// and, for a lesson whose run took over a minute where the lab was built, how long,
// so that a class is not surprised by minutes of waiting or a refusal for memory.
// asSweep says whether the lesson runs as a sweep: the time is said only when it is
// run the way it was timed (bench -preset on a sweep lesson runs one point of it).
func warnHeavy(lesson *presets.Preset, asSweep bool, stderr io.Writer) {
	if lesson == nil {
		return
	}
	st, _, ok := presets.StepOf(lesson.Name)
	switch {
	case !ok:
	case st.Heavy != "":
		fmt.Fprintln(stderr, wrap(fmt.Sprintf("localitylab: %s is heavy: %s", lesson.Name, st.Heavy), termWidth))
	case st.Run > time.Minute && asSweep == (lesson.Sweep != nil):
		fmt.Fprintln(stderr, wrap(fmt.Sprintf("localitylab: %s takes a while: its run took %s on the 2-core VM the lab was built on; a class's machines will differ",
			lesson.Name, st.RunText()), termWidth))
	}
}
