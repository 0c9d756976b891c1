package cli

import (
	"fmt"
	"io"
	"strings"

	"localitylab/charts"
	"localitylab/internal/units"
	"localitylab/lab/result"
	"localitylab/presets"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// writeSweepTable prints a sweep: a line naming it, the table point by point, the
// table per backing, the answers to the lesson's claims (first after the tables, as
// a run's are), then the crossings and cache markers in words and notes on the
// figures. Unless wide, the tables keep the columns that fit 100 columns
// (fitSweep) and a note says which they left out; lines are wrapped to 100.
func writeSweepTable(w io.Writer, s *result.Sweep, answered []presets.Answered, wide bool) error {
	var b strings.Builder
	t := fitSweep(s, wide, termWidth)
	fmt.Fprintln(&b, wrap(sweepLine(s), termWidth))
	fmt.Fprintln(&b, wrap(charts.CachesText(s), termWidth))
	fmt.Fprintln(&b)
	writeTableRows(&b, t.points)
	fmt.Fprintln(&b)
	writeTableRows(&b, t.backings)
	writeReaches(&b, t.reaches, termWidth)
	if err := (lessonAnswers{claims: answered}).write(&b); err != nil {
		return err
	}
	fmt.Fprintln(&b)
	var notes []string
	notes = append(notes, charts.CrossingLines(s)...)
	if sk := charts.SkippedText(s); sk != "" {
		notes = append(notes, sk)
	}
	if d := charts.DriftText(s); d != "" {
		notes = append(notes, d)
	}
	if s.Stopped != "" {
		notes = append(notes, "The sweep was "+s.Stopped+".")
	}
	notes = append(notes, "ns/entity: the median frame time over the entities loaded, with its 95% interval from "+
		"resampling the point's rounds (the range of their medians below six rounds), widened to hold the median of each of the "+
		"point's forks (one per pass over the points). GC/frame: the collector's CPU time per frame and its cycles per "+
		"1,000 frames, over every frame the backing ran at the point, which the frame times leave out. "+
		charts.WorkingSetWords(s)+" \"Reaches a cache at\" is where it grows past each cache's size, interpolated between the points.")
	if n := sweepSimNote(s); n != "" {
		notes = append(notes, n)
	}
	if n := leftOutNote(t.left, "HTML, CSV and JSON"); n != "" {
		notes = append(notes, n)
	}
	for _, n := range notes {
		fmt.Fprintln(&b, wrap(n, termWidth))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeTableRows prints a charts.Table aligned, each row's error under it.
func writeTableRows(b *strings.Builder, t charts.Table) {
	rows := [][]string{t.Columns}
	for _, r := range t.Rows {
		rows = append(rows, r.Cells)
	}
	writeAligned(b, rows)
	for _, r := range t.Rows {
		if r.Error != "" {
			name := r.Backing
			if name == "" {
				name = r.Cells[0]
			}
			fmt.Fprintln(b, wrap(name+": "+r.Error, termWidth))
		}
	}
}

// sweepLine names the sweep: title or workload, the parameter and its range, the
// fixed parameters that differ from their defaults, the cache mode and the time.
func sweepLine(s *result.Sweep) string {
	head := s.Workload
	if s.Title != "" {
		head = s.Title + " (" + s.Workload + ")"
	}
	var fixed []string
	if spec, err := workloads.Lookup(s.Workload); err == nil {
		for _, q := range spec.Params {
			if v, ok := s.Params[q.Name]; ok && (v != q.Default || q.Name == workload.Seed.Name || q.Name == workload.Entities) {
				fixed = append(fixed, fmt.Sprintf("%s %s", q.Name, units.Count(float64(v))))
			}
		}
	}
	pages := ""
	if s.Pages != "" {
		pages = "; pages " + s.Pages
	}
	return fmt.Sprintf("%s: sweep of %s over %d values; %s%s; %s caches%s; took %s", head, s.Param, len(s.Values),
		strings.Join(fixed, ", "), charts.TiedText(s), s.Cache, pages, units.Duration(float64(s.DurationNS)))
}
