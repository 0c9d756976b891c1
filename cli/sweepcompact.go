package cli

import (
	"slices"
	"strings"
	"unicode/utf8"

	"localitylab/charts"
	"localitylab/lab/result"
)

// sweepTables are a sweep's two tables as the terminal shows them, and what they
// leave out, in words.
type sweepTables struct {
	points, backings charts.Table
	left             []string
	// reaches are each backing and where it reached each cache, for lines of their
	// own under the compact backings table.
	reaches [][]string
}

// fitSweep returns s's tables whole when wide, else fitted to width (compactPoints,
// compactBackings), as a run's table is (compact).
func fitSweep(s *result.Sweep, wide bool, width int) sweepTables {
	t := sweepTables{points: charts.SweepPointsTable(s), backings: charts.SweepBackingsTable(s)}
	if wide {
		return t
	}
	var left []string
	t.points, t.left = compactPoints(t.points, len(s.Backings), width)
	t.reaches = markerLines(t.backings)
	t.backings, left = compactBackings(t.backings, width)
	t.left = append(t.left, left...)
	return t
}

// reachesColumn is the backings table's column that says where each backing's
// working set reached each cache.
const reachesColumn = "reaches a cache at"

// compactPoints keeps of the points table the value, each backing's ns/entity, the
// fastest and the rounds; the collector's and the simulated misses' columns (one
// per backing each) are left out. Where the intervals make it wider than width,
// each backing's column gives its median alone ("ptrarray ns/entity"); where the
// headers still do, they are the backings' names; only should it still not fit are
// rounds, then fastest, left out too. backings is the number of backings, whose
// columns follow the value's.
func compactPoints(t charts.Table, backings, width int) (charts.Table, []string) {
	rows := tableCells(t)
	chosen := make([]int, 0, backings+3)
	for i := range backings + 1 {
		chosen = append(chosen, i)
	}
	for _, name := range []string{"fastest", "rounds"} {
		if i := slices.Index(rows[0], name); i > 0 {
			chosen = append(chosen, i)
		}
	}
	var left []string
	if !fitsWidth(rows, chosen, width) {
		for _, row := range rows[1:] {
			for i := 1; i <= backings; i++ {
				// A measured cell is "12.3 ns (12.1–12.6 ns)": the median, then its
				// interval; "failed", "n/a" and "skipped" have none.
				row[i], _, _ = strings.Cut(row[i], " (")
			}
		}
		for i := 1; i <= backings; i++ {
			rows[0][i] = strings.TrimSuffix(rows[0][i], " (95% CI)")
		}
		left = append(left, "the 95% intervals of ns/entity (the points table shows the medians)")
	}
	if !fitsWidth(rows, chosen, width) {
		for i := 1; i <= backings; i++ {
			rows[0][i] = strings.TrimSuffix(rows[0][i], " ns/entity")
		}
	}
	rows, dropped := keepColumns(rows, chosen, backings+1, width)
	for _, name := range dropped {
		switch {
		case strings.HasSuffix(name, " GC/frame"):
			name = "each backing's GC/frame"
		case strings.HasSuffix(name, " "+charts.SimColumn):
			name = "each backing's " + charts.SimColumn
		}
		if !slices.Contains(left, name) {
			left = append(left, name)
		}
	}
	return withCells(t, rows), left
}

// compactBackings keeps of the backings table each backing's ns/entity at the first
// and last values, the factor between them, its working set and bytes per entity at
// the last, the last three left out, in that order from the end, only should the
// table still not fit width. Where each backing reached a cache is left to lines
// of their own (markerLines): its caches and those a probe measured make it long.
func compactBackings(t charts.Table, width int) (charts.Table, []string) {
	rows := tableCells(t)
	var chosen []int
	for i, name := range rows[0] {
		if i == 0 || strings.HasPrefix(name, "ns/entity ") {
			chosen = append(chosen, i)
		}
	}
	atLeast := len(chosen)
	for i, name := range rows[0] {
		if name == "last ÷ first" {
			chosen = append(chosen, i)
		}
	}
	for i, name := range rows[0] {
		if strings.HasPrefix(name, "working set ") {
			chosen = append(chosen, i)
		}
	}
	if i := slices.Index(rows[0], "bytes/entity"); i > 0 {
		chosen = append(chosen, i)
	}
	rows, left := keepColumns(rows, chosen, atLeast, width)
	left = slices.DeleteFunc(left, func(name string) bool { return name == reachesColumn })
	return withCells(t, rows), left
}

// markerLines are, for each row of the backings table, its backing and where it
// reached each cache.
func markerLines(t charts.Table) [][]string {
	k := slices.Index(t.Columns, reachesColumn)
	if k < 0 {
		return nil
	}
	var out [][]string
	for _, r := range t.Rows {
		out = append(out, []string{r.Cells[0], r.Cells[k]})
	}
	return out
}

// tableCells are t's header and rows' cells, copied.
func tableCells(t charts.Table) [][]string {
	rows := [][]string{slices.Clone(t.Columns)}
	for _, r := range t.Rows {
		rows = append(rows, slices.Clone(r.Cells))
	}
	return rows
}

// withCells is t with the header and cells of rows (as tableCells gives them).
func withCells(t charts.Table, rows [][]string) charts.Table {
	out := t
	out.Columns = rows[0]
	out.Rows = slices.Clone(t.Rows)
	for i := range out.Rows {
		out.Rows[i].Cells = rows[i+1]
	}
	return out
}

// writeReaches writes where each backing reached a cache, under the compact
// backings table: a line per backing under a heading, the names aligned, each
// wrapped to width under its own start, between markers.
func writeReaches(b *strings.Builder, reaches [][]string, width int) {
	if len(reaches) == 0 {
		return
	}
	b.WriteString(reachesColumn + ":\n")
	names := columnWidth(reaches, 0)
	for _, r := range reaches {
		head := "  " + r[0] + strings.Repeat(" ", names-utf8.RuneCountInString(r[0])) + "  "
		under := strings.Repeat(" ", utf8.RuneCountInString(head))
		b.WriteString(head + strings.Join(wrapMarkers(r[1], width-len(under)), "\n"+under) + "\n")
	}
}

// wrapMarkers breaks a backing's markers ("L1d 1.5k · L2 21k · L3 1.4M") into lines
// of width at most, between markers, never inside one.
func wrapMarkers(cell string, width int) []string {
	var lines []string
	for _, m := range strings.Split(cell, " · ") {
		n := len(lines) - 1
		if n >= 0 && utf8.RuneCountInString(lines[n]+" · "+m) <= width {
			lines[n] += " · " + m
		} else {
			lines = append(lines, m)
		}
	}
	return lines
}
