package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"localitylab/internal/atomicfile"
	"localitylab/internal/exit"
	"localitylab/launch"
)

// stopSignals stop a command's work the same way: Ctrl-C (SIGINT), and SIGTERM, which
// kill, timeout and service managers send. Either way the command stops its workers,
// keeps what it says it keeps (a sweep's points done), and exits with 128 + the
// signal, as a shell reports a process the signal ended.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// untilInterrupt is the context every command that runs workers works under: a stop
// signal cancels it, so that the command stops its workers, says what it kept and
// exits with status 130 (Ctrl-C) or 143 (SIGTERM), instead of being killed outright.
func untilInterrupt() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, stopSignals...)
	go func() {
		select {
		case s := <-ch:
			cancel(&launch.Stopped{Signal: s})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel(nil)
	}
}

// stopStatus is the exit status and the word for work that ctx's signal stopped.
func stopStatus(ctx context.Context) (int, string) {
	cause := context.Cause(ctx)
	if cause == nil { // not stopped by a signal: the work was cancelled all the same
		cause = context.Canceled
	}
	status := launch.Status(cause)
	if status == exit.Terminated {
		return status, "terminated (SIGTERM)"
	}
	return status, "interrupted"
}

// watcher shows the progress of a run or a sweep (S its status) on stderr.
type watcher[S any] interface {
	update(S)
	end()
}

// runWatched runs c with run (lab.Run, sweep.Run), showing its progress with w
// until it ends.
func runWatched[C, S, R any](ctx context.Context, c C, run func(context.Context, C, func(S)) (R, error), w watcher[S]) (R, error) {
	defer w.end()
	return run(ctx, c, w.update)
}

// stopWriter is w for a file written under ctx. Once a stop signal cancels ctx, a
// write fails with ctx's error. So the file being written is given up rather than
// finished after the stop: atomicfile removes its temporary file and leaves the
// path as it was.
type stopWriter struct {
	ctx context.Context
	w   io.Writer
}

func (s stopWriter) Write(p []byte) (int, error) {
	if err := s.ctx.Err(); err != nil {
		return 0, err
	}
	return s.w.Write(p)
}

// writeUnder writes path as atomicfile.WriteTo does, under ctx: not at all once a
// stop signal has cancelled ctx, and given up at its next write when one does.
func writeUnder(ctx context.Context, path string, stdout io.Writer, fill func(w io.Writer) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return atomicfile.WriteTo(path, stdout, func(w io.Writer) error { return fill(stopWriter{ctx, w}) })
}

// untilStopped runs cmd, a command that reads files and writes others (report,
// compare), under untilInterrupt: a stop signal ends it at its next file, the one
// being written given up, with exit status 130 or 143. Without it the signal would
// kill the process outright and leave that file's temporary copy behind.
func untilStopped(stderr io.Writer, cmd func(ctx context.Context) int) int {
	ctx, stop := untilInterrupt()
	defer stop()
	status := cmd(ctx)
	if ctx.Err() != nil {
		return stoppedWriting(ctx, stderr)
	}
	return status
}

// stoppedWriting reports a command that a stop signal ended while it read or wrote
// its files, and returns the status the signal calls for.
func stoppedWriting(ctx context.Context, stderr io.Writer) int {
	status, word := stopStatus(ctx)
	fmt.Fprintln(stderr, "localitylab: "+word+"; the files written before it are whole, the one being written and the rest were not written")
	return status
}

// interrupted reports whether err is a stop signal having cancelled the work.
func interrupted(err error) bool { return errors.Is(err, context.Canceled) }

// failed reports work under ctx that ended in err (not nil) and returns the exit
// status it calls for. A stop signal is exit 130 or 143, said with note after
// "interrupted". Anything else is complained of. A run too large for the memory
// available is a usage error, since a smaller one would fit.
func failed(ctx context.Context, err error, note string, stderr io.Writer) int {
	if interrupted(err) {
		status, word := stopStatus(ctx)
		fmt.Fprintln(stderr, "localitylab: "+word+note)
		return status
	}
	return complain(err, stderr)
}

// mismatched reports a run or sweep (what) whose backings did different work: it
// is not a result, so none of it is written.
func mismatched(err error, what string, stderr io.Writer) int {
	fmt.Fprintln(stderr, "localitylab:", err)
	fmt.Fprintf(stderr, "localitylab: nothing was written: a %s whose backings did different work is not a result\n", what)
	return launch.Status(err)
}
