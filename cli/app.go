package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/launch"
	"localitylab/presets"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// appOpts are the app's flags as parsed, before they are checked.
type appOpts struct {
	preset     string
	frames     int
	forks      int
	cache      string
	pages      string
	run, large bool
	sweep      bool
	quitAfter  time.Duration
	screenshot string
	save       string
	layout     string
	compare    string
	class      []string // the files after -compare's first: a class's machines
	counters   countersFlag
	params     []*paramFlag
}

// appFlags are the app's own flags; the end-to-end test drives the real binary
// through them, so their names and meanings are part of the app's contract. The
// workload parameter flags are added by openApp (paramFlags), as bench adds them.
func appFlags(w io.Writer) (*flag.FlagSet, *appOpts) {
	fs, o := newFlags[appOpts]("localitylab", w)
	fs.StringVar(&o.preset, "preset", "", "open on the built-in preset `NAME` (see localitylab presets) or a preset FILE (default the last setup, else the first lesson)")
	fs.BoolVar(&o.run, "run", false, "start the run at once")
	fs.IntVar(&o.frames, "frames", 0, fmt.Sprintf("frames per backing, warm-up included: `N` up to %d, at least %d after the warm-up (default the preset's)", presets.MaxFrames, lab.MinKept))
	fs.StringVar(&o.cache, "cache", "", "the caches each frame starts from: `MODE` warm (its own last frame's) or cold (emptied before every frame) (default the preset's, else warm)")
	fs.IntVar(&o.forks, "forks", 0, fmt.Sprintf("sets of fresh worker processes the frames are split among, one after another: `N` from 1 to %d (default the preset's, else %d)", lab.MaxForks, lab.DefaultForks))
	fs.StringVar(&o.pages, "pages", "", fmt.Sprintf("the memory pages each worker's heap gets: `MODE` system (as the OS gives), huge (2 MiB pages asked for after each load, in every fork) or small (huge pages turned off) (default the preset's, else %s)", lab.DefaultPages))
	fs.DurationVar(&o.quitAfter, "quit-after", 0, "once the run has gone on for `DURATION` (10s, 2m) or has ended, write what was asked for and quit")
	fs.StringVar(&o.screenshot, "screenshot", "", "with -quit-after: write the window to `FILE` as PNG before quitting")
	fs.StringVar(&o.save, "save", "", "with -quit-after: write the run (with -sweep, the sweep) so far to `FILE` as JSON before quitting")
	fs.BoolVar(&o.large, "large", false, "start with large text (for projectors)")
	fs.StringVar(&o.layout, "layout", "", "open the Layout view, where the data lives, on `BACKING` (one of the setup's backings) instead of the preview")
	fs.BoolVar(&o.sweep, "sweep", false, "open on the Sweep tab; with -run, start the sweep (of a sweep lesson's parameter, else of entities) instead of a run")
	o.counters = countersFlag{hardware: true}
	fs.Var(&o.counters, "counters", "miss counts, `MODE`: auto (hardware counters where the system allows), "+
		"sim (those, and cache misses simulated by Valgrind's Callgrind after a run that ran to its end; slow), or false (none)")
	fs.StringVar(&o.compare, "compare", "", "show the run saved in `FILE` under the setup's as a base to compare with (as File → Compare with a saved run…); "+
		"with three files or more (-compare A.json B.json C.json), open on the Class tab with them, a class's machines side by side")
	return fs, o
}

// appSynopsis follows a mistake in the app's flags: the flag parser's message alone
// does not say that the flags were taken as the app's, nor where the others are.
const appSynopsis = `Usage: localitylab [flags]           open the app; ` + "`localitylab help`" + ` lists its flags
       localitylab COMMAND [flags]   bench, report, compare, check, presets or help`

// openApp parses and checks the app's flags and opens the app with them. Every
// mistake is reported here, with exit status 2, before any window opens.
func openApp(args []string, stdout, stderr io.Writer, app func(launch.Options) int) int {
	o, err := parseApp(args, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return exit.OK
	}
	if err != nil {
		return complain(err, stderr)
	}
	return app(o)
}

// parseApp reads the app's flags into the options the app is handed. -h prints
// the flags to out and returns flag.ErrHelp.
func parseApp(args []string, out io.Writer) (launch.Options, error) {
	fs, o := appFlags(out)
	o.params = paramFlags(fs)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	// -compare A B C…: the files after the first are a class's machines (class.go).
	for err == nil && o.compare != "" && fs.NArg() > 0 && !strings.HasPrefix(fs.Arg(0), "-") {
		o.class = append(o.class, fs.Arg(0))
		err = fs.Parse(fs.Args()[1:])
	}
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(out)
		fmt.Fprintln(out, "Usage: localitylab [flags]   (open the app; `localitylab help` lists the commands)")
		fs.PrintDefaults()
		return launch.Options{}, err
	case err != nil:
		return launch.Options{}, usagef("%v\n%s", err, appSynopsis)
	case fs.NArg() > 0:
		return launch.Options{}, usagef("unexpected argument %q (the app takes flags only)\n%s", fs.Arg(0), appSynopsis)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return o.options(set)
}

// options checks the flags and makes them the app's options: the preset with the
// overrides applied, or, with no -preset, the overrides for the setup the app
// remembers, checked as far as they can be without it.
func (o *appOpts) options(set map[string]bool) (launch.Options, error) {
	opts := launch.Options{Run: o.run, QuitAfter: o.quitAfter, Screenshot: o.screenshot, Save: o.save, Large: o.large, LargeSet: set["large"],
		Layout: o.layout, Sweep: o.sweep, Compare: o.compare,
		Counters:  launch.Counters{Set: set["counters"], Hardware: o.counters.hardware, Simulate: o.counters.simulate},
		Overrides: launch.Overrides{Params: workload.Params{}, Frames: o.frames, FramesSet: set["frames"], Forks: o.forks}}
	if set["forks"] && (o.forks < 1 || o.forks > lab.MaxForks) {
		return opts, usagef("-forks: %d (want 1 to %d)", o.forks, lab.MaxForks)
	}
	if o.layout != "" {
		if err := workload.CheckKnown(o.layout); err != nil {
			return opts, usagef("-layout: %v", err)
		}
	}
	if set["cache"] {
		m, err := lab.ParseCacheMode(o.cache)
		if err != nil {
			return opts, usagef("-cache: %v", err)
		}
		opts.Overrides.Cache = string(m)
	}
	if set["pages"] {
		m, err := lab.ParsePagesMode(o.pages)
		if err != nil {
			return opts, usagef("-pages: %v", err)
		}
		opts.Overrides.Pages = string(m)
	}
	for _, p := range o.params {
		if p.set {
			opts.Overrides.Params[p.name] = p.value
		}
	}
	if err := o.checkQuit(); err != nil {
		return opts, err
	}
	if len(o.class) > 0 {
		return o.classOptions(opts)
	}
	var base *result.Run
	if o.compare != "" {
		var err error
		if base, err = lab.LoadRun(o.compare); err != nil {
			return opts, usagef("-compare: %v", err)
		}
	}
	p, err := o.presetSetup(opts.Overrides)
	if p == nil || err != nil {
		return opts, err
	}
	if o.layout != "" && !slices.Contains(p.Backings, o.layout) {
		return opts, usagef("-layout: %s is not among the preset's backings (%s)", o.layout, strings.Join(p.Backings, ", "))
	}
	if base != nil {
		if err := launch.CheckBase(base, *p); err != nil {
			return opts, usagef("-compare %s: %v", o.compare, err)
		}
	}
	opts.Setup = p
	return opts, nil
}

// presetSetup is -preset's lesson with the overrides applied, or nil without
// -preset, when the app opens on the setup it remembers: then only the overrides no
// setup could take are refused here.
func (o *appOpts) presetSetup(ov launch.Overrides) (*presets.Preset, error) {
	if o.preset == "" {
		return nil, checkWithoutSetup(ov)
	}
	p, err := lookupPreset(o.preset)
	if err != nil {
		return nil, err
	}
	if p, err = ov.Apply(p); err != nil {
		return nil, err
	}
	return &p, nil
}

// checkQuit checks -quit-after and the files written on quitting.
func (o *appOpts) checkQuit() error {
	if o.quitAfter < 0 {
		return usagef("-quit-after: %v is negative (want a duration such as 10s)", o.quitAfter)
	}
	files := []namedFile{flagFile("screenshot", o.screenshot), flagFile("save", o.save)}
	for _, f := range files {
		if f.path != "" && o.quitAfter == 0 {
			return usagef("%s: only written when quitting through -quit-after, which is not set", f.name)
		}
	}
	return checkFiles([]namedFile{presetFile(o.preset), flagFile("compare", o.compare)}, files...)
}

// checkWithoutSetup catches, before the app reads the setup it remembers, the
// overrides that no setup could take: a frame count out of range, or a parameter
// value that no workload with that parameter allows. The app checks the rest
// against the remembered setup itself.
func checkWithoutSetup(ov launch.Overrides) error {
	if ov.FramesSet || ov.Forks > 0 {
		if _, err := (launch.Overrides{Frames: ov.Frames, FramesSet: ov.FramesSet, Forks: ov.Forks}).Apply(presets.Default()); err != nil {
			return err
		}
	}
	for _, name := range ov.Params.Keys() {
		var first error
		for _, spec := range workloads.All() {
			if _, ok := spec.Param(name); !ok {
				continue
			}
			err := launch.FlagError(spec.CheckParam(name, ov.Params[name]))
			if err == nil {
				first = nil
				break
			}
			if first == nil {
				first = err
			}
		}
		if first != nil {
			return &usageError{Err: first}
		}
	}
	return nil
}

// writeAppFlags lists the app's own flags for the top-level help, and says where
// the workload parameters, which it takes as bench does, are described.
func writeAppFlags(w io.Writer) {
	fs, _ := appFlags(w)
	fs.PrintDefaults()
	fmt.Fprintln(w, "  -entities N, -seed N, and every other workload parameter\n"+
		"    \toverride the setup's value; `localitylab help bench` lists them with their ranges")
}
