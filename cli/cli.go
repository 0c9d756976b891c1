// Package cli is the command line of Locality Lab: the subcommands (bench, sweep,
// report, inspect, compare, check, handout, probe, presets, help) and the hidden
// workers the lab starts, one per backing and one per probe. It also parses and
// checks the app's flags before handing them to the app (see package launch), so
// that every flag is read here and no window opens on a mistake.
//
// It imports the measuring engine and the charts but never Fyne: main hands it the
// app as a function.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/launch"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// Main runs the command line with args (without the program name) and returns the exit
// status. Without a command it opens the app by calling app with the app's flags,
// parsed and checked here. A nil app is a binary built without the window (tag
// nogui): where the app would open, Main says so and what to run instead, and help
// says so too.
func Main(args []string, stdout, stderr io.Writer, app func(launch.Options) int) int {
	if len(args) == 0 {
		if app == nil {
			return noWindow(args, stderr)
		}
		return app(launch.Options{})
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "worker":
		return worker(stdout, stderr)
	case lab.ProbeWorkerCommand:
		return probeWorker(stdout, stderr)
	}
	stdout = newTermText(stdout) // see termtext.go
	for _, c := range commands {
		if c.name == cmd {
			return c.run(rest, stdout, stderr)
		}
	}
	switch cmd {
	case "presets":
		return listPresets(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		return help(rest, stdout, stderr, app != nil)
	}
	if strings.HasPrefix(cmd, "-") {
		if app == nil {
			return noWindow(args, stderr)
		}
		return openApp(args, stdout, stderr, app) // flags for the app itself
	}
	return complain(usagef("unknown command %q (want bench, sweep, report, inspect, compare, check, handout, probe, presets or help)", cmd), stderr)
}

// appUsage is the usage's line for the app, and noAppUsage the line in its place in
// a binary without the window.
const (
	appUsage   = "  localitylab [flags]                open the app (its flags are below)"
	noAppUsage = "  localitylab [flags]                the app: not in this binary (see below)"
)

const usage = `Locality Lab makes data locality visible: it runs game-like workloads over
several backing data structures, each in a process of its own, and measures them fairly.

Usage:
` + appUsage + `
  localitylab bench [flags]          measure a run and print its summary
  localitylab sweep [flags]          measure a run at each value of one parameter
  localitylab report FILE.json [flags] re-export a saved run or sweep
  localitylab inspect [flags]        look inside one backing: where its data lives
  localitylab compare BASE.json NEW.json [flags]
                                     compare two saved runs, backing by backing
  localitylab compare A.json B.json C.json… [flags]
                                     a class's machines side by side: one saved run (or
                                     sweep) of a lesson per machine, the lesson's answer on each
  localitylab check [flags]          run backings in one process and show where the first
                                     stops doing the same work as the first named
  localitylab handout -preset NAME [flags]
                                     a lesson as one printed page: claim, prediction, answer, chart
  localitylab probe [flags]          measure this machine on its own: the latency of a load by
                                     working set, the cache levels that shows, the read bandwidth
  localitylab presets [NAME]         list the built-in presets, or show one
  localitylab help [COMMAND]         show this, or a command's flags (bench, sweep, report, inspect,
                                     compare, check, handout, probe, presets, app)
`

// help prints the usage, or a command's flags; in a binary without the window
// (window false), in place of the app's flags, that it has none.
func help(args []string, stdout, stderr io.Writer, window bool) int {
	if len(args) == 0 {
		if window {
			fmt.Fprint(stdout, usage)
			fmt.Fprintln(stdout, "\nThe app's flags:")
			writeAppFlags(stdout)
		} else {
			fmt.Fprint(stdout, strings.Replace(usage, appUsage, noAppUsage, 1))
			fmt.Fprintln(stdout, "\n"+noWindowText)
		}
		fmt.Fprintln(stdout, "\nExit status:")
		for _, m := range exit.Meanings {
			fmt.Fprintf(stdout, "  %-4d %s\n", m.Status, m.Meaning)
		}
		return exit.OK
	}
	for _, c := range commands {
		if c.name == args[0] {
			fs := c.flags(stdout)
			fmt.Fprintln(stdout, "Usage: localitylab "+c.usage)
			fs.PrintDefaults()
			return exit.OK
		}
	}
	switch args[0] {
	case "presets":
		fmt.Fprintln(stdout, "Usage: localitylab presets [NAME]: list the built-in presets, or show one with its lesson")
	case "app":
		if !window {
			fmt.Fprintln(stdout, noWindowText)
			return exit.OK
		}
		fs, _ := appFlags(stdout)
		paramFlags(fs)
		fmt.Fprintln(stdout, "Usage: localitylab [flags]: open the app")
		fs.PrintDefaults()
	default:
		fmt.Fprintf(stderr, "localitylab help: unknown command %q (want bench, sweep, report, inspect, compare, check, handout, probe, presets or app)\n", args[0])
		return exit.Usage
	}
	return exit.OK
}

// worker serves one backing for the lab's coordinator over stdin and stdout. Anything
// else that would print to stdout (a stray debugging line) is sent to stderr instead,
// so that it cannot corrupt the protocol.
func worker(stdout, stderr io.Writer) int {
	if f, ok := stdout.(*os.File); ok && f == os.Stdout {
		os.Stdout = os.Stderr
	}
	// Ctrl-C in a terminal signals the whole process group, and so may a SIGTERM sent
	// to the group: the coordinator decides what stops, and stops its workers by
	// closing their input (a worker whose coordinator died sees its input end too).
	ignoreStopSignals()
	if err := lab.ServeWorker(os.Stdin, stdout); err != nil {
		fmt.Fprintln(stderr, "localitylab worker:", err)
		return exit.Failed
	}
	return exit.OK
}

// usageError is bad input: it is reported with exit status 2 (launch.Status).
type usageError = launch.UsageError

func usagef(format string, a ...any) error { return &usageError{Err: fmt.Errorf(format, a...)} }

// workloadSpec is the spec of the workload named by -workload (or a preset), as a
// usage error when there is none or no such workload; or says what else names one.
func workloadSpec(name, or string) (*workload.Spec, error) {
	if name == "" {
		return nil, usagef("-workload: missing (want one of %s%s)", strings.Join(workloads.Names(), ", "), or)
	}
	spec, err := workloads.Lookup(name)
	if err != nil {
		return nil, usagef("-workload: %v", err)
	}
	return spec, nil
}

// commands are the subcommands that take flags: what Main runs for each, and what
// `help COMMAND` prints, the usage line and then the flags as the command defines
// them, so that the help cannot drift from the command.
var commands = []struct {
	name, usage string
	flags       func(io.Writer) *flag.FlagSet
	run         func(args []string, stdout, stderr io.Writer) int
}{
	{"bench", "bench -workload NAME [flags]", flagsOf(benchFlags), bench},
	{"sweep", "sweep -workload NAME -param NAME [-values V1,V2,…] [flags]", flagsOf(sweepFlags), sweepCmd},
	{"report", "report RUN.json|SWEEP.json [flags]", flagsOf(reportFlags), report},
	{"inspect", "inspect -workload NAME -backing NAME [flags]", flagsOf(inspectFlags), inspect},
	{"compare", "compare BASE.json NEW.json [flags], or A.json B.json C.json… (a class's machines)", flagsOf(compareFlags), compareRuns},
	{"check", "check -workload NAME -backings REF,OTHER[,…] [flags]", flagsOf(checkFlags), checkRun},
	{"probe", "probe [-json FILE] [-full|-short] [-pages huge|system|small]", flagsOf(probeFlags), probeCmd},
	{"handout", "handout -preset NAME [-run FILE | -sweep FILE] [-prediction TEXT] [-html FILE] [-png FILE] [-pdf FILE] (one output at least)", flagsOf(handoutFlags), handoutCmd},
}

// flagsOf drops the options value of a command's flags, for help, which only prints
// them.
func flagsOf[O any](f func(io.Writer) (*flag.FlagSet, *O)) func(io.Writer) *flag.FlagSet {
	return func(w io.Writer) *flag.FlagSet {
		fs, _ := f(w)
		return fs
	}
}

// newFlags makes a command's flag set, writing to w, and the options value its flags
// fill: every command reports its own flag errors (ContinueOnError) rather than
// exiting, so that Main decides the exit status.
func newFlags[O any](name string, w io.Writer) (*flag.FlagSet, *O) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(w)
	return fs, new(O)
}

// entitiesHint is what a command that takes only flags says to a stray argument.
const entitiesHint = "parameters are flags: -entities 1000"

// flagCmd is a command that takes flags only (bench, sweep, inspect, check), once
// its flags are parsed: prepare builds what it runs from the flags that were set and
// checks it, and work does it under ctx, which a stop signal cancels.
type flagCmd interface {
	prepare(set map[string]bool) error
	work(ctx context.Context, stdout, stderr io.Writer) int
}

// runFlagCmd runs cmd, whose flags are fs, with args: it parses them (a stray
// argument is refused with hint, what the command takes instead), prepares, and only
// then works under untilInterrupt, so that every mistake is reported before any
// work starts.
func runFlagCmd(fs *flag.FlagSet, cmd flagCmd, hint string, args []string, stdout, stderr io.Writer) int {
	set, status, done := parseCommand(fs, args, stderr, hint)
	if done {
		return status
	}
	if err := cmd.prepare(set); err != nil {
		return complain(err, stderr)
	}
	ctx, stop := untilInterrupt()
	defer stop()
	return cmd.work(ctx, stdout, stderr)
}

// parseCommand is parseFlags for a command that takes flags only: it also refuses a
// stray argument, saying what the command takes instead (hint), and returns the names
// of the flags given. done is true when the command should end at once, with status.
func parseCommand(fs *flag.FlagSet, args []string, stderr io.Writer, hint string) (set map[string]bool, status int, done bool) {
	if help, err := parseFlags(fs, args, stderr); help || err != nil {
		return nil, complain(err, stderr), true
	}
	if fs.NArg() > 0 {
		return nil, complain(usagef("%s: unexpected argument %q (%s)", fs.Name(), fs.Arg(0), hint), stderr), true
	}
	set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set, 0, false
}

// parseFlags parses args with fs. A mistake is returned as a usage error that points
// to the command's help, rather than printed with every flag's description; -h prints
// the flags to out and reports help (exit status 0).
func parseFlags(fs *flag.FlagSet, args []string, out io.Writer) (help bool, err error) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err = fs.Parse(args)
	fs.SetOutput(out)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(out, "Usage of localitylab %s:\n", fs.Name())
		fs.PrintDefaults()
		return true, nil
	}
	if err != nil {
		return false, usagef("%s: %v (see `localitylab help %s`)", fs.Name(), err, fs.Name())
	}
	return false, nil
}
