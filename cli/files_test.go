package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/launch"
	"localitylab/presets"
	"localitylab/workloads"
)

// copyTo copies src into dir under name and returns its path.
func copyTo(t *testing.T, dir, name, src string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, readFile(t, src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// presetFileIn writes a built-in preset (a short run of it) to dir as a preset file.
func presetFileIn(t *testing.T, dir, name string) string {
	t.Helper()
	p, err := presets.Lookup("all-six-sprites")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := presets.Save(path, p); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestOutputIsAnInput: an output on the file a command reads is refused before
// anything is written, naming both flags, and the input is left as it was, however
// the output's path is spelled (another relative spelling, a link to the input).
// Two outputs on one file are refused the same way.
func TestOutputIsAnInput(t *testing.T) {
	dir := t.TempDir()
	in := copyTo(t, dir, "in.json", savedRun)
	other := copyTo(t, dir, "other.json", savedRun)
	t.Chdir(dir)
	preset := presetFileIn(t, dir, "p.json")
	os.Symlink("in.json", "link.json")
	os.Mkdir("sub", 0o755)
	inputs := map[string][]byte{in: readFile(t, in), other: readFile(t, other), preset: readFile(t, preset)}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"report html", []string{"report", "in.json", "-html", "in.json"}, "-html in.json: the same file as FILE in.json"},
		{"report png, other spelling", []string{"report", "in.json", "-png", "sub/../in.json"}, "-png sub/../in.json: the same file as FILE in.json"},
		{"report json, absolute", []string{"report", "in.json", "-json", in}, "-json " + in + ": the same file as FILE in.json"},
		{"report csv through a link", []string{"report", "link.json", "-csv", "in.json"}, "-csv in.json: the same file as FILE link.json"},
		{"report to the link of the input", []string{"report", "in.json", "-json", "link.json"}, "-json link.json: the same file as FILE in.json"},
		{"compare json over base", []string{"compare", "in.json", "other.json", "-json", "in.json"}, "-json in.json: the same file as BASE in.json"},
		{"compare html over new", []string{"compare", "in.json", "other.json", "-html", "./other.json"}, "-html ./other.json: the same file as NEW other.json"},
		{"bench over its preset", []string{"bench", "-preset", "p.json", "-json", "p.json"}, "-json p.json: the same file as -preset p.json"},
		{"sweep over its preset", []string{"sweep", "-preset", "p.json", "-param", "entities", "-html", "p.json"}, "-html p.json: the same file as -preset p.json"},
		{"report two outputs", []string{"report", "in.json", "-json", "x.out", "-html", "x.out"}, "-html x.out and -json x.out: one file for two outputs"},
		{"report two outputs to stdout", []string{"report", "in.json", "-json", "-", "-csv", "/dev/stdout"}, "-csv /dev/stdout and -json -: one file for two outputs"},
		{"compare two outputs", []string{"compare", "in.json", "other.json", "-png", "c.out", "-html", "c.out"}, "one file for two outputs"},
		{"inspect two outputs", []string{"inspect", "-workload", "sprites", "-backing", "soa", "-png", "l.out", "-json", "l.out"}, "-png l.out and -json l.out: one file for two outputs"},
		{"sweep two outputs", []string{"sweep", "-workload", "sprites", "-param", "entities", "-csv", "s.out", "-png", "s.out"}, "one file for two outputs"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, tt.args...)
			if code != exit.Usage || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d (want %d); stderr:\n%s\nwant it to contain %q", code, exit.Usage, stderr, tt.want)
			}
			if stdout != "" {
				t.Errorf("the command went on: %s", stdout)
			}
			for path, data := range inputs {
				if !bytes.Equal(readFile(t, path), data) {
					t.Errorf("%s changed", path)
				}
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "*.out")); len(left) > 0 {
				t.Errorf("written: %v", left)
			}
		})
	}
}

// TestAppOutputIsAnInput: the app's -save and -screenshot are checked as the
// commands' outputs are, before any window opens.
func TestAppOutputIsAnInput(t *testing.T) {
	dir := t.TempDir()
	base := copyTo(t, dir, "base.json", savedRun)
	t.Chdir(dir)
	preset := presetFileIn(t, dir, "p.json")
	want := map[string][]byte{preset: readFile(t, preset), base: readFile(t, base)}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-preset", "p.json", "-quit-after", "1s", "-save", "p.json"}, "-save p.json: the same file as -preset p.json"},
		{[]string{"-preset", "p.json", "-quit-after", "1s", "-screenshot", preset}, "the same file as -preset p.json"},
		{[]string{"-compare", "base.json", "-quit-after", "1s", "-save", "./base.json"}, "-save ./base.json: the same file as -compare base.json"},
		{[]string{"-quit-after", "1s", "-save", "x.out", "-screenshot", "x.out"}, "-screenshot x.out and -save x.out: one file for two outputs"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			called := false
			var stdout, stderr bytes.Buffer
			code := Main(tt.args, &stdout, &stderr, func(launch.Options) int { called = true; return 0 })
			if code != exit.Usage || called || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("exit %d, app called %v; stderr %q; want exit %d before the app, saying %q", code, called, stderr.String(), exit.Usage, tt.want)
			}
			for path, data := range want {
				if !bytes.Equal(readFile(t, path), data) {
					t.Errorf("%s changed", path)
				}
			}
		})
	}
}

// TestReportToStdout: "-" and /dev/stdout are standard output: the file goes there
// alone, byte for byte what a file would hold, and the table to stderr.
func TestReportToStdout(t *testing.T) {
	for _, path := range []string{"-", "/dev/stdout"} {
		code, stdout, stderr := run(t, "report", savedRun, "-json", path)
		if code != exit.OK {
			t.Fatalf("report -json %s: exit %d: %s", path, code, stderr)
		}
		if stdout != string(readFile(t, savedRun)) {
			t.Errorf("report -json %s: stdout is not the run file (%d bytes):\n%.300s", path, len(stdout), stdout)
		}
		if !strings.Contains(stderr, "backing ") {
			t.Errorf("report -json %s: the table is not on stderr:\n%s", path, stderr)
		}
	}
	if fi, err := os.Lstat("/dev/stdout"); err == nil && fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("/dev/stdout is now %v", fi.Mode())
	}
}

// TestReportWritesThroughLink: an output path that is a link gets the link's target
// written, and stays a link.
func TestReportWritesThroughLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.json")
	os.WriteFile(target, []byte("old"), 0o600)
	link := filepath.Join(dir, "link.json")
	os.Symlink(target, link)
	if code, _, stderr := run(t, "report", savedRun, "-json", link); code != exit.OK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s is no longer a link: %v %v", link, fi.Mode(), err)
	}
	if !bytes.Equal(readFile(t, target), readFile(t, savedRun)) {
		t.Error("the link's target does not hold the run")
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("the 0600 target became %03o", fi.Mode().Perm())
	}
}

// TestReportNeutralisesEscapes: escape sequences and other control characters in
// what a saved run holds reach the terminal as visible text, not as commands.
func TestReportNeutralisesEscapes(t *testing.T) {
	var r map[string]any
	if err := json.Unmarshal(readFile(t, savedRun), &r); err != nil {
		t.Fatal(err)
	}
	r["title"] = "Evil \x1b]0;owned\x07\x1b[2J\x1b[31mred\u009b31m \u202etxt.exe"
	data, _ := json.Marshal(r)
	path := filepath.Join(t.TempDir(), "evil.json")
	os.WriteFile(path, data, 0o644)
	code, stdout, stderr := run(t, "report", path)
	if code != exit.OK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, bad := range []string{"\x1b", "\x07", "\u009b", "\u202e"} {
		if strings.Contains(stdout+stderr, bad) {
			t.Errorf("the output holds %q raw:\n%q", bad, stdout)
		}
	}
	if !strings.Contains(stdout, `Evil \x1b]0;owned\x07\x1b[2J\x1b[31mred\u009b31m \u202etxt.exe`) {
		t.Errorf("the title is not shown escaped:\n%s", stdout)
	}
}

func TestTermText(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain text, é and ×\n\ttab", "plain text, é and ×\n\ttab"},
		{"\x1b[31mred", `\x1b[31mred`},
		{"a\rb\x00c\x7f", `a\x0db\x00c\x7f`},
		{"c1 \u0085 \u009b", `c1 \u0085 \u009b`},
		{"bad \xff byte", `bad \xff byte`},
		{"bidi \u202e \u2066", `bidi \u202e \u2066`},
	} {
		if got := termSafe(tt.in); got != tt.want {
			t.Errorf("termSafe(%q) = %q, want %q", tt.in, got, tt.want)
		}
		// Written a byte at a time, a character split between writes is kept whole.
		var b bytes.Buffer
		w := newTermText(&b)
		for i := range len(tt.in) {
			w.Write([]byte{tt.in[i]})
		}
		if b.String() != tt.want {
			t.Errorf("byte by byte: %q, want %q", b.String(), tt.want)
		}
	}
}

// hostile writes savedRun to dir as name with edit applied to its JSON.
func hostile(t *testing.T, dir, name string, edit func(r map[string]any)) string {
	t.Helper()
	var r map[string]any
	if err := json.Unmarshal(readFile(t, savedRun), &r); err != nil {
		t.Fatal(err)
	}
	edit(r)
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	os.WriteFile(path, data, 0o644)
	return path
}

// TestHostileRuns: a saved run that does not hold together is refused by every
// command that reads one, with exit status 2 and the field named, before anything
// is sized from it: nothing is written, no temporary file is left, and the refusal
// costs little memory (a run whose frames said a billion once grew a page to
// 12.7 GB).
func TestHostileRuns(t *testing.T) {
	dir := t.TempDir()
	backing := func(r map[string]any, i int) map[string]any { return r["backings"].([]any)[i].(map[string]any) }
	files := []struct {
		name string
		edit func(map[string]any)
		want string
	}{
		{"billion.json", func(r map[string]any) { r["frames"] = 1e9 }, "frames: 1000000000 is out of range (want 1 to 100000)"},
		{"foo.json", func(r map[string]any) { r["workload"] = "foo" }, `workload: unknown workload "foo"`},
		{"twice.json", func(r map[string]any) { backing(r, 1)["name"] = backing(r, 0)["name"] }, `backings[1]: "ptrarray" is also backings[0]`},
		{"negative.json", func(r map[string]any) { backing(r, 0)["frames"].(map[string]any)["ns"].([]any)[3] = -7 }, "backings[0] (ptrarray): frames.ns[3]: -7"},
	}
	good := filepath.Join(dir, "good.json")
	os.WriteFile(good, readFile(t, savedRun), 0o644)
	for _, f := range files {
		path := hostile(t, dir, f.name, f.edit)
		for _, args := range [][]string{
			{"report", path, "-html", filepath.Join(dir, "out.html"), "-png", filepath.Join(dir, "out.png")},
			{"compare", path, good, "-accept", "frames", "-html", filepath.Join(dir, "out.html")},
			{"compare", good, path, "-accept", "frames", "-json", filepath.Join(dir, "out.json")},
		} {
			t.Run(f.name+" "+args[0], func(t *testing.T) {
				before := allocated()
				code, stdout, stderr := run(t, args...)
				if grew := allocated() - before; grew > 100<<20 {
					t.Errorf("refusing it allocated %d MiB", grew>>20)
				}
				if code != exit.Usage || !strings.Contains(stderr, f.name+": "+f.want) {
					t.Errorf("exit %d (want %d); stderr:\n%s\nwant %q", code, exit.Usage, stderr, f.name+": "+f.want)
				}
				if stdout != "" {
					t.Errorf("printed:\n%s", stdout)
				}
				left, _ := filepath.Glob(filepath.Join(dir, "*out*"))
				tmp, _ := filepath.Glob(filepath.Join(dir, ".*"))
				if len(left)+len(tmp) > 0 {
					t.Errorf("written: %v %v", left, tmp)
				}
			})
		}
	}
}

// allocated is what the process has allocated so far.
func allocated() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}

// TestAppCompareOneRule: the app's -compare refuses a saved run that measured
// something else than the preset it opens on, as `compare` refuses two such runs.
func TestAppCompareOneRule(t *testing.T) {
	dir := t.TempDir()
	p, err := presets.Lookup("all-six-sprites")
	if err != nil {
		t.Fatal(err)
	}
	p.Name, p.Frames, p.Warmup, p.Backings = "same", 24, 2, []string{"ptrarray", "soa", "spatialhash"}
	p.Forks = 1 // as the saved run below, which has no forks
	preset := filepath.Join(dir, "same.json")
	if err := presets.Save(preset, p); err != nil {
		t.Fatal(err)
	}
	spec, _ := workloads.Lookup("sprites")
	resolved, err := spec.Resolve(p.Params)
	if err != nil {
		t.Fatal(err)
	}
	// The saved run's frames as this build times them, by the thread's CPU clock with
	// the wall time beside it (the file predates that clock); pages as asked.
	cpuTimed := func(pages string) func(r map[string]any) {
		return func(r map[string]any) {
			r["params"] = resolved
			for _, b := range r["backings"].([]any) {
				b := b.(map[string]any)
				frames := b["frames"].(map[string]any)
				ns := frames["ns"].([]any)
				frames["wall_ns"], frames["switches"] = ns, make([]int, len(ns))
				if pages != "" {
					b["pages"] = map[string]any{"mode": pages, "huge_share": 0, "heap_resident_bytes": 0}
				}
			}
		}
	}
	base := hostile(t, dir, "base.json", cpuTimed(""))
	wall := hostile(t, dir, "wall.json", func(r map[string]any) { r["params"] = resolved })
	system := hostile(t, dir, "system.json", cpuTimed("system"))
	for _, tt := range []struct {
		name string
		args []string
		want string // "" for accepted
	}{
		{"the same setup", []string{"-preset", preset, "-compare", base}, ""},
		{"the same setup, the same pages", []string{"-preset", preset, "-compare", system, "-pages", "system"}, ""},
		{"other pages", []string{"-preset", preset, "-compare", system}, "pages: pages system (base) vs huge (the setup)"},
		{"timed by the wall clock", []string{"-preset", preset, "-compare", wall}, "clock: frames timed by the wall clock (base) vs the frame thread's CPU time (the setup)"},
		{"another length", []string{"-preset", preset, "-compare", base, "-frames", "48"}, "frames: 24 frames (2 warm-up) (base) vs 48 frames (2 warm-up) (the setup)"},
		{"other parameters", []string{"-preset", preset, "-compare", base, "-entities", "7000"}, "(base) vs 7,000 (the setup)"},
		{"the other cache mode", []string{"-preset", preset, "-compare", base, "-cache", "cold"}, "cache: warm caches (base) vs cold caches (the setup)"},
		{"another workload", []string{"-preset", "all-six-bullets", "-compare", base}, "it is a sprites run and the setup is bullets: runs of different workloads did different work"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !lab.CPUClock() && (tt.args[3] == base || tt.args[3] == wall) {
				t.Skip("this build times frames by the wall clock")
			}
			called := false
			var stdout, stderr bytes.Buffer
			code := Main(tt.args, &stdout, &stderr, func(launch.Options) int { called = true; return 0 })
			switch {
			case tt.want == "" && (code != exit.OK || !called):
				t.Errorf("exit %d, app called %v: %s", code, called, stderr.String())
			case tt.want != "" && (code != exit.Usage || called || !strings.Contains(stderr.String(), tt.want)):
				t.Errorf("exit %d, app called %v; stderr %q; want exit 2 saying %q", code, called, stderr.String(), tt.want)
			}
		})
	}
}
