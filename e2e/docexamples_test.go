package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A shell session in the README or docs/ (a fenced block whose lines "$ cmd" are
// commands, the lines under each its output, "…" where output is left out) is an
// example, and every example is tagged by an HTML comment just before its fence:
//
//	<!-- example
//	quick bench: -entities 20000 -frames 24 -forks 1
//	setup: bench -preset pointer-chasing -json a.json
//	-->
//
// runs its commands (after the setup ones, in one folder), the flags of a "quick"
// line added to that subcommand's commands to keep them short, and checks that each
// output has the shape the page shows; "<!-- example not run: why -->" says why one
// is not run. An example without a tag fails, so a new one is not left unchecked.

// docExample is one tagged shell session of a page.
type docExample struct {
	page, at string
	notRun   string            // why it is not run; "" when it is
	quick    map[string]string // subcommand: flags added to its commands
	setup    []string
	commands []docCommand
}

// docCommand is one "$" line and the output the page shows under it.
type docCommand struct {
	line   string
	output []string
}

var exampleTag = regexp.MustCompile(`(?s)<!-- example( not run: ([^>]*))?\s*(.*?)-->\s*$`)

// docExamples reads the shell sessions of one page.
func docExamples(t *testing.T, page string) []docExample {
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var out []docExample
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		end := i + 1
		for end < len(lines) && !strings.HasPrefix(lines[end], "```") {
			end++
		}
		body := lines[i+1 : min(end, len(lines))]
		open := i
		i = end
		if !slices.ContainsFunc(body, func(l string) bool { return strings.HasPrefix(l, "$ ") }) {
			continue
		}
		ex := docExample{page: filepath.Base(page), at: filepath.Base(page) + ":" + strconv.Itoa(open+1), quick: map[string]string{}}
		k := open - 1
		for k >= 0 && !strings.Contains(lines[k], "<!-- example") && open-k < 6 {
			k--
		}
		var tag []string
		if k >= 0 && open-k < 6 {
			tag = exampleTag.FindStringSubmatch(strings.Join(lines[k:open], "\n"))
		}
		if tag == nil {
			t.Errorf("%s: a shell session with no <!-- example … --> tag before it", ex.at)
			continue
		}
		ex.notRun = strings.TrimSpace(tag[2])
		for _, l := range strings.Split(tag[3], "\n") {
			l = strings.TrimSpace(l)
			if v, ok := strings.CutPrefix(l, "setup:"); ok {
				ex.setup = append(ex.setup, strings.TrimSpace(v))
			} else if v, ok := strings.CutPrefix(l, "quick "); ok {
				cmd, flags, _ := strings.Cut(v, ":")
				ex.quick[strings.TrimSpace(cmd)] = strings.TrimSpace(flags)
			}
		}
		for _, l := range body {
			if c, ok := strings.CutPrefix(l, "$ "); ok {
				c, _, _ = strings.Cut(c, "  #") // a comment on the command line
				ex.commands = append(ex.commands, docCommand{line: strings.TrimSpace(c)})
			} else if n := len(ex.commands); n > 0 {
				ex.commands[n-1].output = append(ex.commands[n-1].output, l)
			}
		}
		out = append(out, ex)
	}
	return out
}

// TestDocExamples runs every example of the README and docs/ and checks each
// output's shape against the page: an error's line word for word; otherwise the
// table's columns and its rows' names, the first word of the output, and the
// paragraphs' opening words in order (figures masked), a verdict standing where
// the page shows one, whatever it says on this machine.
func TestDocExamples(t *testing.T) {
	needBinary(t)
	pages, _ := filepath.Glob("../docs/*.md")
	pages = append([]string{"../README.md"}, pages...)
	for _, page := range pages {
		for _, ex := range docExamples(t, page) {
			t.Run(ex.at, func(t *testing.T) {
				if ex.notRun != "" {
					t.Skip("not run: " + ex.notRun)
				}
				dir := t.TempDir()
				for _, s := range ex.setup {
					if o := runDoc(t, dir, s, nil); o.code != 0 {
						t.Fatalf("setup %q: exit %d\n%s", s, o.code, o.stderr)
					}
				}
				for _, c := range ex.commands {
					o := runDoc(t, dir, c.line, ex.quick)
					checkShape(t, c, o)
				}
			})
		}
	}
}

// runDoc runs one command of a page in dir: localitylab is the binary under test,
// "go run ./examples/aos" that program built.
func runDoc(t *testing.T, dir, line string, quick map[string]string) outcome {
	t.Helper()
	args := strings.Fields(line)
	prog := ""
	switch {
	case args[0] == "localitylab":
		prog, args = needBinary(t), args[1:]
	case len(args) > 2 && args[0] == "go" && args[1] == "run":
		prog, args = buildProgram(t, "../"+strings.TrimPrefix(args[2], "./")), args[3:]
	default:
		t.Fatalf("%q: not a command this test runs", line)
	}
	if len(args) > 0 {
		args = append(args, strings.Fields(quick[args[0]])...)
	}
	return runProgramIn(t, prog, dir, 5*time.Minute, nil, args...)
}

var (
	figures = regexp.MustCompile(`[0-9][0-9,.]*`)
	columns = regexp.MustCompile(`\s{2,}`)
	// verdictStart is how a claim's verdict begins, whichever way it goes, and a
	// class's count of its machines' verdicts.
	verdictStart = regexp.MustCompile(`^(The claim |Cannot tell|Unsettled|Not borne out|They cross|The lines cross|Only in part|Not measured yet|Too few rounds|Every machine says the same|The machines disagree)`)
)

// checkShape compares what c printed with what the page shows under it.
func checkShape(t *testing.T, c docCommand, o outcome) {
	t.Helper()
	shown := c.output
	for len(shown) > 0 && strings.TrimSpace(shown[len(shown)-1]) == "" {
		shown = shown[:len(shown)-1]
	}
	if len(shown) > 0 && strings.HasPrefix(shown[0], "localitylab: ") {
		if o.code == 0 || firstLine(o.stderr) != shown[0] {
			t.Errorf("%s: the page shows the error\n  %s\nthe program: exit %d, %q", c.line, shown[0], o.code, firstLine(o.stderr))
		}
		return
	}
	if o.code != 0 {
		t.Fatalf("%s: exit %d\n%s", c.line, o.code, o.stderr)
	}
	if len(shown) == 0 {
		return
	}
	got := strings.Split(o.stdout, "\n")
	if f, g := strings.Fields(shown[0]), strings.Fields(firstLine(o.stdout)); len(f) > 0 && f[0] != "…" && (len(g) == 0 || f[0] != g[0]) {
		t.Errorf("%s: the output begins %q, the page shows %q", c.line, firstLine(o.stdout), shown[0])
	}
	checkTables(t, c.line, shown, got)
	want, have := openings(shown, false), openings(got, true)
	at := 0
	for _, w := range want {
		i := slices.IndexFunc(have[at:], func(h string) bool { return h == w })
		if i < 0 {
			t.Errorf("%s: the page shows a paragraph opening %q (figures masked) that the output lacks, or has earlier\noutput:\n%s", c.line, w, o.stdout)
			return
		}
		at += i + 1
	}
}

func firstLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }

// openings are the first three words (figures masked) of each paragraph of lines
// (a run of lines after a blank line, a "…" or a table), or with every, of each
// line (the program's notes are a line each, wrapped, with no blank between); a
// verdict is "VERDICT" wherever it stands.
func openings(lines []string, every bool) []string {
	var out []string
	fresh := true
	for _, l := range lines {
		switch {
		case strings.TrimSpace(l) == "" || strings.TrimSpace(l) == "…" || isTableLine(l):
			fresh = true
			continue
		case strings.HasPrefix(l, " "):
			continue
		case verdictStart.MatchString(l):
			out = append(out, "VERDICT")
			fresh = false
			continue
		}
		if fresh || every {
			w := strings.Fields(figures.ReplaceAllString(l, "#"))
			out = append(out, strings.Join(w[:min(3, len(w))], " "))
		}
		fresh = false
	}
	return out
}

// isTableLine says l is a row of a table: cells two spaces or more apart, three
// cells at least.
func isTableLine(l string) bool {
	return !strings.HasPrefix(l, " ") && len(columns.Split(strings.TrimSpace(l), -1)) >= 3
}

// checkTables: every table header the page shows (a table line whose first cell is
// "backing", or the name of what a sweep or probe steps through) is in the output
// with the same columns, and the rows under it name the same things.
func checkTables(t *testing.T, line string, shown, got []string) {
	t.Helper()
	for i, l := range shown {
		if !isTableLine(l) || !slices.Contains([]string{"backing", "entities", "level"}, strings.Fields(strings.TrimSpace(l))[0]) {
			continue
		}
		head := columns.Split(strings.TrimSpace(l), -1)
		j := slices.IndexFunc(got, func(g string) bool { return slices.Equal(columns.Split(strings.TrimSpace(g), -1), head) })
		if j < 0 {
			t.Errorf("%s: the page shows a table with the columns %q; the output has none", line, head)
			continue
		}
		if w, h := rowNames(shown[i+1:]), rowNames(got[j+1:]); !slices.Equal(w, h) && !slices.Contains(w, "…") {
			t.Errorf("%s: the table under %q names %q on the page, %q in the output", line, head[0], w, h)
		}
	}
}

// rowNames are the first cells of a table's rows, sorted (the order is measured).
func rowNames(lines []string) []string {
	var out []string
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			break
		}
		if strings.TrimSpace(l) == "…" {
			out = append(out, "…")
			continue
		}
		out = append(out, columns.Split(strings.TrimSpace(l), -1)[0])
	}
	slices.Sort(out)
	return out
}
