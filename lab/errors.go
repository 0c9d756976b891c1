package lab

import (
	"fmt"
	"strings"

	"localitylab/internal/units"
)

// MismatchError reports that two backings did different work: their checksums for the
// same frame differ (docs/design.md, rule 1). It ends the run; the frame is never
// charted. A is the backing the others are checked against (the first live one).
// Frame is the world's frame, counted from its fork's start (every fork's world
// starts at frame 0), so that `localitylab check` can replay it; Fork is that fork,
// from 0, and Forks how many the run had.
type MismatchError struct {
	Frame       int
	Fork, Forks int
	A, B        string
	SumA, SumB  uint64
}

func (e *MismatchError) Error() string {
	at := fmt.Sprintf("frame %d", e.Frame)
	if e.Forks > 1 {
		at += fmt.Sprintf(" of fork %d", e.Fork+1)
	}
	return fmt.Sprintf("checksum mismatch at %s: %s gave %016x, %s gave %016x; the backings did different work (a bug in one of them)",
		at, e.A, e.SumA, e.B, e.SumB)
}

// WorkerError reports a worker that failed: it crashed, was killed, hung past the
// timeout, reported an error or broke the protocol. It ends that backing only.
type WorkerError struct {
	Backing string
	Reason  string   // what went wrong, as the coordinator saw it or the worker said
	Exit    string   // how the process ended: "exit status 2", "killed by signal 9 (killed), perhaps out of memory"
	Stderr  []string // the last lines the worker wrote to stderr
}

func (e *WorkerError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "worker %s: %s", e.Backing, e.Reason)
	if e.Exit != "" {
		fmt.Fprintf(&b, " (%s)", e.Exit)
	}
	if len(e.Stderr) > 0 {
		b.WriteString("; last stderr lines:")
		for _, l := range e.Stderr {
			b.WriteString("\n\t")
			b.WriteString(l)
		}
	}
	return b.String()
}

// MemoryError refuses a run that would not fit in the machine's available memory.
type MemoryError struct {
	Backings  []string
	Estimates []int64 // bytes per backing, worker overhead included
	Need      uint64  // the sum with the safety margin
	Available uint64  // what the system reports as available
	Limit     string  // what set Available where a memory cgroup did ("" for the host's free memory)
}

func (e *MemoryError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the run needs about %s (", units.Bytes(float64(e.Need)))
	for i, name := range e.Backings {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %s", name, units.Bytes(float64(e.Estimates[i])))
	}
	fmt.Fprintf(&b, ", plus a margin) but only %s is available", units.Bytes(float64(e.Available)))
	if e.Limit != "" {
		fmt.Fprintf(&b, " (%s)", e.Limit)
	}
	b.WriteString(": use fewer entities or fewer backings")
	return b.String()
}
