// Package check finds where two backings stop doing the same work. The lab proves
// equal work by checksums alone (docs/design.md, rule 1), which say that a frame
// differs but not how; check runs the backings in one process, frame by frame, and at
// the first frame whose checksums differ compares, line by line, what each frame
// folded into its checksum (workload.Tracer), and reports the first line that differs:
// the sprite drawn out of place, the handle that reached a dead bullet, the tile
// whose entities differ.
//
// It measures nothing, so running every backing in one process breaks no rule: it is
// `localitylab check`, a debugging aid for a backing of one's own (package byo).
package check

import (
	"context"
	"errors"
	"fmt"

	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// Config is what to check: a workload, its parameters, two or more backings (the first
// is the reference) and how many frames.
type Config struct {
	Workload string
	Params   workload.Params
	Backings []string
	Frames   int
}

// Report is what a check found. Mismatch is nil when every backing folded the same
// checksum in every frame.
type Report struct {
	Params   workload.Params // resolved: every parameter, defaults included
	Frames   int             // frames run, up to and including a mismatch
	Mismatch *Mismatch
}

// Mismatch is the first frame whose checksums differ, and the first line of what the
// two frames folded that differs.
type Mismatch struct {
	Frame      int
	A, B       string // the reference backing, and the first that differs from it
	SumA, SumB uint64
	// Line is the index of the first differing line of the two traces, LineA and LineB
	// those lines (What empty when a trace ended before it), Before the lines they
	// share just before it. Line is -1 when the traces agree although the checksums do
	// not, or cannot be had; Note then says why.
	Line         int
	LineA, LineB workload.Folded
	Before       []workload.Folded
	LinesA       int // lines in each trace
	LinesB       int
	Note         string
}

// context lines shown before the first difference.
const contextLines = 2

// Run loads every backing and runs them frame by frame until a frame's checksums
// differ or c.Frames have agreed. progress, if not nil, is told each frame as it
// starts. Errors are bad input (the same as bench's) or a store that failed to load.
func Run(ctx context.Context, c Config, progress func(frame int)) (Report, error) {
	spec, err := workloads.Lookup(c.Workload)
	if err != nil {
		return Report{}, fmt.Errorf("workload: %w", err)
	}
	if len(c.Backings) < 2 {
		return Report{}, fmt.Errorf("backings: %d given (want two or more to compare)", len(c.Backings))
	}
	if c.Frames < 1 {
		return Report{}, fmt.Errorf("frames: %d (want 1 or more)", c.Frames)
	}
	p, err := spec.Resolve(c.Params)
	if err != nil {
		return Report{}, fmt.Errorf("params: %w", err)
	}
	stores := make([]workload.Store, len(c.Backings))
	for i, b := range c.Backings {
		if err := spec.CheckBacking(b); err != nil {
			return Report{}, fmt.Errorf("backings: %w", err)
		}
		if stores[i], err = spec.NewStore(p, b); err != nil {
			return Report{}, fmt.Errorf("params: %s: %w", b, err)
		}
	}
	for i, st := range stores {
		if err := st.Load(ctx, func(float64) {}); err != nil {
			if errors.Is(err, ctx.Err()) {
				return Report{}, err
			}
			return Report{}, fmt.Errorf("%s: load: %w", c.Backings[i], err)
		}
		if tr, ok := st.(workload.Tracer); ok {
			tr.StartTrace()
		}
	}
	rep := Report{Params: p}
	sums := make([]uint64, len(stores))
	for f := range c.Frames {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		if progress != nil {
			progress(f)
		}
		for i, st := range stores {
			sums[i] = st.Frame()
		}
		rep.Frames = f + 1
		for i := 1; i < len(stores); i++ {
			if sums[i] != sums[0] {
				m := compare(stores[0], stores[i])
				m.Frame, m.A, m.B, m.SumA, m.SumB = f, c.Backings[0], c.Backings[i], sums[0], sums[i]
				rep.Mismatch = &m
				return rep, nil
			}
		}
	}
	return rep, nil
}

// compare finds the first line at which the last frames of a and b folded different
// things.
func compare(a, b workload.Store) Mismatch {
	ta, okA := a.(workload.Tracer)
	tb, okB := b.(workload.Tracer)
	if !okA || !okB {
		return Mismatch{Line: -1, Note: "one of the stores cannot list what it folds (it is no workload.Tracer)"}
	}
	la, lb := ta.Trace(nil), tb.Trace(nil)
	m := Mismatch{Line: -1, LinesA: len(la), LinesB: len(lb)}
	for i := range max(len(la), len(lb)) {
		var x, y workload.Folded
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			m.Line, m.LineA, m.LineB = i, x, y
			m.Before = la[max(0, i-contextLines):i]
			return m
		}
	}
	m.Note = "the two frames folded the same lines, so the difference lies in what the traces do not show " +
		"(a store that folds a checksum of its own rather than through the World)"
	return m
}
