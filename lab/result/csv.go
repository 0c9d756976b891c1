package result

import (
	"encoding/csv"
	"io"
	"strconv"

	"localitylab/internal/atomicfile"
)

// csvHeader names the CSV columns; the counter columns are empty where counters were
// off or could not be opened.
var csvHeader = []string{"backing", "frame", "warmup", "ns", "allocs", "alloc_bytes", "heap_bytes",
	"rss_bytes", "gc_cycles", "gc_pause_ns", "checksum", "instructions", "cycles", "mem_misses"}

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
			row[0], row[1], row[2] = b.Name, strconv.Itoa(f), strconv.FormatBool(f < r.Warmup)
			row[3], row[4], row[5] = strconv.FormatInt(s.NS[f], 10), u(s.Allocs[f]), u(s.AllocBytes[f])
			row[6], row[7], row[8] = u(s.HeapBytes[f]), u(s.RSSBytes[f]), u(s.GCCycles[f])
			row[9], row[10] = u(s.GCPauseNS[f]), s.Checksum[f]
			row[11], row[12], row[13] = "", "", ""
			if s.HasCounters() {
				row[11], row[12] = u(s.Instructions[f]), u(s.Cycles[f])
			}
			if s.MemMisses != nil {
				row[13] = u(s.MemMisses[f])
			}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// SaveCSV writes r as CSV to path through a temporary file (see atomicfile).
func SaveCSV(path string, r *Run) error {
	return atomicfile.Write(path, func(w io.Writer) error { return WriteCSV(w, r) })
}
