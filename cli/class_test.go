package cli

import (
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"localitylab/internal/exit"
	"localitylab/internal/golden"
)

// classFixtures are three real runs of one lesson with their hosts edited to stand
// for three laptops, and three sweeps made the same way (presets/class/testdata).
var (
	classRuns   = []string{"../presets/class/testdata/laptop-a.json", "../presets/class/testdata/laptop-b.json", "../presets/class/testdata/laptop-c.json"}
	classSweeps = []string{"../presets/class/testdata/sweep-a.json", "../presets/class/testdata/sweep-b.json", "../presets/class/testdata/sweep-c.json"}
)

// TestCompareClass runs compare on three saved runs of one lesson: it prints the
// machines side by side (a golden file) and writes the slide and the page.
func TestCompareClass(t *testing.T) {
	dir := t.TempDir()
	pngPath, html := filepath.Join(dir, "class.png"), filepath.Join(dir, "class.html")
	code, stdout, stderr := run(t, append(append([]string{"compare"}, classRuns...), "-png", pngPath, "-html", html)...)
	if code != exit.OK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	golden.Text(t, "class.txt", []byte(stdout))
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if cfg, err := png.DecodeConfig(f); err != nil || cfg.Width != 1920 || cfg.Height != 1080 {
		t.Errorf("PNG: %v, %d×%d, want 1920×1080", err, cfg.Width, cfg.Height)
	}
	page := string(readFile(t, html))
	for _, want := range []string{"on 3 machines, one run each", "Intel(R) Core(TM) i5-8250U", "huge (THP madvise)",
		"Every machine says the same: the claim does not hold (all 3 machines).", `"type":"log"`, "p50 frame (95% interval)"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// TestCompareClassSweeps: three saved sweeps of one lesson, each machine's figure
// at each point and the sweep's verdict per machine (a golden file).
func TestCompareClassSweeps(t *testing.T) {
	code, stdout, stderr := run(t, append([]string{"compare"}, classSweeps...)...)
	if code != exit.OK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	golden.Text(t, "class-sweeps.txt", []byte(stdout))
}

// TestCompareClassRefuses: every file a class cannot take is bad input (exit 2),
// named, with what is wrong, before anything is printed or written.
func TestCompareClassRefuses(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	edited := func(name, from, to string) string {
		return write(name, strings.Replace(string(readFile(t, classRuns[2])), from, to, 1))
	}
	broken := write("broken.json", `{"schema": "localitylab/run/v2", "workload": "sprites", "frames": -3`)
	notRun := write("preset.json", `{"schema": "localitylab/preset/v1", "title": "x"}`)
	otherLesson := edited("other-lesson.json", `"title":"Pointer chasing vs contiguous arrays"`, `"title":"Cache cliff"`)
	otherParams := edited("bigger.json", `"entities":1000000`, `"entities":200000`)
	out := filepath.Join(dir, "out.png")
	a, b := classRuns[0], classRuns[1]
	testRefusals(t, []string{"compare"}, "", []refusal{
		{"broken file", []string{a, b, broken}, "broken.json"},
		{"missing file", []string{a, b, filepath.Join(dir, "nope.json")}, "nope.json: no such file"},
		{"not a run", []string{a, b, notRun}, `preset.json: schema: "localitylab/preset/v1" is not`},
		{"runs and a sweep", []string{a, b, classSweeps[0]}, "sweep-a.json is a sweep and laptop-a.json is a run"},
		{"another lesson", []string{a, b, otherLesson}, `other-lesson.json is not of the same lesson as laptop-a.json: another lesson ("Cache cliff"`},
		{"other parameters", []string{a, b, otherParams}, "bigger.json is not of the same lesson as laptop-a.json: other parameters (entities 200000, against 1000000)"},
		{"a file twice", []string{a, b, "./" + a}, "is given twice"},
		{"-accept", []string{a, b, classRuns[2], "-accept", "host"}, "-accept is for two runs"},
		{"-json", []string{a, b, classRuns[2], "-json", filepath.Join(dir, "c.json")}, "-json is for two runs"},
		{"output on an input", []string{a, b, classRuns[2], "-png", a}, "-png"},
		{"unwritable output", []string{a, b, classRuns[2], "-png", filepath.Join(dir, "no", "such", "dir.png")}, "-png:"},
	})
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused class wrote a file")
	}
}

// TestAppClass: the app's -compare takes a class's files after its first, with
// flags after them, checked as compare checks them before any window opens.
func TestAppClass(t *testing.T) {
	o, err := parseApp(append(append([]string{"-compare"}, classRuns...), "-quit-after", "5s"), io.Discard)
	if err != nil || len(o.Class) != 3 || o.Compare != "" || o.QuitAfter == 0 {
		t.Fatalf("parseApp: %v, class %v, compare %q, quit-after %v", err, o.Class, o.Compare, o.QuitAfter)
	}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"two files", []string{"-compare", classRuns[0], classRuns[1]}, "2 files"},
		{"a sweep among runs", []string{"-compare", classRuns[0], classRuns[1], classSweeps[0]}, "sweep-a.json is a sweep"},
		{"a stray argument without -compare", []string{classRuns[0]}, "unexpected argument"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseApp(tt.args, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("parseApp(%v) = %v, want an error containing %q", tt.args, err, tt.want)
			}
		})
	}
}
