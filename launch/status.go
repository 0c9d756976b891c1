package launch

import (
	"context"
	"errors"
	"os"
	"strings"
	"syscall"

	"localitylab/internal/exit"
	"localitylab/lab"
)

// Status is the exit status that err, the way a command's or the app's work ended,
// calls for. It is the one rule from an error to a status. The command line and the
// app's -quit-after both follow it, so a script reads the same status for the same
// outcome from either. Package exit lists the statuses with what they mean; this
// decides which one an error is, most telling first:
//
//	nil                                       exit.OK
//	*lab.MismatchError                        exit.Mismatch: the backings did different work
//	*Stopped by SIGTERM                       exit.Terminated
//	*Stopped by another signal, or context.Canceled   exit.Interrupted
//	*UsageError, *lab.MemoryError             exit.Usage: bad input, or a run too big for the memory
//	*lab.WorkerError, WorkersFailed           exit.Worker: a worker failed, the others' figures stand
//	anything else                             exit.Failed
func Status(err error) int {
	var (
		mm *lab.MismatchError
		st *Stopped
		ue *UsageError
		me *lab.MemoryError
		we *lab.WorkerError
		wf WorkersFailed
	)
	switch {
	case err == nil:
		return exit.OK
	case errors.As(err, &mm):
		return exit.Mismatch
	case errors.As(err, &st):
		if st.Signal == syscall.SIGTERM {
			return exit.Terminated
		}
		return exit.Interrupted
	case errors.Is(err, context.Canceled):
		return exit.Interrupted
	case errors.As(err, &ue), errors.As(err, &me):
		return exit.Usage
	case errors.As(err, &we), errors.As(err, &wf):
		return exit.Worker
	}
	return exit.Failed
}

// UsageError is bad input, caught before any work: a flag, a preset, a parameter, a
// saved file, an output path. Its message is the input's, unchanged.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Stopped is the cause of work that a stop signal ended (Ctrl-C, or SIGTERM from
// kill, timeout or a service manager). The command line cancels its work's context
// with it, so that the status says which signal it was, as a shell reports a process
// the signal ended (128 + the signal).
type Stopped struct{ Signal os.Signal }

func (s *Stopped) Error() string { return s.Signal.String() + " signal received" }

// WorkersFailed is a run or a sweep whose workers failed, some or all: what the
// others measured was still written or saved. It holds each failure as the result
// records it.
type WorkersFailed []string

func (f WorkersFailed) Error() string { return strings.Join(f, "; ") }
