package cli

import (
	"context"
	"flag"
	"io"
	"strings"

	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/lab/result"
)

type reportOpts struct {
	format string
	out    outputs
}

func reportFlags(w io.Writer) (*flag.FlagSet, *reportOpts) {
	fs, o := newFlags[reportOpts]("report", w)
	fs.StringVar(&o.format, "format", "table", "what to print: table (the summary) or go (benchmark lines for benchstat)")
	o.out.flags(fs)
	return fs, o
}

// report reads a saved run or sweep and prints and exports it as bench or sweep
// would have: the figures are those saved, not recomputed. A stop signal ends it at
// the next file (untilStopped).
func report(args []string, stdout, stderr io.Writer) int {
	fs, o := reportFlags(stderr)
	// The run's file may come before the flags or after them.
	var file string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		file, args = args[0], args[1:]
	}
	if help, err := parseFlags(fs, args, stderr); help || err != nil {
		return complain(err, stderr)
	}
	rest := fs.Args()
	if file == "" && len(rest) > 0 {
		file, rest = rest[0], rest[1:]
	}
	switch {
	case file == "":
		return complain(usagef("report: which run? (usage: localitylab report RUN.json [-json F] [-csv F] [-html F] [-png F])"), stderr)
	case len(rest) > 0:
		return complain(usagef("report: unexpected argument %q after %s (flags go before or right after the file)", rest[0], file), stderr)
	}
	if err := checkFormat(o.format); err != nil {
		return complain(err, stderr)
	}
	if err := o.out.check(namedFile{"FILE", file}); err != nil {
		return complain(err, stderr)
	}
	return untilStopped(stderr, func(ctx context.Context) int {
		if result.IsSweepFile(file) {
			return reportSweep(ctx, file, o, stdout, stderr)
		}
		r, err := lab.LoadRun(file)
		switch {
		case ctx.Err() != nil:
			return exit.OK // untilStopped says so
		case err != nil:
			return complain(usagef("report: %v", err), stderr)
		}
		return show(ctx, r, o.format, o.out, stdout, stderr)
	})
}

// reportSweep prints and exports a saved sweep.
func reportSweep(ctx context.Context, file string, o *reportOpts, stdout, stderr io.Writer) int {
	if o.format != "table" {
		return complain(usagef("-format: %q: a sweep prints as a table only", o.format), stderr)
	}
	s, err := lab.LoadSweep(file)
	switch {
	case ctx.Err() != nil:
		return exit.OK // untilStopped says so
	case err != nil:
		return complain(usagef("report: %v", err), stderr)
	}
	return showSweep(ctx, s, nil, sweepOutputsOf(o.out), stdout, stderr)
}
