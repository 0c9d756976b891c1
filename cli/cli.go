// Package cli is the command line of Locality Lab: the subcommands (bench, report,
// presets, help, and the hidden worker the lab starts once per backing), and, with no
// arguments, the app. It is the one package that imports both the measuring engine
// and the charts, which keeps main to a single line.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"localitylab/lab"
)

// Exit statuses, as the README and the issue list them.
const (
	exitOK          = 0
	exitFailed      = 1   // an output could not be written, or something else went wrong
	exitUsage       = 2   // bad input: a flag, a preset, a parameter, a run too big for memory
	exitMismatch    = 3   // the backings' checksums disagreed: a bug, never a result
	exitWorker      = 4   // a worker failed; the other backings' results were still written
	exitInterrupted = 130 // stopped by Ctrl-C (128 + SIGINT, as shells report it)
)

// Main runs the command line with args (without the program name) and returns the exit
// status. With no arguments it opens the app by calling app; app is nil until the
// window exists, and then Main runs a short headless comparison instead.
func Main(args []string, stdout, stderr io.Writer, app func(args []string) int) int {
	if len(args) == 0 {
		if app != nil {
			return app(nil)
		}
		return headless(stdout, stderr)
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "bench":
		return bench(rest, stdout, stderr)
	case "report":
		return report(rest, stdout, stderr)
	case "presets":
		return listPresets(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		return help(rest, stdout, stderr)
	case "worker":
		return worker(stdout, stderr)
	}
	if strings.HasPrefix(cmd, "-") && app != nil {
		return app(args) // flags for the app itself
	}
	fmt.Fprintf(stderr, "localitylab: unknown command %q (want bench, report, presets or help)\n", cmd)
	return exitUsage
}

const usage = `Locality Lab makes data locality visible: it runs game-like workloads over
several backing data structures, each in a process of its own, and measures them fairly.

Usage:
  localitylab                        open the app
  localitylab bench [flags]          measure a run and print its summary
  localitylab report RUN.json [flags] re-export a saved run
  localitylab presets [NAME]         list the built-in presets, or show one
  localitylab help [COMMAND]         show this, or a command's flags

Exit status: 0 done, 1 an output could not be written, 2 bad input,
3 checksum mismatch (the backings did different work), 4 a worker failed.
`

func help(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	switch args[0] {
	case "bench":
		fs, _ := benchFlags(stdout)
		fmt.Fprintln(stdout, "Usage: localitylab bench -workload NAME [flags]")
		fs.PrintDefaults()
	case "report":
		fs, _ := reportFlags(stdout)
		fmt.Fprintln(stdout, "Usage: localitylab report RUN.json [flags]")
		fs.PrintDefaults()
	case "presets":
		fmt.Fprintln(stdout, "Usage: localitylab presets [NAME]: list the built-in presets, or show one with its lesson")
	default:
		fmt.Fprintf(stderr, "localitylab help: unknown command %q (want bench, report or presets)\n", args[0])
		return exitUsage
	}
	return exitOK
}

// worker serves one backing for the lab's coordinator over stdin and stdout. Anything
// else that would print to stdout (a stray debugging line) is sent to stderr instead,
// so that it cannot corrupt the protocol.
func worker(stdout, stderr io.Writer) int {
	if f, ok := stdout.(*os.File); ok && f == os.Stdout {
		os.Stdout = os.Stderr
	}
	// Ctrl-C in a terminal signals the whole process group: the coordinator decides
	// what stops, and stops its workers by closing their input.
	signal.Ignore(os.Interrupt)
	if err := lab.ServeWorker(os.Stdin, stdout); err != nil {
		fmt.Fprintln(stderr, "localitylab worker:", err)
		return exitFailed
	}
	return exitOK
}

// usageError is bad input: it is reported with exit status 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

func usagef(format string, a ...any) error { return &usageError{fmt.Errorf(format, a...)} }

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
