package golden

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Limits of a printed diff: a golden page has lines of tens of kilobytes (a chart's
// data) and a changed template can touch every line, and the test log should still
// show where the difference is rather than all of it.
const (
	diffContext  = 3       // unchanged lines shown around a change
	diffMaxLines = 80      // lines of diff printed before the rest is counted
	diffMaxWidth = 200     // characters of a line printed
	diffMaxCells = 4 << 20 // the largest table of line pairs the diff computes
)

// op is one line of an edit script: ' ' kept, '-' only in want, '+' only in got.
type op struct {
	kind      byte
	line      string
	want, got int // line numbers (from 1) in want and got
}

// Diff returns a unified diff of want and got by lines, as `diff -u` prints it,
// with hunks of diffContext lines of context, long lines shortened and at most
// diffMaxLines lines; "" when they are equal.
func Diff(wantName, gotName string, want, got []byte) string {
	if string(want) == string(got) {
		return ""
	}
	ops := edits(strings.SplitAfter(string(want), "\n"), strings.SplitAfter(string(got), "\n"))
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", wantName, gotName)
	n := 0
	for _, h := range hunks(ops) {
		first := ops[h[0]]
		fmt.Fprintf(&b, "@@ -%d +%d @@\n", first.want, first.got)
		for _, o := range ops[h[0]:h[1]] {
			if n == diffMaxLines {
				fmt.Fprintf(&b, "… (the diff goes on; compare the files)\n")
				return b.String()
			}
			fmt.Fprintf(&b, "%c%s\n", o.kind, clip(strings.TrimSuffix(o.line, "\n")))
			n++
		}
	}
	return b.String()
}

// edits is the edit script from a to b: the common prefix and suffix kept, and
// between them a longest common subsequence of lines, or, where the table it needs
// would be too large, all of a's lines removed and all of b's added.
func edits(a, b []string) []op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []op
	for i := range pre {
		ops = append(ops, op{' ', a[i], i + 1, i + 1})
	}
	ops = append(ops, middle(a[pre:len(a)-suf], b[pre:len(b)-suf], pre)...)
	for k := suf; k > 0; k-- {
		i, j := len(a)-k, len(b)-k
		ops = append(ops, op{' ', a[i], i + 1, j + 1})
	}
	return ops
}

// middle diffs a and b, which start after off lines both files share.
func middle(a, b []string, off int) []op {
	var ops []op
	if len(a)*len(b) > diffMaxCells {
		for i, l := range a {
			ops = append(ops, op{'-', l, off + i + 1, off + 1})
		}
		for j, l := range b {
			ops = append(ops, op{'+', l, off + len(a) + 1, off + j + 1})
		}
		return ops
	}
	// lcs[i][j] is the length of a longest common subsequence of a[i:] and b[j:].
	lcs := make([][]int32, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			ops = append(ops, op{' ', a[i], off + i + 1, off + j + 1})
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, op{'-', a[i], off + i + 1, off + j + 1})
			i++
		default:
			ops = append(ops, op{'+', b[j], off + i + 1, off + j + 1})
			j++
		}
	}
	return ops
}

// hunks groups the changes of ops with their context: each hunk is the range
// [start, end) of ops, and hunks whose context would touch are one.
func hunks(ops []op) [][2]int {
	var out [][2]int
	for i, o := range ops {
		if o.kind == ' ' {
			continue
		}
		lo, hi := max(0, i-diffContext), min(len(ops), i+1+diffContext)
		if n := len(out); n > 0 && lo <= out[n-1][1] {
			out[n-1][1] = hi
		} else {
			out = append(out, [2]int{lo, hi})
		}
	}
	return out
}

// clip shortens a line to diffMaxWidth characters.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= diffMaxWidth {
		return s
	}
	return string([]rune(s)[:diffMaxWidth]) + "…"
}
