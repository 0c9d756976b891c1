package cli

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"localitylab/handout"
	"localitylab/internal/exit"
	"localitylab/lab/result"
	"localitylab/presets"
)

// The handout package's saved files: a real run of pointer-chasing and a real sweep
// of allocs-per-frame.
const (
	handoutRun   = "../handout/testdata/pointer-chasing-run.json"
	handoutSweep = "../handout/testdata/allocs-per-frame-sweep.json"
)

func TestHandout(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		want string // in the HTML
	}{
		{"run", []string{"-preset", "pointer-chasing", "-run", handoutRun, "-prediction", "About 30 times slower."}, "About 30 times slower."},
		{"sweep", []string{"-preset", "allocs-per-frame", "-sweep", handoutSweep}, "No prediction was given"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, p := filepath.Join(dir, tc.name+".html"), filepath.Join(dir, tc.name+".png")
			code, stdout, stderr := run(t, append([]string{"handout", "-html", h, "-png", p}, tc.args...)...)
			if code != exit.OK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if stdout != "" {
				t.Errorf("a handout of a saved file printed %q", stdout)
			}
			if page := readFile(t, h); !strings.Contains(string(page), tc.want) || !strings.Contains(string(page), "The measured answer") {
				t.Errorf("the page lacks %q or its answer", tc.want)
			}
			f, err := os.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			cfg, err := png.DecodeConfig(f)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != 1240 || cfg.Height != 1650 {
				t.Errorf("PNG is %d×%d, want the sheet at 150 dpi, 1240×1650", cfg.Width, cfg.Height)
			}
		})
	}
}

// TestHandoutRefusals: every mistake is refused with status 2 before anything is
// written, naming the flag or the file at fault, and a file already at an output's
// path is left as it was.
func TestHandoutRefusals(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "page.html")
	if err := os.WriteFile(out, []byte("the user's own page"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no lesson", []string{"-run", handoutRun, "-html", out}, "-preset: missing"},
		{"unknown lesson", []string{"-preset", "pointer-chasin", "-run", handoutRun, "-html", out}, "-preset"},
		{"run and sweep", []string{"-preset", "pointer-chasing", "-run", handoutRun, "-sweep", handoutSweep, "-html", out}, "-run and -sweep"},
		{"no output", []string{"-preset", "pointer-chasing", "-run", handoutRun}, "no output asked for"},
		{"a sweep as a run", []string{"-preset", "allocs-per-frame", "-run", handoutSweep, "-html", out}, "the file is a saved sweep (give it with -sweep)"},
		{"a run as a sweep", []string{"-preset", "pointer-chasing", "-sweep", handoutRun, "-html", out}, "not a saved sweep"},
		{"another lesson's run", []string{"-preset", "maps-vs-slices", "-run", handoutRun, "-html", out},
			`the saved run is a run of "Pointer chasing vs contiguous arrays" on sprites, not of lesson maps-vs-slices`},
		{"another lesson's sweep", []string{"-preset", "hot-cold", "-sweep", handoutSweep, "-html", out}, "not of lesson hot-cold"},
		{"a run for a sweep lesson", []string{"-preset", "cache-cliff", "-run", handoutRun, "-html", out}, "lesson cache-cliff is told by a sweep"},
		{"the output is the input", []string{"-preset", "pointer-chasing", "-run", handoutRun, "-html", handoutRun}, "would destroy the input"},
		{"two outputs on one file", []string{"-preset", "pointer-chasing", "-run", handoutRun, "-html", out, "-png", out}, "one file for two outputs"},
		{"json of a saved run", []string{"-preset", "pointer-chasing", "-run", handoutRun, "-html", out, "-json", filepath.Join(dir, "r.json")}, "-json"},
		{"a long prediction", []string{"-preset", "pointer-chasing", "-run", handoutRun, "-html", out,
			"-prediction", strings.Repeat("x", handout.MaxPrediction+1)}, "-prediction: 601 characters"},
		{"a stray argument", []string{"-preset", "pointer-chasing", handoutRun, "-html", out}, "unexpected argument"},
		{"a missing file", []string{"-preset", "pointer-chasing", "-run", filepath.Join(dir, "none.json"), "-html", out}, "-run"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := run(t, append([]string{"handout"}, tc.args...)...)
			if code != exit.Usage {
				t.Errorf("exit %d, want %d: %s", code, exit.Usage, stderr)
			}
			if !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr %q lacks %q", stderr, tc.want)
			}
			if got := string(readFile(t, out)); got != "the user's own page" {
				t.Errorf("the file at -html was changed to %.40q", got)
			}
		})
	}
}

// TestHandoutPDFNeedsABrowser: without Chrome, Chromium or Edge, -pdf is refused
// before anything runs, saying what to install or do instead.
func TestHandoutPDFNeedsABrowser(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	code, _, stderr := run(t, "handout", "-preset", "pointer-chasing", "-run", handoutRun, "-pdf", filepath.Join(t.TempDir(), "p.pdf"))
	if code != exit.Usage || !strings.Contains(stderr, "needs Chrome, Chromium or Edge") || !strings.Contains(stderr, "-html") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestHandoutRunsTheLesson: without a saved file the lesson is run first (here a
// small copy of pointer-chasing, as a preset file), its table printed, the run saved
// with -json and the page written with the load average as the run ended; a worker
// that fails still gets its page, with the others' figures, and bench's exit status.
func TestHandoutRunsTheLesson(t *testing.T) {
	p, err := presets.Lookup("pointer-chasing")
	if err != nil {
		t.Fatal(err)
	}
	p.Name, p.Params["entities"], p.Frames, p.Warmup, p.Forks = "pointer-chasing-small", 3000, 8, 1, 2
	lesson := outPath(t, "lesson.json")
	if err := presets.Save(lesson, p); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, fault string
		code        int
	}{
		{"all measured", "", exit.OK},
		{"a worker fails", "slotmap:exit@2", exit.Worker},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.fault != "" {
				faultEnv(t, tc.fault)
			}
			h, js := outPath(t, "page.html"), outPath(t, "run.json")
			code, stdout, stderr := run(t, "handout", "-preset", lesson, "-html", h, "-json", js)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s", code, tc.code, stderr)
			}
			if !strings.Contains(stdout, "The lesson's claim") {
				t.Errorf("no table and claims on stdout:\n%s", stdout)
			}
			page := string(readFile(t, h))
			for _, want := range []string{"The measured answer", "Measured here", "load average"} {
				if !strings.Contains(page, want) {
					t.Errorf("the page lacks %q", want)
				}
			}
			if r, err := result.LoadJSON(js); err != nil || r.Title != p.Title {
				t.Errorf("-json: %v", err)
			}
		})
	}
}
