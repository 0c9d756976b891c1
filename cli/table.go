package cli

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"localitylab/charts"
	"localitylab/internal/units"
	"localitylab/lab/result"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

var tableColumns = []string{"backing", "p50", "p95", "p99", "p99 with GC", "× slower than best (95% CI)",
	"allocs/frame", "GC/frame", "GCs/1k frames", "bytes/entity", "misses/frame", "load", "interrupted", "huge pages"}

// forkAt is where a run of several forks gets the fork spread column: just after the
// ratio.
var forkAt = slices.Index(tableColumns, "× slower than best (95% CI)") + 1

// writeTable prints the run's summary: a line naming the run, one row per backing,
// fastest first (backings whose worker failed last, marked), the answers to its
// lesson's claims (l, first after the table: the verdict is what one reads the table
// for), and notes on what the figures mean. Unless wide, the table keeps the columns
// that fit 100 columns (compact) and says which it left out; lines are wrapped to 100.
func writeTable(w io.Writer, r *result.Run, l lessonAnswers, wide bool) error {
	cols := tableColumns
	if r.NumForks() > 1 {
		cols = slices.Insert(slices.Clone(cols), forkAt, charts.ForkColumn)
	}
	rows := [][]string{cols}
	order := fastestFirst(r)
	for _, i := range order {
		rows = append(rows, tableRow(r, &r.Backings[i]))
	}
	rows = addSimColumns(r, rows, order)
	notes := append(tableNotes(r), simNotes(r)...)
	if !wide {
		var left []string
		rows, left = compact(rows, termWidth)
		if n := leftOutNote(left, "HTML, PNG, CSV and JSON"); n != "" {
			notes = append(notes, n)
		}
	}
	var b strings.Builder
	fmt.Fprintln(&b, wrap(runLine(r), termWidth))
	fmt.Fprintln(&b)
	writeAligned(&b, rows)
	if err := l.write(&b); err != nil {
		return err
	}
	fmt.Fprintln(&b)
	for _, note := range wrapNotes(notes, termWidth) {
		fmt.Fprintln(&b, note)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// runLine names the run: title or workload, seed and size, the parameters that
// differ from their defaults, and the run's length.
func runLine(r *result.Run) string {
	head := r.Workload
	if r.Title != "" {
		head = r.Title + " (" + r.Workload + ")"
	}
	params := []string{fmt.Sprintf("seed %d", r.Params["seed"]), workload.Entities + " " + units.Count(float64(r.Params[workload.Entities]))}
	if spec, err := workloads.Lookup(r.Workload); err == nil {
		for _, q := range spec.Params {
			if v, ok := r.Params[q.Name]; ok && v != q.Default && q.Name != workload.Seed.Name && q.Name != workload.Entities {
				params = append(params, fmt.Sprintf("%s %d", q.Name, v))
			}
		}
	}
	length := fmt.Sprintf("%d frames, the first %d warm-up", r.Frames, r.Warmup)
	if n := r.NumForks(); n > 1 {
		length = fmt.Sprintf("%d frames in %d forks, each with its own warm-up (%d in all)", r.Frames, n, r.Warmup)
	}
	line := fmt.Sprintf("%s: %s; %s; %s", head, strings.Join(params, ", "), length, charts.CacheText(r))
	if pages := charts.PagesText(r); pages != "" {
		line += "; " + pages
	}
	return line
}

// fastestFirst orders backings by median frame time; those whose worker failed or
// that have no frame after warm-up follow in run order, so that a partial figure is
// never shown as the best.
func fastestFirst(r *result.Run) []int {
	full := func(b *result.Backing) bool { return b.Error == "" && b.Summary.Measured > 0 }
	idx := make([]int, len(r.Backings))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int {
		a, b := &r.Backings[i], &r.Backings[j]
		switch fa, fb := full(a), full(b); {
		case fa && fb:
			return cmp.Compare(a.Summary.P50NS, b.Summary.P50NS)
		case fa != fb && fa:
			return -1
		case fa != fb:
			return 1
		}
		return 0
	})
	return idx
}

func tableRow(r *result.Run, b *result.Backing) []string {
	s := &b.Summary
	name := b.Name
	if b.Error != "" {
		name += " (failed)"
	}
	row := []string{name, "n/a", "n/a", "n/a", "n/a", ratioCell(r, b.Name), "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a",
		charts.HugePagesCell(b)}
	if s.Measured > 0 {
		row[1], row[2], row[3] = charts.TimeCell(r, b, s.P50NS), charts.TimeCell(r, b, s.P95NS), charts.TimeCell(r, b, s.P99NS)
		row[4] = charts.WithGCCell(b)
		row[6] = units.Count(s.AllocsPerFrame)
		row[7], row[8] = charts.GCCell(b), charts.GCRateCell(b)
		if s.MemMissesPerFrame != nil {
			row[10] = units.Count(*s.MemMissesPerFrame)
		}
		row[12] = charts.InterruptedCell(b)
	}
	if b.Load.Entities > 0 {
		row[9] = units.Bytes(b.Load.BytesPerEntity)
	}
	if b.Load.NS > 0 {
		row[11] = units.Duration(float64(b.Load.NS))
	}
	if r.NumForks() > 1 {
		row = slices.Insert(row, forkAt, charts.ForkCell(b))
	}
	return row
}

// ratioCell is "best" for the fastest, "7.84× (7.71–7.98)" for the others, with "n.s."
// when the interval includes 1.
func ratioCell(r *result.Run, name string) string {
	for _, q := range r.Ratios {
		if q.Backing != name {
			continue
		}
		if q.Vs == name {
			return "best"
		}
		return units.RatioCI(q.Median, q.Lo, q.Hi, q.Range, q.Significant) + charts.ModesMark(&q)
	}
	if b := r.Backing(name); b != nil && b.Summary.Measured > 0 && r.UnresolvedText() != "" {
		return "cannot tell"
	}
	return "n/a"
}

// tableNotes explains the columns whose meaning depends on the run.
func tableNotes(r *result.Run) []string {
	excluded := "the warm-up frames"
	if r.Cache == result.Warm {
		excluded += " and the first half of each burst (it re-warms the caches after another backing's turn)"
	}
	over := "the rounds"
	if r.NumForks() > 1 {
		over = "the rounds of every fork, widened to hold each fork's own median"
	}
	notes := []string{charts.FrameTimeNote(r) + " Frame times exclude " + excluded + ". × slower: in each round, the median of per-frame time " +
		"ratios against the best; then the median over the rounds, with its 95% interval over " + over + " (a range " +
		"when fewer than six rounds); n.s. means the interval includes 1 (no significant difference). " + charts.GCNote(r)}
	if t := r.UnresolvedText(); t != "" {
		notes = append(notes, "× slower: "+t+"; no backing is ranked.")
	}
	notes = append(notes, charts.ForkNotes(r)...)
	notes = append(notes, charts.ConditionNotes(r)...)
	for _, b := range r.Backings {
		if l := b.Load; l.SetupNS > 0 || l.FixedBytes != 0 {
			notes = append(notes, loadNote(b.Name, &l))
		}
	}
	if note := loadMemoryNote(r); note != "" {
		notes = append(notes, note)
	}
	c := r.Counters
	switch {
	case !c.Enabled:
		notes = append(notes, "Hardware counters were off.")
	case c.Misses != "":
		notes = append(notes, "misses/frame counts "+c.Misses+".")
	}
	if c.Enabled && c.Note != "" {
		notes = append(notes, "Counters: "+strings.TrimSuffix(c.Note, ".")+".")
	}
	return notes
}

// loadNote says what a backing's load column leaves out: the phases that only set up
// conditions (the pointer array's heap aging), and the structure's fixed heap, which
// bytes/entity does not spread over the entities.
func loadNote(name string, l *result.Load) string {
	var parts []string
	for _, p := range l.Phases {
		switch p.Kind {
		case "setup":
			parts = append(parts, fmt.Sprintf("%s took %s before or during its load, not counted as load", p.Name, units.Duration(float64(p.NS))))
		case "fixed":
			parts = append(parts, fmt.Sprintf("its %s (%s, %s of heap) is counted as load but not per entity",
				p.Name, units.Duration(float64(p.NS)), units.Bytes(float64(p.HeapBytes))))
		}
	}
	return name + ": " + strings.Join(parts, "; ") + "."
}

// loadMemoryNote says, for the backings whose load's cost was measured, what the load
// cost on the way to what it holds. That is the page faults (fresh pages the process
// touched), the worker's CPU time and how much of it the kernel took (serving the
// faults, above all), the bytes allocated, and the bytes let go of. The collector
// frees those only at a later cycle. Faults and CPU time a system could not measure
// are n/a, and a line says why. It is "" when no load was measured so.
func loadMemoryNote(r *result.Run) string {
	var b strings.Builder
	missing := ""
	for _, bk := range r.Backings {
		l := &bk.Load
		faults, measured := l.Faults()
		if faults <= 0 && l.AllocBytes == 0 {
			continue
		}
		if measured {
			fmt.Fprintf(&b, "\n  %s: %s page faults", bk.Name, units.Count(float64(faults)))
			if l.PageBytes > 0 {
				fmt.Fprintf(&b, " (%s of fresh pages)", units.Bytes(float64(faults*l.PageBytes)))
			}
		} else {
			fmt.Fprintf(&b, "\n  %s: page faults n/a", bk.Name)
			missing = cmp.Or(missing, l.UsageMissing())
		}
		switch user, sys, ok := l.CPU(); {
		case !ok:
			b.WriteString("; CPU n/a")
			missing = cmp.Or(missing, l.UsageMissing())
		case user+sys > 0:
			fmt.Fprintf(&b, "; CPU %s, %s of it in the kernel", units.Duration(float64(user+sys)), units.Duration(float64(sys)))
		}
		fmt.Fprintf(&b, "; %s allocated, %s of it let go before the load ended (%d collections ran)",
			units.Bytes(float64(l.AllocBytes)), units.Bytes(float64(l.FreedLateBytes)), l.GCCycles)
	}
	if b.Len() == 0 {
		return ""
	}
	if missing != "" {
		fmt.Fprintf(&b, "\n  n/a: %s.", missing)
	}
	return "Load memory (the load's own phases; CPU time of the whole worker):" + b.String() +
		"\nWhat a load lets go of (vectors it outgrew) is reused only once a collection has freed it; " +
		"until then growing takes fresh pages, a page fault each."
}

// writeAligned writes rows as columns separated by two spaces: the first column
// aligned left, the figures right, the header like its column.
func writeAligned(b *strings.Builder, rows [][]string) { writeColumns(b, rows, 1) }

// allLeft, as writeColumns' rightFrom, aligns every column left.
const allLeft = math.MaxInt

// writeColumns writes rows as columns two spaces apart, the columns before rightFrom
// aligned left and the rest right; a nil row is a blank line between groups.
func writeColumns(b *strings.Builder, rows [][]string, rightFrom int) {
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	for _, row := range rows {
		var line strings.Builder
		for i, cell := range row {
			if i > 0 {
				line.WriteString("  ")
			}
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell))
			if i >= rightFrom {
				line.WriteString(pad + cell)
			} else {
				line.WriteString(cell + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}
