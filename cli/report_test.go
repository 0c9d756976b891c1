package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"localitylab/internal/exit"
	"localitylab/internal/golden"
	"localitylab/lab/result"
)

// savedRun is testdata/run.json: a small sprites run saved by bench, with counters.
const savedRun = "testdata/run.json"

func TestReport(t *testing.T) {
	dir := t.TempDir()
	js, cs := filepath.Join(dir, "again.json"), filepath.Join(dir, "run.csv")
	code, stdout, stderr := run(t, "report", savedRun, "-json", js, "-csv", cs)
	if code != exit.OK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	golden.Text(t, "table.txt", []byte(stdout))
	for _, line := range strings.Split(stdout, "\n") {
		if n := utf8.RuneCountInString(line); n > termWidth {
			t.Errorf("a line of %d columns, more than %d: %s", n, termWidth, line)
		}
	}
	if code, wide, stderr := run(t, "report", savedRun, "-wide"); code != exit.OK {
		t.Errorf("-wide: exit %d: %s", code, stderr)
	} else {
		golden.Text(t, "table-wide.txt", []byte(wide))
	}
	want := readFile(t, savedRun)
	got := readFile(t, js)
	if !bytes.Equal(got, want) {
		t.Error("report -json did not write back the run it read")
	}
	r, err := result.LoadJSON(savedRun)
	if err != nil {
		t.Fatal(err)
	}
	checkCSV(t, cs, 3*r.Frames)

	// Flags may also come before the file.
	if code, _, stderr := run(t, "report", "-format", "go", savedRun); code != exit.OK {
		t.Errorf("flags before the file: exit %d: %s", code, stderr)
	}
}

// TestReportV1 re-reads a run saved by the first version, which ran one frame of each
// backing in turn: it is summarised as it was measured, and says so.
func TestReportV1(t *testing.T) {
	code, stdout, stderr := run(t, "report", "testdata/run-v1.json")
	if code != exit.OK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"a version 1 run", "1.37× (0.96–1.67) n.s."} {
		if !strings.Contains(flat(stdout), want) {
			t.Errorf("report of a v1 run lacks %q:\n%s", want, stdout)
		}
	}
}

func TestReportFormatGo(t *testing.T) {
	code, stdout, _ := run(t, "report", savedRun, "-format", "go")
	if code != exit.OK {
		t.Fatalf("exit %d", code)
	}
	golden.Text(t, "bench.txt", []byte(stdout))
}

// TestReportCharts writes the HTML and PNG exports. The charts package may refuse
// (while it is being built it returns an error): then the command must say which
// output failed and exit 1, and leave no file behind.
func TestReportCharts(t *testing.T) {
	dir := t.TempDir()
	html, png := filepath.Join(dir, "run.html"), filepath.Join(dir, "run.png")
	code, _, stderr := run(t, "report", savedRun, "-html", html, "-png", png)
	switch code {
	case exit.OK:
		for path, magic := range map[string]string{html: "<", png: "\x89PNG"} {
			data, err := os.ReadFile(path)
			if err != nil || !bytes.HasPrefix(bytes.TrimSpace(data), []byte(magic)) {
				t.Errorf("%s: %v, starts %q", path, err, data[:min(len(data), 8)])
			}
		}
	case exit.Failed:
		if !strings.Contains(stderr, "-html: "+html) && !strings.Contains(stderr, "-png: "+png) {
			t.Errorf("stderr %q names neither output", stderr)
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if _, err := os.Stat(filepath.Join(dir, e.Name())); err == nil && strings.HasPrefix(e.Name(), ".") {
				t.Errorf("a temporary file was left behind: %s", e.Name())
			}
		}
	default:
		t.Errorf("exit %d: %s", code, stderr)
	}
}

func TestReportBadInput(t *testing.T) {
	dir := t.TempDir()
	other := filepath.Join(dir, "other.json")
	data := readFile(t, savedRun)
	os.WriteFile(other, bytes.Replace(data, []byte(result.Schema), []byte("localitylab/run/v0"), 1), 0o644)
	testRefusals(t, []string{"report"}, "", []refusal{
		{"no file", nil, "report: which run?"},
		{"missing file", []string{filepath.Join(dir, "nope.json")}, "no such file"},
		{"other schema", []string{other}, `schema: "localitylab/run/v0" is not "localitylab/run/v2"`},
		{"unwritable output", []string{savedRun, "-csv", filepath.Join(dir, "no", "run.csv")}, "-csv: "},
		{"two files", []string{savedRun, "more.json"}, `unexpected argument "more.json"`},
		{"format", []string{savedRun, "-format", "svg"}, `-format: "svg"`},
	})
}
