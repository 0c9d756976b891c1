package charts

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// The cells that say under which conditions a backing's frames ran and what the
// collector cost it, shared by every table of a run (the app's, the picture's, the
// page's and the command line's), so that they read alike everywhere.

// InterruptedCell is how many of a backing's summarised frames were interrupted by
// another process ("12 of 180"), or n/a when the frames were timed by the wall clock
// alone, which cannot tell.
func InterruptedCell(b *result.Backing) string {
	if !b.Frames.CPUTimed() || b.Summary.Measured == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%s of %s", units.Count(float64(b.Summary.Interrupted)), units.Count(float64(b.Summary.Measured)))
}

// HugePagesCell is the share of a backing's heap that sat in huge pages after its
// load ("100%"), its range over the forks where they differ ("62–100%"), or n/a for a
// run that did not record it.
func HugePagesCell(b *result.Backing) string {
	lo, hi, ok := b.HugeShareRange()
	if !ok {
		return "n/a"
	}
	return units.ShareRange(lo, hi)
}

// GCCell is the collector's CPU time per frame: never "0 ns" for a backing that
// collected, however many frames share the cycles; n/a for a file without it.
func GCCell(b *result.Backing) string {
	s := &b.Summary
	switch {
	case b.Frames.GCCPUNS == nil:
		return "n/a"
	case s.GCCycles > 0 && s.GCCPUNSPerFrame < 0.5:
		return "< 1 ns"
	}
	return units.Duration(s.GCCPUNSPerFrame)
}

// GCRateCell is the collector's cycles per thousand frames, over every frame the
// backing ran: "0", "0.012", "3.3", "1,250"; n/a for a file that counted them over
// the summarised frames only.
func GCRateCell(b *result.Backing) string {
	s := &b.Summary
	switch {
	case s.GCFrames == 0:
		return "n/a"
	case s.GCCyclesPer1000 > 0 && s.GCCyclesPer1000 < 1:
		return strconv.FormatFloat(s.GCCyclesPer1000, 'g', 2, 64)
	}
	return units.Count(s.GCCyclesPer1000)
}

// WithGCCell is the p99 of the summarised frames with the wait for the collection
// each started added; n/a for a file without the waits.
func WithGCCell(b *result.Backing) string {
	if b.Frames.GCWaitNS == nil || b.Summary.P99WithGCNS == 0 {
		return "n/a"
	}
	return units.Duration(b.Summary.P99WithGCNS)
}

// PagesText says which pages a run's heaps had: "pages system (THP madvise)", the
// mode of the first record of its backings (every worker of a run is asked for the
// same); "" for a run that did not record them.
func PagesText(r *result.Run) string {
	for _, b := range r.Backings {
		for _, p := range b.PagesByFork() {
			if p.Mode == "" {
				continue
			}
			s := "pages " + p.Mode
			if p.THP != "" {
				s += " (THP " + p.THP + ")"
			}
			return s
		}
	}
	return ""
}

// FrameTimeNote says which clock the frame times are on and what "interrupted"
// means, for the notes under a table.
func FrameTimeNote(r *result.Run) string {
	for _, b := range r.Backings {
		if b.Frames.CPUTimed() {
			return "Frame times are the frame thread's CPU time: what other processes or the hypervisor took of " +
				"its CPU is not in them. interrupted: of the summarised frames, those during which the thread was " +
				"switched out or lost more than 1% of the frame (at least 10 µs) to something else; their CPU time " +
				"counts, though what ran in between leaves the caches colder." + clockClause(r.Timer)
		}
	}
	if r.Timer == nil { // a file from before the clock was recorded
		return "Frame times are wall-clock time."
	}
	return "Frame times are wall-clock time: a frame holds any time slice another process took during it, and a " +
		"long frame is interrupted more often than a short one, so on a busy machine a slow backing reads slower " +
		"still against a fast one." + clockClause(r.Timer)
}

// clockClause names the clocks that timed the frames and their resolution, as the
// workers measured them, for a file that records them; "" for one that does not.
func clockClause(t *result.FrameTimer) string {
	if t == nil {
		return ""
	}
	wall := t.Wall.Source + ", resolving " + units.Duration(t.Wall.ResolutionNS)
	if t.Clock == result.ClockThreadCPU && t.CPU != nil {
		return " Clocks, as measured when the workers started: " + t.CPU.Source + " for the CPU time, resolving " +
			units.Duration(t.CPU.ResolutionNS) + "; " + wall + " for the wall time."
	}
	return " Clock, as measured when the workers started: " + wall + "."
}

// GCNote says what the collector's columns count.
func GCNote(r *result.Run) string {
	for _, b := range r.Backings {
		if b.Summary.GCFrames > 0 {
			return "GC/frame, GCs/1k frames: the collector's CPU time and cycles over every frame each backing ran, " +
				"warm-up and re-warming ones included, waited for after the frame that started them; p99 with GC: " +
				"the p99 with that wait added to the frame that started the collection (or the next summarised one)."
		}
	}
	return "GC/frame: the collector's CPU time for the work each backing caused, waited for after its frame."
}

// ConditionNotes are the notes a table needs about the conditions of the run: which
// pages the heaps had, and which backings' frames were mostly interrupted, since
// their figures are those of a busy machine.
func ConditionNotes(r *result.Run) []string {
	var notes []string
	p, why := PagesText(r), r.HugeShareMissing()
	switch {
	case p != "" && !anyHugeShare(r):
		notes = append(notes, "huge pages n/a ("+p+"): "+why+".")
	case p != "":
		forks := ""
		if r.NumForks() > 1 {
			forks = " (its range over the forks where they differ)"
		}
		notes = append(notes, "huge pages: the share of each backing's heap in 2 MiB pages after its load"+forks+"; "+p+".")
		if why != "" {
			notes = append(notes, "huge pages n/a: "+why+".")
		}
	}
	var busy []string
	for _, b := range r.Backings {
		if s := b.Summary; b.Frames.CPUTimed() && s.Measured > 0 && 2*s.Interrupted > s.Measured {
			busy = append(busy, b.Name)
		}
	}
	if len(busy) > 0 {
		whose := "their"
		if len(busy) == 1 {
			whose = "its"
		}
		notes = append(notes, fmt.Sprintf("Most frames of %s were interrupted: the machine was busy, and %s figures "+
			"are those of a busy machine.", JoinAnd(busy), whose))
	}
	return notes
}

// anyHugeShare reports whether some backing of the run measured its share of heap in
// huge pages.
func anyHugeShare(r *result.Run) bool {
	for i := range r.Backings {
		if _, _, ok := r.Backings[i].HugeShareRange(); ok {
			return true
		}
	}
	return false
}

// JoinAnd lists names as a sentence does: "a", "a and b", "a, b and c".
func JoinAnd(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	out := names[0]
	for _, n := range names[1 : len(names)-1] {
		out += ", " + n
	}
	return out + " and " + names[len(names)-1]
}

// ClockText says which clock timed a run's frames.
func ClockText(r *result.Run) string {
	for _, b := range r.Backings {
		if b.Frames.CPUTimed() {
			return "each frame thread's CPU time (the wall time beside it, and the frames another process interrupted, counted)"
		}
	}
	return "the wall clock"
}

// FrameCPUText says where the frames ran and why, fork by fork where the forks were
// placed differently: from the first backing that recorded it, with any backing that
// ran elsewhere named.
func FrameCPUText(r *result.Run) string {
	n := r.NumForks()
	texts := make([]string, n)
	for k := range n {
		var first *result.FrameCPU
		var others []string
		for i := range r.Backings {
			cpus := r.Backings[i].FrameCPUs()
			if k >= len(cpus) || cpus[k].Why == "" {
				continue
			}
			switch fc := &cpus[k]; {
			case first == nil:
				first = fc
			case *fc != *first:
				others = append(others, r.Backings[i].Name+": "+fc.Why)
			}
		}
		if first == nil {
			continue
		}
		s := first.Why
		if first.CPU >= 0 {
			s = "CPU " + strconv.Itoa(first.CPU) + ", " + s
		}
		for _, o := range others {
			s += "; " + o
		}
		texts[k] = s
	}
	return byFork(texts)
}

// byFork joins what was recorded of each fork: the one text when every fork that
// recorded one recorded the same ("" when none did), else each fork's, named
// ("fork 1: …; fork 2: …").
func byFork(texts []string) string {
	var parts []string
	same, one := "", true
	for k, t := range texts {
		if t == "" {
			continue
		}
		if len(parts) == 0 {
			same = t
		}
		one = one && t == same
		parts = append(parts, "fork "+strconv.Itoa(k+1)+": "+t)
	}
	if one {
		return same
	}
	return strings.Join(parts, "; ")
}

// PagesRecord is the pages line of a run's record: the mode and each backing's
// share of heap in huge pages, fork by fork in a run of several, with what its
// worker noted; a share never measured is n/a, with the reason (said once where
// every backing's is n/a for the same one).
func PagesRecord(r *result.Run) string {
	head := PagesText(r)
	if head == "" {
		return ""
	}
	var parts []string
	measured, whys := 0, map[string]bool{}
	for _, b := range r.Backings {
		pages := b.PagesByFork()
		var forks []string
		for k, p := range pages {
			if p.Mode == "" {
				continue
			}
			var s string
			if x, ok := p.Share(); ok {
				measured++
				s = strconv.Itoa(int(math.Round(100*x))) + "% of " + units.Bytes(float64(p.HeapBytes))
			} else {
				s, whys[p.ShareMissing()] = "n/a", true
			}
			if len(pages) > 1 {
				s = "fork " + strconv.Itoa(k+1) + " " + s
			}
			if p.Note != "" {
				s += " (" + p.Note + ")"
			}
			forks = append(forks, s)
		}
		if len(forks) > 0 {
			parts = append(parts, b.Name+" "+strings.Join(forks, ", ")+" in huge pages")
		}
	}
	if measured == 0 && len(whys) == 1 {
		for why := range whys {
			return head + ": huge pages n/a for every backing (" + why + ")"
		}
	}
	return head + ": " + strings.Join(parts, "; ")
}
