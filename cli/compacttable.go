package cli

import (
	"slices"
	"strings"
	"unicode/utf8"

	"localitylab/charts"
)

// termWidth is what a terminal's table and notes fit by default: 100 columns.
const termWidth = 100

// compactColumns are the columns a table keeps by default, the most telling first:
// the frame times and how they rank, the spread between forks (a run of several),
// misses (where they were counted or simulated), what the backings allocate and
// keep. The set does not follow the figures' widths, so that a table has the same
// columns from run to run; only should it still not fit termWidth (a long name of
// one's own backing) are the last of them left out too.
var compactColumns = []string{"backing", "p50", "× slower than best (95% CI)", charts.ForkColumn, "p99",
	"misses/frame", charts.SimColumn, "allocs/frame", "bytes/entity"}

// compact keeps the compactColumns of rows (a header, then a row per backing) that
// it has (misses only where some backing has a figure: a note says why there is
// none), in their own order, fitted to width, and returns the names of those left
// out.
func compact(rows [][]string, width int) ([][]string, []string) {
	header := rows[0]
	var chosen []int // by priority
	for _, name := range compactColumns {
		i := slices.Index(header, name)
		optional := name == "misses/frame" || name == charts.SimColumn
		if i == 0 || i > 0 && !(optional && allNA(rows[1:], i)) {
			chosen = append(chosen, i)
		}
	}
	return keepColumns(rows, chosen, 2, width)
}

// keepColumns keeps the columns chosen (indexes of rows' columns, by priority), the
// last of them left out until the table fits width, never fewer than the first
// atLeast. It returns the table with the columns kept, in their own order, and the
// names of those left out.
func keepColumns(rows [][]string, chosen []int, atLeast, width int) ([][]string, []string) {
	header := rows[0]
	for len(chosen) > atLeast && !fitsWidth(rows, chosen, width) {
		chosen = chosen[:len(chosen)-1]
	}
	keep := make([]bool, len(header))
	for _, i := range chosen {
		keep[i] = true
	}
	var left []string
	out := make([][]string, len(rows))
	for i := range header {
		if !keep[i] {
			left = append(left, header[i])
			continue
		}
		for k, row := range rows {
			out[k] = append(out[k], row[i])
		}
	}
	return out, left
}

// fitsWidth says the columns chosen of rows fit width, two spaces apart.
func fitsWidth(rows [][]string, chosen []int, width int) bool {
	w := -2
	for _, i := range chosen {
		w += columnWidth(rows, i) + 2
	}
	return w <= width
}

// allNA says every row's cell i is "n/a".
func allNA(rows [][]string, i int) bool {
	for _, row := range rows {
		if row[i] != "n/a" {
			return false
		}
	}
	return true
}

// columnWidth is the widest cell of column i, in runes, as writeColumns pads it.
func columnWidth(rows [][]string, i int) int {
	w := 0
	for _, row := range rows {
		w = max(w, utf8.RuneCountInString(row[i]))
	}
	return w
}

// leftOutNote says which columns a compact table left out, and where they are: files
// names the files that hold them all.
func leftOutNote(left []string, files string) string {
	if len(left) == 0 {
		return ""
	}
	return "Not shown here, to fit " + "100 columns: " + strings.Join(left, ", ") +
		" (-wide shows them; the " + files + " files always hold them)."
}

// wrapNotes wraps each note to width; a note's own line breaks stay, and a line's
// indent is kept on every line it wraps to.
func wrapNotes(notes []string, width int) []string {
	out := make([]string, 0, len(notes))
	for _, n := range notes {
		var lines []string
		for _, l := range strings.Split(n, "\n") {
			indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
			w := wrap(l, width-len(indent))
			lines = append(lines, indent+strings.ReplaceAll(w, "\n", "\n"+indent))
		}
		out = append(out, strings.Join(lines, "\n"))
	}
	return out
}
