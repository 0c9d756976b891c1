package page

import (
	"bytes"
	"sync"
	"testing"

	"localitylab/charts"
	"localitylab/charts/classview"
	"localitylab/charts/internal/fixture"
	"localitylab/internal/pagecheck"
	"localitylab/lab/compare"
	"localitylab/lab/result"
)

// pageWriters write each kind of page from records whose every string has been
// passed through f, as a hand-edited or hostile file could hold them.
var pageWriters = []struct {
	name  string
	write func(f func(string) string) ([]byte, error)
}{
	{"run", func(f func(string) string) ([]byte, error) {
		r := hostileRun(f)
		return writePage(func(w *bytes.Buffer) error { return WriteHTML(w, r, hostileOptions(f)) })
	}},
	{"compare", func(f func(string) string) ([]byte, error) {
		base, new := hostileRun(f), hostileRun(f)
		rep, err := compare.Compare(base, new, f("base.json"), f("new.json"), nil)
		if err != nil {
			return nil, err
		}
		return writePage(func(w *bytes.Buffer) error { return WriteCompareHTML(w, base, new, rep, hostileOptions(f)) })
	}},
	{"sweep", func(f func(string) string) ([]byte, error) {
		s := fixture.Sweep()
		s.Title, s.Stopped, s.Unit = "a lesson", "stopped by the user", "entities"
		pagecheck.Strings(s, f)
		return writePage(func(w *bytes.Buffer) error { return WriteSweepHTML(w, s, hostileOptions(f)) })
	}},
	{"sweep with misses", func(f func(string) string) ([]byte, error) {
		s := fixture.SimSweep()
		pagecheck.Strings(s, f)
		return writePage(func(w *bytes.Buffer) error { return WriteSweepHTML(w, s, hostileOptions(f)) })
	}},
	{"class", func(f func(string) string) ([]byte, error) {
		c := classFixture()
		pagecheck.Strings(c, f)
		return writePage(func(w *bytes.Buffer) error { return WriteClassHTML(w, c, hostileOptions(f)) })
	}},
}

func writePage(write func(w *bytes.Buffer) error) ([]byte, error) {
	var buf bytes.Buffer
	err := write(&buf)
	return buf.Bytes(), err
}

func hostileRun(f func(string) string) *result.Run {
	r := fixture.Run(fixture.Options{Frames: 24, Warmup: 4, Counters: true, Fail: "map", FailAt: 15,
		Backings: []string{"ptrarray", "map", "soa", "spatialhash"}})
	r.Title, r.Pinned = "a lesson", "CPU 1"
	pagecheck.Strings(r, f)
	return r
}

func hostileOptions(f func(string) string) charts.Options {
	o := charts.Options{EChartsURL: "echarts.min.js", Claims: []charts.Claim{{Source: "source 003", Text: "A claim.", Answer: "An answer."}},
		ClaimsNote: "A note."}
	pagecheck.Strings(&o, f)
	return o
}

// classFixture is a class of three machines with every part its page shows.
func classFixture() *classview.Class {
	files := []string{"a.json", "b.json", "c.json"}
	bars := func(ns float64) []classview.Bar {
		return []classview.Bar{{NS: ns, Lo: ns * 0.9, Hi: ns * 1.1}, {NS: 2 * ns, Lo: 1.8 * ns, Hi: 2.2 * ns}, {Missing: "not measured"}}
	}
	return &classview.Class{Heading: "pointer-chasing (sprites) on 3 machines", Params: "entities = 1,000", Kind: "run",
		Machines: files, Differ: []string{"CPU"}, OneHost: "one host", Order: "soa first", FiguresNote: "p50 frame",
		Table: classview.Table{Columns: append([]string{""}, files...), FiguresTitle: "p50 frame (95% interval)", Rows: []classview.Row{
			{Group: classview.GroupMachine, Name: "CPU", Cells: []string{"EPYC", "Xeon", "M1"}},
			{Group: classview.GroupFigures, Name: "soa", Cells: []string{"1 ms", "2 ms", "n/a"}},
			{Group: classview.GroupAnswers, Name: "claim 1", Cells: []string{"holds", "does not hold", "cannot tell"}, Strong: []bool{true, false, false}},
		}},
		ChartTitle: "p50 frame per machine",
		Groups:     []classview.Group{{Label: "soa", Bars: bars(1e6)}, {Label: "ptrarray", Bars: bars(5e6)}},
		Claims: []classview.Claim{{Source: "source 003", Text: "A claim.", Agreement: "holds on 1 of 3",
			Answers: []classview.Answer{{Verdict: "holds", Full: "holds: 2×"}, {Verdict: "does not", Full: "does not: 1×"}, {Verdict: "cannot tell", Full: "cannot tell"}}}},
	}
}

// TestPagesKeepHostileTextAsText: a page written from records whose every string
// carries markup (a file a student edited by hand) is, as a browser parses it, the
// same page as one written from plain words: the same elements, attributes and
// scripts. A name that ended a
// script block, as a sweep marker's cache name did, adds a live script element.
func TestPagesKeepHostileTextAsText(t *testing.T) {
	plain := func(s string) string { return s + "x" }
	hostile := func(s string) string { return s + pagecheck.Hostile }
	for _, pw := range pageWriters {
		t.Run(pw.name, func(t *testing.T) {
			checkHostile(t, pw.write, func() ([]byte, error) { return pw.write(plain) }, hostile)
		})
	}
}

// checkHostile compares the page write makes with hostile's strings with the page
// plain gives (the same record in plain words).
func checkHostile(t *testing.T, write func(func(string) string) ([]byte, error), plain func() ([]byte, error), hostile func(string) string) {
	t.Helper()
	want, err := plain()
	if err != nil {
		t.Fatal(err)
	}
	wantShape, wantScripts, err := pagecheck.Shape(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := write(hostile)
	if err != nil {
		t.Fatal(err)
	}
	gotShape, gotScripts, err := pagecheck.Shape(got)
	if err != nil {
		t.Fatal(err)
	}
	if gotScripts != wantScripts {
		t.Errorf("%d script elements, want the template's %d", gotScripts, wantScripts)
	}
	if d := pagecheck.Diff(wantShape, gotShape); d != "" {
		t.Errorf("hostile text changed the page's elements: %s", d)
	}
}

// fuzzPage checks that any text in every string of the records the page named is
// written as text (see checkHostile). Run each target with go test -run '^$' -fuzz
// NAME -fuzztime 60s -fuzzminimizetime 10x ./charts/page/ (the default minimising,
// up to a minute for each new input, leaves little of the minute to fuzzing).
func fuzzPage(f *testing.F, name string) {
	var write func(func(string) string) ([]byte, error)
	for _, pw := range pageWriters {
		if pw.name == name {
			write = pw.write
		}
	}
	for _, s := range []string{"", pagecheck.Hostile, "</SCRIPT >", "<!--<script>", "\u2028", `\`, "'", "__f__", "%MY_ECHARTS%", "{{.}}"} {
		f.Add(s)
	}
	// The plain page is written once per fuzzing process: it is the same every time.
	plain := sync.OnceValues(func() ([]byte, error) { return write(func(s string) string { return s + "x" }) })
	limit := pagecheck.Limit(func() { plain() })
	f.Fuzz(func(t *testing.T, extra string) {
		defer pagecheck.Within(limit, extra)()
		checkHostile(t, write, plain, func(s string) string { return s + "x" + extra })
	})
}

func FuzzRunPage(f *testing.F)     { fuzzPage(f, "run") }
func FuzzComparePage(f *testing.F) { fuzzPage(f, "compare") }
func FuzzSweepPage(f *testing.F)   { fuzzPage(f, "sweep with misses") }
func FuzzClassPage(f *testing.F)   { fuzzPage(f, "class") }
