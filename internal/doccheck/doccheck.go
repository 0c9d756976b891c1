// Package doccheck checks the project's Markdown pages: every relative link leads to
// a file that exists, and every #anchor to a heading of the page it names. Pages are
// moved and renamed as the docs grow; a link that silently breaks sends a reader
// nowhere, so the tests check every page of the repository (TestProjectLinks).
package doccheck

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Problem is one broken link: the page and line it is on, the link as written and
// what is wrong with it.
type Problem struct {
	File string
	Line int
	Link string
	Why  string
}

func (p Problem) String() string {
	return fmt.Sprintf("%s:%d: %s: %s", p.File, p.Line, p.Link, p.Why)
}

// Check reads each page in pages (paths relative to root, with '/') and returns its
// broken links, in the order they appear. Links to other sites are not followed. An
// error is a page that cannot be read.
func Check(root string, pages []string) ([]Problem, error) {
	anchors := map[string]map[string]bool{} // by page, read once
	anchorsOf := func(page string) (map[string]bool, error) {
		if a, ok := anchors[page]; ok {
			return a, nil
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
		if err != nil {
			return nil, err
		}
		a := Anchors(string(data))
		anchors[page] = a
		return a, nil
	}
	var out []Problem
	for _, page := range pages {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
		if err != nil {
			return nil, err
		}
		for _, l := range Links(string(data)) {
			if why := checkLink(root, page, l.Target, anchorsOf); why != "" {
				out = append(out, Problem{File: page, Line: l.Line, Link: l.Target, Why: why})
			}
		}
	}
	return out, nil
}

// checkLink says what is wrong with target, a link on page, or "" when nothing is.
func checkLink(root, page, target string, anchorsOf func(string) (map[string]bool, error)) string {
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		return ""
	}
	path, frag, _ := strings.Cut(target, "#")
	to := page
	if path != "" {
		to = filepath.ToSlash(filepath.Join(filepath.Dir(page), path))
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(to))); err != nil {
			return "no such file " + to
		}
	}
	if frag == "" || !strings.HasSuffix(to, ".md") {
		return ""
	}
	a, err := anchorsOf(to)
	if err != nil {
		return err.Error()
	}
	if !a[frag] {
		return "no heading in " + to + " has the anchor #" + frag
	}
	return ""
}

// Link is a link's target and the line the target is on (from 1).
type Link struct {
	Line   int
	Target string
}

// linkTarget matches the end of an inline link or image, "](target)" or
// "](target "title")": the text before it may span lines.
var linkTarget = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// Links are the inline links and images of a Markdown page, outside code.
func Links(md string) []Link {
	text := withoutCode(md)
	var out []Link
	for _, m := range linkTarget.FindAllStringSubmatchIndex(text, -1) {
		line := 1 + strings.Count(text[:m[0]], "\n")
		out = append(out, Link{Line: line, Target: text[m[2]:m[3]]})
	}
	return out
}

// withoutCode blanks fenced blocks and code spans, keeping every newline so that
// lines keep their numbers: a link written inside code is an example, not a link.
func withoutCode(md string) string { return blankSpans(withoutFences(md)) }

// withoutFences blanks the lines of fenced code blocks, fences included.
func withoutFences(md string) string {
	lines := strings.Split(md, "\n")
	fence := ""
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case fence != "":
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			lines[i] = ""
		case strings.HasPrefix(t, "```"), strings.HasPrefix(t, "~~~"):
			fence = t[:3]
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}

// blankSpans replaces each code span (a run of backticks up to the next run of as
// many) with spaces, newlines kept. A run that is never closed is left as text.
func blankSpans(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); {
		if b[i] != '`' {
			i++
			continue
		}
		n := ticks(b, i)
		end := closing(b, i+n, n)
		if end < 0 {
			i += n
			continue
		}
		for k := i; k < end+n; k++ {
			if b[k] != '\n' {
				b[k] = ' '
			}
		}
		i = end + n
	}
	return string(b)
}

// closing is where the run of exactly n backticks that closes a span starting at
// from begins, or -1.
func closing(b []byte, from, n int) int {
	for j := from; j < len(b); {
		if b[j] != '`' {
			j++
			continue
		}
		k := ticks(b, j)
		if k == n {
			return j
		}
		j += k
	}
	return -1
}

// ticks is the length of the run of backticks at b[i:].
func ticks(b []byte, i int) int {
	n := 0
	for i+n < len(b) && b[i+n] == '`' {
		n++
	}
	return n
}

// Anchors are the anchors of a page's headings, as GitHub makes them: a heading's
// Anchor, with -1, -2 … after it for the second and later headings of the same
// anchor.
func Anchors(md string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, l := range strings.Split(withoutFences(md), "\n") {
		h, ok := heading(l)
		if !ok {
			continue
		}
		a := Anchor(h)
		if n := seen[a]; n > 0 {
			out[a+"-"+strconv.Itoa(n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

// heading is an ATX heading's text ("## Sweeps" is "Sweeps").
func heading(line string) (string, bool) {
	t := strings.TrimLeft(line, "#")
	level := len(line) - len(t)
	if level == 0 || level > 6 || (t != "" && t[0] != ' ') {
		return "", false
	}
	t = strings.TrimSpace(t)
	t = strings.TrimSpace(strings.TrimRight(t, "#"))
	return t, true
}

// Anchor is the anchor GitHub gives a heading: lower case, every character but
// letters, digits, '_', '-' and spaces dropped, and each space a '-'.
// "The machine's caches" is "the-machines-caches".
func Anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-', r == '_', unicode.IsLetter(r), unicode.IsDigit(r), unicode.Is(unicode.M, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
