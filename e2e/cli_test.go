package e2e

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"localitylab/internal/imgtest"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/presets"
	"localitylab/workloads/workload"
)

// exports are the files bench and report write, by flag.
var exports = []string{"json", "csv", "html", "png"}

// TestBenchAndReport runs bench on each workload with all six backings at a small
// size, writing every export, then has report write them again from the saved run:
// the two sets must be byte for byte the same, since a saved run is the whole record.
func TestBenchAndReport(t *testing.T) {
	needBinary(t)
	tests := []struct {
		workload string
		extra    []string
	}{
		{"sprites", nil},
		{"bullets", nil},
		{"tiles", []string{"-cols", "256", "-rows", "256"}},
	}
	const frames = 12
	for _, tc := range tests {
		t.Run(tc.workload, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"bench", "-workload", tc.workload, "-entities", "3000",
				"-frames", "12", "-warmup", "2"}, tc.extra...)
			args = append(args, exportFlags(dir, "bench")...)
			o := runBinary(t, time.Minute, nil, args...)
			if o.code != 0 {
				t.Fatalf("bench: exit status %d, want 0\nstderr:\n%s", o.code, o.stderr)
			}
			for _, b := range workload.Backings {
				if !strings.Contains(o.stdout, b) {
					t.Errorf("bench: the summary does not mention %s:\n%s", b, o.stdout)
				}
			}
			r := checkExports(t, dir, "bench", tc.workload, frames)

			o = runBinary(t, time.Minute, nil, append([]string{"report", filepath.Join(dir, "bench.json")}, exportFlags(dir, "report")...)...)
			if o.code != 0 {
				t.Fatalf("report: exit status %d, want 0\nstderr:\n%s", o.code, o.stderr)
			}
			if !strings.Contains(o.stdout, r.Backings[0].Name) {
				t.Errorf("report: the summary does not mention %s:\n%s", r.Backings[0].Name, o.stdout)
			}
			for _, ext := range exports {
				sameFile(t, filepath.Join(dir, "bench."+ext), filepath.Join(dir, "report."+ext))
			}
		})
	}
}

// exportFlags asks for every export, named base.EXT in dir.
func exportFlags(dir, base string) []string {
	var args []string
	for _, ext := range exports {
		args = append(args, "-"+ext, filepath.Join(dir, base+"."+ext))
	}
	return args
}

// checkExports checks the files bench wrote: the run loads with the workload, all
// six backings agreeing on every checksum, and frames; the CSV has a row per backing
// per frame; the page names every backing; the PNG is a full-HD picture, not blank.
func checkExports(t *testing.T, dir, base, wl string, frames int) *result.Run {
	t.Helper()
	r, err := result.LoadJSON(filepath.Join(dir, base+".json"))
	if err != nil {
		t.Fatalf("-json: %v", err)
	}
	if r.Workload != wl || r.Frames != frames {
		t.Errorf("-json: a run of %s over %d frames, want %s over %d", r.Workload, r.Frames, wl, frames)
	}
	checkBackings(t, r, workload.Backings)

	rows := readCSV(t, filepath.Join(dir, base+".csv"))
	if want := 1 + frames*len(workload.Backings); len(rows) != want {
		t.Errorf("-csv: %d rows, want a header and one per backing per frame: %d", len(rows), want)
	}
	page, err := os.ReadFile(filepath.Join(dir, base+".html"))
	if err != nil {
		t.Fatalf("-html: %v", err)
	}
	for _, b := range workload.Backings {
		if !bytes.Contains(page, []byte(b)) {
			t.Errorf("-html: the page does not mention %s", b)
		}
	}
	checkPNG(t, filepath.Join(dir, base+".png"))
	return r
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("-csv: %v", err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("-csv: %s: %v", path, err)
	}
	return rows
}

// checkPNG checks the exported picture: 1920×1080 for a slide, and drawn.
func checkPNG(t *testing.T, path string) {
	t.Helper()
	img := imgtest.ReadPNG(t, path)
	if b := img.Bounds(); b.Dx() != 1920 || b.Dy() != 1080 {
		t.Errorf("-png: %d×%d, want 1920×1080", b.Dx(), b.Dy())
	}
	if err := notBlank(img, nil); err != nil {
		t.Errorf("-png looks blank: %v", err)
	}
}

func sameFile(t *testing.T, a, b string) {
	t.Helper()
	x, err := os.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	y, err := os.ReadFile(b)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(x, y) {
		t.Errorf("%s and %s differ: report should re-export the saved run unchanged", filepath.Base(a), filepath.Base(b))
	}
}

// TestPresetsCommand checks that the built binary lists every built-in preset and
// shows a preset's lesson.
func TestPresetsCommand(t *testing.T) {
	o := runBinary(t, 30*time.Second, nil, "presets")
	if o.code != 0 {
		t.Fatalf("presets: exit status %d\n%s", o.code, o.stderr)
	}
	for _, p := range presets.Builtin() {
		if !strings.Contains(o.stdout, p.Name) || !strings.Contains(o.stdout, p.Title) {
			t.Errorf("presets: %s (%q) is not listed:\n%s", p.Name, p.Title, o.stdout)
		}
	}
	def := presets.Default()
	o = runBinary(t, 30*time.Second, nil, "presets", def.Name)
	firstWords := strings.Join(strings.Fields(def.Lesson)[:6], " ")
	if o.code != 0 || !strings.Contains(strings.Join(strings.Fields(o.stdout), " "), firstWords) {
		t.Errorf("presets %s: exit status %d, want 0 and the lesson (%q…):\n%s%s", def.Name, o.code, firstWords, o.stdout, o.stderr)
	}
}

// TestBadInput checks that mistakes exit with status 2 before anything runs, with a
// message that names the flag or argument at fault. The app's flags are checked
// before any window opens, so these need no display.
func TestBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"bench", "-workload", "nope"}, "-workload"},
		{[]string{"bench", "-preset", "no-such-preset"}, "-preset"},
		{[]string{"bench", "-workload", "sprites", "-entities", "0"}, "-entities"},
		{[]string{"bench", "-workload", "sprites", "-json", "/nonexistent-dir/run.json"}, "-json"},
		{[]string{"report", "no-such-run.json"}, "no-such-run.json"},
		{[]string{"inspect", "-workload", "sprites"}, "-backing"},
		{[]string{"inspect", "-workload", "sprites", "-backing", "soa", "-entities", "0"}, "-entities"},
		{[]string{"no-such-command"}, "no-such-command"},
		{[]string{"-frames", "-1"}, "-frames"},
		{[]string{"-preset", "no-such-preset"}, "-preset"},
		{[]string{"-screenshot", "x.png"}, "-quit-after"},
		{[]string{"-entities", "0"}, "-entities: 0 is out of range"},
		{[]string{"-preset", "tiles-rows", "-frames", "0"}, "-frames: 0 is out of range"},
		{[]string{"-preset", "tiles-rows", "-entities", "0"}, "-entities: 0 is out of range for tiles"},
		{[]string{"-bogus"}, "Usage: localitylab [flags]"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			o := runBinary(t, 30*time.Second, nil, tc.args...)
			if o.code != 2 || !strings.Contains(o.stderr, tc.want) {
				t.Errorf("exit status %d, want 2 with %q named; stderr:\n%s", o.code, tc.want, o.stderr)
			}
		})
	}
}

// TestNoFyneOutput runs the command line, and a bench whose worker fails (its
// stderr tail is what a user reads), under the locales a container or a Debian
// system has: Fyne, linked for the app, must print nothing on them.
func TestNoFyneOutput(t *testing.T) {
	needBinary(t)
	for _, lang := range []string{"C.UTF-8", "C", ""} {
		env := []string{"LANG=" + lang, "LC_ALL=", "LC_MESSAGES=", "LANGUAGE="}
		for _, args := range [][]string{
			{"help"},
			{"bench", "-workload", "sprites", "-entities", "500", "-frames", "6", "-backings", "soa,map"},
		} {
			o := runBinary(t, time.Minute, env, args...)
			if o.code != 0 || strings.Contains(o.stderr, "Fyne") {
				t.Errorf("LANG=%q localitylab %s: exit status %d, stderr:\n%s", lang, strings.Join(args, " "), o.code, o.stderr)
			}
		}
		o := runBinary(t, time.Minute, append(env, lab.FaultEnv+"=map:exit@1"), // in the first of three forks of two frames
			"bench", "-workload", "sprites", "-entities", "500", "-frames", "6", "-backings", "soa,map")
		if o.code != 4 || strings.Contains(o.stderr, "Fyne") {
			t.Errorf("LANG=%q, a failing worker: exit status %d (want 4), stderr:\n%s", lang, o.code, o.stderr)
		}
	}
}
