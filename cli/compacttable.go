package cli

import (
	"slices"
	"strings"
	"unicode/utf8"

	"localitylab/charts"
)

// termWidth is what a terminal's table and notes fit by default: 100 columns.
const termWidth = 100

// compactOrder is the columns a table keeps when it must fit termWidth, the most
// telling first: the frame times and how they rank, the spread between forks,
// misses where they were counted, then what the backings cost beside their
// frames. A column every backing has "n/a" in comes after all of these.
var compactOrder = []string{"backing", "p50", "× slower than best (95% CI)", charts.ForkColumn, "p99",
	"misses/frame", charts.SimColumn, "allocs/frame", "bytes/entity", "GC/frame", "load", "p95",
	"p99 with GC", "GCs/1k frames", "interrupted", "huge pages"}

// compact keeps the columns of rows (a header, then a row per backing) that fit
// width, chosen in compactOrder and shown in their own order, and returns the
// names of those left out.
func compact(rows [][]string, width int) ([][]string, []string) {
	header := rows[0]
	rank := func(i int) int {
		r := slices.Index(compactOrder, header[i])
		if r < 0 {
			r = len(compactOrder) // a column this list does not know: after those it does
		}
		if i > 0 && allNA(rows[1:], i) {
			r += 2 * len(compactOrder)
		}
		return r
	}
	byRank := make([]int, len(header))
	for i := range byRank {
		byRank[i] = i
	}
	slices.SortStableFunc(byRank, func(a, b int) int { return rank(a) - rank(b) })
	keep := make([]bool, len(header))
	used := -2 // the first column has no gap before it
	for _, i := range byRank {
		w := columnWidth(rows, i) + 2
		if used+w > width && i != 0 {
			continue
		}
		keep[i] = true
		used += w
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

// leftOutNote says which columns a compact table left out, and where they are.
func leftOutNote(left []string) string {
	if len(left) == 0 {
		return ""
	}
	return "Not shown here, to fit " + "100 columns: " + strings.Join(left, ", ") +
		" (-wide shows them; the HTML, PNG, CSV and JSON files always hold them)."
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
