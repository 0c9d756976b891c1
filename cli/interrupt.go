package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"localitylab/internal/exit"
	"localitylab/lab"
)

// untilInterrupt is the context every command that runs workers works under: Ctrl-C
// cancels it, so that the command stops its workers, says what it kept and exits
// with status 130, instead of being killed outright.
func untilInterrupt() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
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

// interrupted reports whether err is Ctrl-C having cancelled the work.
func interrupted(err error) bool { return errors.Is(err, context.Canceled) }

// failed reports work that ended in err (not nil) and returns the exit status it
// calls for: a run too large for the memory available is a usage error, since a
// smaller one would fit; Ctrl-C is exit 130, said with note after "interrupted";
// anything else is a failure.
func failed(err error, note string, stderr io.Writer) int {
	var me *lab.MemoryError
	switch {
	case errors.As(err, &me):
		return complain(usagef("%v", err), stderr)
	case interrupted(err):
		fmt.Fprintln(stderr, "localitylab: interrupted"+note)
		return exit.Interrupted
	}
	return complain(err, stderr)
}

// mismatched reports a run or sweep (what) whose backings did different work: it
// is not a result, so none of it is written.
func mismatched(err error, what string, stderr io.Writer) int {
	fmt.Fprintln(stderr, "localitylab:", err)
	fmt.Fprintf(stderr, "localitylab: nothing was written: a %s whose backings did different work is not a result\n", what)
	return exit.Mismatch
}
