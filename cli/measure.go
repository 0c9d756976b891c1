package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/launch"
	"localitylab/workloads"
)

// complain prints err, if any, with the command's name and returns the exit status it
// calls for (launch.Status).
func complain(err error, stderr io.Writer) int {
	if err != nil {
		fmt.Fprintln(stderr, "localitylab:", termSafe(err.Error()))
	}
	return launch.Status(err)
}

// measure runs c, shows its progress on stderr, and reports the result: the summary
// (or benchmark lines) on stdout, then the output files. With sim, the misses are
// simulated after the frames (lab.Simulate). Ctrl-C stops the run.
func measure(ctx context.Context, c lab.Config, sim bool, format string, out outputs, stdout, stderr io.Writer) int {
	out.measured = true
	r, err := runWatched(ctx, c, lab.Run, newProgress(stderr))
	var mm *lab.MismatchError
	switch {
	case errors.As(err, &mm):
		status := mismatched(err, "run", stderr)
		fmt.Fprintln(stderr, "localitylab: to see what the two first did differently:", checkCommand(c, mm))
		return status
	case err != nil:
		return failed(ctx, err, "; nothing was written", stderr)
	}
	if sim {
		simulate(ctx, c, r, stderr)
	}
	// The frames are measured: a stop signal from here on (while simulating misses,
	// or writing) keeps the run, written whole, and then ends with its status.
	status := show(context.WithoutCancel(ctx), r, format, out, stdout, stderr)
	if ctx.Err() != nil {
		st, word := stopStatus(ctx)
		fmt.Fprintln(stderr, "localitylab: "+word+" after the frames were measured; the run was written"+simNote(sim))
		return st
	}
	var failures launch.WorkersFailed
	for _, b := range r.Backings {
		if b.Error != "" {
			fmt.Fprintf(stderr, "localitylab: %s\n", b.Error)
			failures = append(failures, b.Error)
		}
	}
	if status == exit.OK && failures != nil {
		return launch.Status(failures)
	}
	return status
}

// simNote is what a stop after the frames says of simulated misses, when asked for.
func simNote(sim bool) string {
	if sim {
		return ", with the misses simulated before the stop (the others say why they are missing)"
	}
	return ""
}

// show prints r in the chosen format, with the answers to its lesson's claims under
// the table, and writes the output files, under ctx (see outputs.write).
func show(ctx context.Context, r *result.Run, format string, out outputs, stdout, stderr io.Writer) int {
	l := lessonOf(r, out.lesson)
	text := textOut(out.toStdout(), stdout, stderr)
	var err error
	if format == "go" {
		err = writeGoBench(text, r)
	} else if err = writeTable(text, r, l, out.wide); err == nil {
		err = writeExplained(text, r) // explain.go
	}
	if err != nil {
		status := complain(err, stderr)
		if out.measured {
			rescue("run", func(w io.Writer) error { return result.WriteJSON(w, r) }, stderr)
		}
		return status
	}
	if saved, err := out.write(ctx, r, l, stdout); err != nil {
		if ctx.Err() != nil { // a stop: whoever stopped the work says so
			return launch.Status(context.Cause(ctx))
		}
		status := complain(err, stderr)
		if out.measured && !saved {
			rescue("run", func(w io.Writer) error { return result.WriteJSON(w, r) }, stderr)
		}
		return status
	}
	return exit.OK
}

// checkCommand is the check that shows where mm's two backings first differ: the
// run's workload and every parameter that is not at its default, up to mm's frame,
// for this program (a backing of one's own lives in a binary of its own).
func checkCommand(c lab.Config, mm *lab.MismatchError) string {
	args := []string{filepath.Base(os.Args[0]), "check", "-workload", c.Workload, "-backings", mm.A + "," + mm.B, "-frames", strconv.Itoa(mm.Frame + 1)}
	if spec, err := workloads.Lookup(c.Workload); err == nil {
		for _, q := range spec.Params {
			if v, ok := c.Params[q.Name]; ok && v != q.Default {
				args = append(args, "-"+q.Name, strconv.FormatInt(v, 10))
			}
		}
	}
	return strings.Join(args, " ")
}
