package main

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// finding is one check's outcome, in words that carry its figures.
type finding struct {
	ok   bool
	text string
}

// pair is one run of the Windows binary under Wine and the run of the Linux binary
// measured right after it.
type pair struct {
	path  string      // the Windows run's file
	w     *result.Run // nil where the file could not be read (werr says why)
	werr  error
	timer timerRecord // the Windows run's frame clock
	l     *result.Run
}

// judge checks each Windows run (its file, every p50, the frame clock it records)
// and then the ratio of slow to fast: the median over the Windows runs must lie
// within tol (a share) of the median over the Linux runs. Medians over interleaved
// pairs, because on a busy machine one run of 60 frames timed by the wall clock
// under Wine can land far from the next.
func judge(pairs []pair, slow, fast string, tol float64) []finding {
	var out []finding
	for i, p := range pairs {
		prefix := ""
		if len(pairs) > 1 {
			prefix = fmt.Sprintf("run %d: ", i+1)
		}
		for _, f := range judgeRun(p, slow, fast) {
			out = append(out, finding{f.ok, prefix + f.text})
		}
	}
	return append(out, ratioFinding(pairs, slow, fast, tol))
}

// judgeRun checks one Windows run: the file, the two backings' p50s, the clock.
func judgeRun(p pair, slow, fast string) []finding {
	if p.werr != nil {
		return []finding{{false, fmt.Sprintf("-json %s: not written or not a run: %v", p.path, p.werr)}}
	}
	w := p.w
	out := []finding{{true, fmt.Sprintf("-json %s was written: a run of %s, %d backings", p.path, w.Workload, len(w.Backings))}}
	for _, name := range []string{slow, fast} {
		b := w.Backing(name)
		switch {
		case b == nil:
			out = append(out, finding{false, fmt.Sprintf("%s: not in the Windows run", name)})
		case b.Error != "":
			out = append(out, finding{false, fmt.Sprintf("%s failed under Wine: %s", name, b.Error)})
		case b.Summary.P50NS <= 0:
			out = append(out, finding{false, fmt.Sprintf("%s's p50 reads %s under Wine (Linux %s): the frame clock does not resolve its frames",
				name, units.Duration(b.Summary.P50NS), p50(p.l, name))})
		default:
			out = append(out, finding{true, fmt.Sprintf("%s's p50 %s under Wine (Linux %s)", name, units.Duration(b.Summary.P50NS), p50(p.l, name))})
		}
	}
	return append(out, clockFinding(p.timer, w))
}

// p50 is a backing's p50 in the Linux run, for the record beside the Windows one.
func p50(r *result.Run, name string) string {
	if b := r.Backing(name); b != nil {
		return units.Duration(b.Summary.P50NS)
	}
	return "n/a"
}

// ratioFinding compares the median ratio of slow to fast over the Windows runs with
// the median over the Linux runs.
func ratioFinding(pairs []pair, slow, fast string, tol float64) finding {
	var ws, ls []float64
	for _, p := range pairs {
		if r, ok := ratio(p.l, slow, fast); ok {
			ls = append(ls, r)
		} else {
			return finding{false, fmt.Sprintf("%s/%s: a Linux run ranks no such pair", slow, fast)}
		}
		if r, ok := ratio(p.w, slow, fast); ok {
			ws = append(ws, r)
		} else {
			return finding{false, fmt.Sprintf("%s/%s: a Windows run (%s) gives no ratio", slow, fast, p.path)}
		}
	}
	if len(ws) == 0 {
		return finding{false, fmt.Sprintf("%s/%s: no runs to compare", slow, fast)}
	}
	wm, lm := median(ws), median(ls)
	off := wm/lm - 1
	return finding{math.Abs(off) <= tol, fmt.Sprintf("%s/%s under Wine %s, on Linux %s: %+.0f%% (within ±%.0f%% wanted)",
		slow, fast, ratios(ws, wm), ratios(ls, lm), 100*off, 100*tol)}
}

// ratios writes a run's ratios, and their median where there are several.
func ratios(xs []float64, m float64) string {
	if len(xs) == 1 {
		return units.Ratio(xs[0])
	}
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = units.Ratio(x)
	}
	return strings.Join(s, ", ") + " (median " + units.Ratio(m) + ")"
}

// median is the middle ratio, or the geometric mean of the middle two, as the lab
// takes a median of ratios (so that a against b is exactly 1 over b against a).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return math.Sqrt(s[n/2-1] * s[n/2])
}

// ratio is the run's median ratio of slow to fast, from its ratios against the best
// backing, whichever of the two that was.
func ratio(r *result.Run, slow, fast string) (float64, bool) {
	if r == nil {
		return 0, false
	}
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
