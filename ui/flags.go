package ui

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"localitylab/internal/atomicfile"
	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/presets"
	"localitylab/scenarios"
)

// flags are the app's command-line flags. The end-to-end test drives the real binary
// through them, so their names and meanings are part of the app's contract.
type flags struct {
	preset     string        // -preset NAME|FILE; "" = the remembered setup, else the default
	run        bool          // -run: start the run at once
	entities   int64         // -entities N; 0 = the preset's
	frames     int           // -frames N; 0 = the preset's
	quitAfter  time.Duration // -quit-after DUR; 0 = never
	screenshot string        // -screenshot FILE, on quitting via -quit-after
	save       string        // -save FILE, on quitting via -quit-after
	large      bool          // -large: start in large-text mode
}

// errHelp reports that -h was asked for: the usage was printed, and that is success.
var errHelp = errors.New("help requested")

// parseFlags reads the app's flags. Every mistake it can see without a window is an
// error naming the flag; the checks that need the preset happen in apply.
func parseFlags(args []string, out io.Writer) (flags, error) {
	var f flags
	fs := flag.NewFlagSet("localitylab", flag.ContinueOnError)
	fs.StringVar(&f.preset, "preset", "", "open on the built-in preset `NAME` or the preset FILE (default: the last setup, else the first lesson)")
	fs.BoolVar(&f.run, "run", false, "start the run at once")
	fs.Int64Var(&f.entities, "entities", 0, "override the preset's entity count with `N`")
	fs.IntVar(&f.frames, "frames", 0, "override the preset's frame count with `N`")
	fs.DurationVar(&f.quitAfter, "quit-after", 0, "once the run has run this `long` (or has ended), save what was asked for and quit")
	fs.StringVar(&f.screenshot, "screenshot", "", "with -quit-after: capture the window to `FILE` as PNG before quitting")
	fs.StringVar(&f.save, "save", "", "with -quit-after: save the run so far to `FILE` as JSON before quitting")
	fs.BoolVar(&f.large, "large", false, "start with large text (for projectors)")
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(out)
		fmt.Fprintln(out, "Usage: localitylab [flags]   (open the app; `localitylab help` lists the commands)")
		fs.PrintDefaults()
		return f, errHelp
	}
	if err != nil {
		return f, err
	}
	if fs.NArg() > 0 {
		return f, fmt.Errorf("unexpected argument %q (the app takes flags only; `localitylab help` lists the commands)", fs.Arg(0))
	}
	return f, f.check()
}

// check validates what the flags say on their own.
func (f *flags) check() error {
	switch {
	case f.entities < 0:
		return fmt.Errorf("-entities: %d is negative (want a count of entities)", f.entities)
	case f.frames < 0 || f.frames > lab.MaxFrames:
		return fmt.Errorf("-frames: %d is out of range (want 1 to %s)", f.frames, units.Count(lab.MaxFrames))
	case f.quitAfter < 0:
		return fmt.Errorf("-quit-after: %v is negative (want a duration such as 10s)", f.quitAfter)
	}
	for _, o := range []struct{ name, path string }{{"screenshot", f.screenshot}, {"save", f.save}} {
		if o.path == "" {
			continue
		}
		if f.quitAfter == 0 {
			return fmt.Errorf("-%s: only written when quitting via -quit-after, which is not set", o.name)
		}
		if err := atomicfile.Check(o.path); err != nil {
			return fmt.Errorf("-%s: %w", o.name, err)
		}
	}
	return nil
}

// apply puts -entities and -frames on top of p, checking them against the
// workload's range; the warm-up shrinks to a tenth of the frames when it would no
// longer fit.
func (f *flags) apply(p presets.Preset) (presets.Preset, error) {
	p.Params = p.Params.Clone()
	if f.entities != 0 {
		spec, err := scenarios.Lookup(p.Workload)
		if err != nil {
			return p, fmt.Errorf("-preset: %w", err)
		}
		q, ok := spec.Param("entities")
		if !ok {
			return p, fmt.Errorf("-entities: workload %s has no entity count", p.Workload)
		}
		if f.entities < q.Min || f.entities > q.Max {
			return p, fmt.Errorf("-entities: %d is out of range for %s (want %s to %s)", f.entities, p.Workload,
				units.Count(float64(q.Min)), units.Count(float64(q.Max)))
		}
		p.Params["entities"] = f.entities
	}
	if f.frames != 0 {
		p.Frames = f.frames
		if p.Warmup >= p.Frames {
			p.Warmup = p.Frames / 10
		}
	}
	return p, nil
}
