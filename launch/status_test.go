package launch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"testing"

	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/workloads/workload"
)

// TestStatus: every kind of ending has the status that docs/commands.md and
// `localitylab help` promise, bare or wrapped as the command line and the app pass
// it on; the table covers every status of package exit.
func TestStatus(t *testing.T) {
	mismatch := &lab.MismatchError{Frame: 3, A: "soa", B: "map"}
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"nothing went wrong", nil, exit.OK},
		{"checksums disagreed", mismatch, exit.Mismatch},
		{"checksums disagreed, wrapped", fmt.Errorf("sweep point 2: %w", mismatch), exit.Mismatch},
		{"Ctrl-C", &Stopped{os.Interrupt}, exit.Interrupted},
		{"SIGINT", &Stopped{syscall.SIGINT}, exit.Interrupted},
		{"SIGTERM", &Stopped{syscall.SIGTERM}, exit.Terminated},
		{"cancelled without a signal", context.Canceled, exit.Interrupted},
		{"cancelled, wrapped", fmt.Errorf("load: %w", context.Canceled), exit.Interrupted},
		{"bad input", &UsageError{errors.New("-format: \"xml\"")}, exit.Usage},
		{"a parameter out of range, as a flag", &UsageError{FlagError(&workload.ParamError{Param: "entities", Min: 1, Max: 10})}, exit.Usage},
		{"too big for the memory", &lab.MemoryError{Need: 1 << 40, Available: 1 << 30}, exit.Usage},
		{"too big for the memory, wrapped", fmt.Errorf("point 4: %w", &lab.MemoryError{}), exit.Usage},
		{"a worker failed", &lab.WorkerError{Backing: "map", Reason: "crashed"}, exit.Worker},
		{"workers failed in a result", WorkersFailed{"worker map: crashed", "worker soa: hung"}, exit.Worker},
		{"an output not written", fmt.Errorf("-png: %w", os.ErrPermission), exit.Failed},
		{"anything else", errors.New("the worker gave no layout"), exit.Failed},
		// The most telling kind wins where two meet.
		{"a mismatch while stopping", errors.Join(context.Canceled, mismatch), exit.Mismatch},
		{"SIGTERM beside a cancelled context", errors.Join(context.Canceled, &Stopped{syscall.SIGTERM}), exit.Terminated},
	}
	seen := map[int]bool{}
	for _, tt := range tests {
		got := Status(tt.err)
		if got != tt.want {
			t.Errorf("%s: Status(%v) = %d, want %d", tt.name, tt.err, got, tt.want)
		}
		seen[got] = true
	}
	for _, m := range exit.Meanings {
		if !seen[m.Status] {
			t.Errorf("no error in the table has status %d (%s)", m.Status, m.Meaning)
		}
	}
}

func TestStatusErrorsSayWhat(t *testing.T) {
	inner := errors.New("-frames: 0 is out of range")
	if u := (&UsageError{inner}); u.Error() != inner.Error() || !errors.Is(u, inner) {
		t.Errorf("UsageError %q hides its input's error", u)
	}
	if s := (&Stopped{syscall.SIGTERM}).Error(); s != "terminated signal received" {
		t.Errorf("Stopped says %q", s)
	}
	if s := (WorkersFailed{"a", "b"}).Error(); s != "a; b" {
		t.Errorf("WorkersFailed says %q", s)
	}
}
