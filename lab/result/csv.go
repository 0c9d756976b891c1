package result

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
)

// csvHeader names the CSV columns; the counter columns are empty where counters were
// off or could not be opened. "excluded" is why a frame is kept out of the summary
// (warm-up, re-warm) or empty; "round" is the scheduler's round that ran it, empty in
// a version 1 run. "ns" is the frame's time (its thread's CPU time where "wall_ns",
// the wall time, is filled in); "switches" and "interrupted" (1 or 0) say whether
// another process interrupted it, empty where the frames were timed by the wall
// clock alone ("switches" also where the system does not count them).
var csvHeader = []string{"backing", "frame", "round", "excluded", "ns", "allocs", "alloc_bytes",
	"heap_bytes", "rss_bytes", "gc_cycles", "gc_pause_ns", "gc_wait_ns", "gc_cpu_ns", "checksum",
	"instructions", "cycles", "mem_misses", "wall_ns", "switches", "interrupted"}

// WriteCSV writes one row per backing per frame, in the order the frames ran (frame 0
// of every backing, then frame 1, …), which is the long format spreadsheets and
// plotting tools filter and pivot most easily.
func WriteCSV(w io.Writer, r *Run) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	longest := 0
	for i := range r.Backings {
		longest = max(longest, r.Backings[i].Frames.Len())
	}
	row := make([]string, len(csvHeader))
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	for f := range longest {
		for i := range r.Backings {
			b := &r.Backings[i]
			s := &b.Frames
			if f >= s.Len() {
				continue
			}
			round := ""
			if k := r.RoundOf(f); k >= 0 {
				round = strconv.Itoa(k)
			}
			row = append(row[:0], textCell(b.Name), strconv.Itoa(f), round, r.Excluded(f),
				strconv.FormatInt(s.NS[f], 10), u(s.Allocs[f]), u(s.AllocBytes[f]),
				u(s.HeapBytes[f]), u(s.RSSBytes[f]), u(s.GCCycles[f]), u(s.GCPauseNS[f]),
				u(at(s.GCWaitNS, f)), u(at(s.GCCPUNS, f)), textCell(s.Checksum[f]), "", "", "", "", "", "")
			if s.HasCounters() {
				row[14], row[15] = u(s.Instructions[f]), u(s.Cycles[f])
			}
			if s.MemMisses != nil {
				row[16] = u(s.MemMisses[f])
			}
			if s.CPUTimed() {
				row[17], row[19] = strconv.FormatInt(s.WallNS[f], 10), "0"
				if s.Switches != nil {
					row[18] = u(s.Switches[f])
				}
				if s.Interrupted(f) {
					row[19] = "1"
				}
			}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// textCell is a text written into a CSV cell. A text that a spreadsheet would take
// for a formula (it begins with =, +, -, @, a tab or a carriage return) is written
// after an apostrophe, which the spreadsheet shows as text. OWASP advises this
// against CSV injection: a worker's error, or a student's file, reaches the
// teacher's spreadsheet through these cells. Numbers are written as they are, never
// through here: a negative figure stays a number.
func textCell(s string) string {
	if s != "" && strings.IndexByte("=+-@\t\r", s[0]) >= 0 {
		return "'" + s
	}
	return s
}

// at is xs[i], or 0 for a column a version 1 file does not have.
func at(xs []uint64, i int) uint64 {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}
