package main

import (
	"fmt"
	"math"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// finding is one check's outcome, in words that carry its figures.
type finding struct {
	ok   bool
	text string
}

// judge checks the Windows run w, read from path (or not: werr), with its clock
// record t, against the Linux run l: the file, every p50, the recorded clock, and
// the ratio of slow to fast.
func judge(path string, w *result.Run, werr error, t timerRecord, l *result.Run, slow, fast string, tol float64) []finding {
	if werr != nil {
		return []finding{{false, fmt.Sprintf("-json %s: not written or not a run: %v", path, werr)}}
	}
	out := []finding{{true, fmt.Sprintf("-json %s was written: a run of %s, %d backings", path, w.Workload, len(w.Backings))}}
	for _, name := range []string{slow, fast} {
		b := w.Backing(name)
		switch {
		case b == nil:
			out = append(out, finding{false, fmt.Sprintf("%s: not in the Windows run", name)})
		case b.Error != "":
			out = append(out, finding{false, fmt.Sprintf("%s failed under Wine: %s", name, b.Error)})
		case b.Summary.P50NS <= 0:
			out = append(out, finding{false, fmt.Sprintf("%s's p50 reads %s under Wine (Linux %s): the frame clock does not resolve its frames",
				name, units.Duration(b.Summary.P50NS), p50(l, name))})
		default:
			out = append(out, finding{true, fmt.Sprintf("%s's p50 %s under Wine (Linux %s)", name, units.Duration(b.Summary.P50NS), p50(l, name))})
		}
	}
	out = append(out, clockFinding(t, w))
	return append(out, ratioFinding(w, l, slow, fast, tol))
}

// p50 is a backing's p50 in the Linux run, for the record beside the Windows one.
func p50(r *result.Run, name string) string {
	if b := r.Backing(name); b != nil {
		return units.Duration(b.Summary.P50NS)
	}
	return "n/a"
}

// ratioFinding compares slow against fast in the two runs: the Windows ratio must lie
// within tol (a share) of the Linux one.
func ratioFinding(w, l *result.Run, slow, fast string, tol float64) finding {
	wr, wok := ratio(w, slow, fast)
	lr, lok := ratio(l, slow, fast)
	switch {
	case !lok:
		return finding{false, fmt.Sprintf("%s/%s: the Linux run ranks no such pair", slow, fast)}
	case !wok:
		return finding{false, fmt.Sprintf("%s/%s: the Windows run gives no ratio (Linux %s)", slow, fast, units.Ratio(lr))}
	}
	off := wr/lr - 1
	return finding{math.Abs(off) <= tol, fmt.Sprintf("%s/%s %s under Wine, %s on Linux: %+.0f%% (within ±%.0f%% wanted)",
		slow, fast, units.Ratio(wr), units.Ratio(lr), 100*off, 100*tol)}
}

// ratio is the run's median ratio of slow to fast, from its ratios against the best
// backing, whichever of the two that was.
func ratio(r *result.Run, slow, fast string) (float64, bool) {
	for _, q := range r.Ratios {
		if q.Median <= 0 || math.IsInf(q.Median, 0) || math.IsNaN(q.Median) {
			continue
		}
		switch {
		case q.Backing == slow && q.Vs == fast:
			return q.Median, true
		case q.Backing == fast && q.Vs == slow:
			return 1 / q.Median, true
		}
	}
	return 0, false
}
