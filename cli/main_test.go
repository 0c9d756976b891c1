package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/launch"
	"localitylab/presets"
)

// workerEnv makes this test binary a worker: bench starts workers as "this executable
// worker", which here is the test binary, so TestMain serves the protocol instead of
// running tests when the variable is set. The test process sets it after the check, so
// every worker it starts inherits it.
const workerEnv = "LOCALITYLAB_CLI_TEST_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) == "1" {
		cmd := "worker" // a probe's worker is started as this executable with lab.ProbeWorkerCommand
		if len(os.Args) > 1 && os.Args[1] == lab.ProbeWorkerCommand {
			cmd = lab.ProbeWorkerCommand
		}
		os.Exit(Main([]string{cmd}, os.Stdout, os.Stderr, nil))
	}
	os.Setenv(workerEnv, "1")
	os.Exit(m.Run())
}

// run runs the command line of a binary with the window with args and returns its
// exit status and output; the commands tested this way never open the app.
func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Main(args, &out, &errOut, func(launch.Options) int {
		t.Errorf("%q opened the app", args)
		return exit.Failed
	})
	return code, out.String(), errOut.String()
}

// small are parameters that make each workload quick, for the end-to-end tests.
var small = map[string][]string{
	"sprites": {"-entities", "3000"},
	"bullets": {"-entities", "3000"},
	"tiles":   {"-entities", "3000", "-cols", "128", "-rows", "128", "-window_w", "64", "-window_h", "32", "-window_step", "16"},
}

func TestWorkerCommandRejectsBadInput(t *testing.T) {
	// The hidden worker subcommand speaks the protocol on stdin; the test binary's
	// stdin is empty, which is the coordinator saying stop.
	if code, _, _ := run(t, "worker"); code != exit.OK {
		t.Errorf("worker with empty input: exit %d, want 0", code)
	}
}

func TestHelp(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"help"}, exit.OK, []string{"localitylab bench", "The app's flags", "-quit-after", "-screenshot", "-large",
			"-entities N", "Exit status", "130"}},
		{[]string{"help", "app"}, exit.OK, []string{"-quit-after", "-entities", "-span", "-preset NAME"}},
		{[]string{"help", "bench"}, exit.OK, []string{"-workload", "-backings", "-entities", "-span", "-lifetime", "-json", "-format"}},
		{[]string{"help", "report"}, exit.OK, []string{"-html", "-png"}},
		{[]string{"help", "inspect"}, exit.OK, []string{"-backing", "-frames", "-json", "localitylab/layout/v1", "-entities"}},
		{[]string{"help", "frobnicate"}, exit.Usage, []string{`unknown command "frobnicate"`}},
		{[]string{"frobnicate"}, exit.Usage, []string{`unknown command "frobnicate"`}},
		{[]string{"bench", "-h"}, exit.OK, []string{"-warmup"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := run(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr: %s", code, tt.code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout+stderr, w) {
					t.Errorf("output lacks %q:\n%s%s", w, stdout, stderr)
				}
			}
		})
	}
}

// TestHelpBenchUsage checks the flag list for the glitches of flag.PrintDefaults: a
// backquoted phrase taken for the argument's name, a default printed twice.
func TestHelpBenchUsage(t *testing.T) {
	_, stdout, _ := run(t, "help", "bench")
	for _, want := range []string{"-preset NAME", "-frames N", "(default 200, or the preset's)", "-json FILE"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("help bench lacks %q:\n%s", want, stdout)
		}
	}
	for _, bad := range []string{"-preset localitylab", "(default 200)"} {
		if strings.Contains(stdout, bad) {
			t.Errorf("help bench shows %q:\n%s", bad, stdout)
		}
	}
}

func TestApp(t *testing.T) {
	var got launch.Options
	called := false
	app := func(o launch.Options) int { called, got = true, o; return 7 }
	if code := Main(nil, &bytes.Buffer{}, &bytes.Buffer{}, app); code != 7 || !called || got.Setup != nil || got.Run {
		t.Errorf("no arguments: exit %d, app called %v with %+v; want the app's status 7, called with no options", code, called, got)
	}
	called = false
	if code := Main([]string{"-preset", "slotmap-churn", "-run"}, &bytes.Buffer{}, &bytes.Buffer{}, app); code != 7 || !called ||
		got.Setup == nil || got.Setup.Name != "slotmap-churn" || !got.Run {
		t.Errorf("flags only: exit %d, app got %+v; want them parsed and passed to the app", code, got)
	}
	called = false
	var stderr bytes.Buffer
	if code := Main([]string{"-entities", "0"}, &bytes.Buffer{}, &stderr, app); code != exit.Usage || called {
		t.Errorf("a bad flag: exit %d, app called %v; want 2 and no app (stderr %q)", code, called, stderr.String())
	}
}

func TestPresets(t *testing.T) {
	code, stdout, _ := run(t, "presets")
	if code != exit.OK {
		t.Fatalf("exit %d", code)
	}
	for _, name := range []string{"sprites-million", "slotmap-churn", "all-six-tiles"} {
		if !strings.Contains(stdout, name) {
			t.Errorf("list lacks %s:\n%s", name, stdout)
		}
	}
	// The course comes first, numbered, each lesson with its run time; the lessons
	// after it follow.
	course, after, ok := strings.Cut(stdout, "After the course:")
	first := presets.Course()[0]
	if !ok || !strings.Contains(course, "90-minute class") || !regexp.MustCompile(`(?m)^1 +`+first.Name+` .*`+regexp.QuoteMeta(first.RunText())).MatchString(course) ||
		!strings.Contains(after, presets.Further()[0].Name) || strings.Contains(course, presets.Further()[0].Name+" ") {
		t.Errorf("the list does not give the course, numbered with run times, then the lessons after it:\n%s", stdout)
	}
	code, stdout, _ = run(t, "presets", "tiles-rows")
	if code != exit.OK || !strings.Contains(stdout, "the course; its run took") || !strings.Contains(stdout, "Heavy: ") {
		t.Errorf("presets tiles-rows: exit %d, want its place in the course, its run time and what it asks of the machine\n%s", code, stdout)
	}
	code, stdout, _ = run(t, "presets", "sprites-million")
	if code != exit.OK || !strings.Contains(stdout, "entities = 1000000") || !strings.Contains(stdout, "guess") ||
		!strings.Contains(stdout, "The source's conditions: a JavaScript demo") {
		t.Errorf("presets sprites-million: exit %d\n%s", code, stdout)
	}
	// Each paragraph of the lesson is set apart by a blank line.
	million, _ := presets.Lookup("sprites-million")
	for _, para := range presets.Paragraphs(million.Lesson)[1:] {
		first := strings.Fields(para)[0] + " " + strings.Fields(para)[1]
		if !strings.Contains(stdout, "\n\n"+first) {
			t.Errorf("paragraph %q… does not start after a blank line:\n%s", first, stdout)
		}
	}
	if code, _, stderr := run(t, "presets", "nosuch"); code != exit.Usage || !strings.Contains(stderr, `unknown preset "nosuch"`) {
		t.Errorf("presets nosuch: exit %d, %s", code, stderr)
	}
}

// outPath is a file name in a fresh temporary directory.
func outPath(t *testing.T, name string) string {
	t.Helper()
	return filepath.Join(t.TempDir(), name)
}

// faultEnv makes the workers of this test fail as spec says (see lab.FaultEnv).
func faultEnv(t *testing.T, spec string) {
	t.Helper()
	t.Setenv(lab.FaultEnv, spec)
}

// refusal is a mistake that a command must refuse before it starts any work: the
// args after the command's own, and what the message must contain.
type refusal struct {
	name string
	args []string
	want string
}

// testRefusals runs cmd with each refusal's args added, and checks that it exits
// with status 2, says what is wrong on stderr, and started nothing: no output on
// stdout, and, where started is given, no progress line beginning with it.
func testRefusals(t *testing.T, cmd []string, started string, tests []refusal) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, append(slices.Clone(cmd), tt.args...)...)
			if code != exit.Usage || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d (want %d), stderr:\n%s\nwant it to contain %q", code, exit.Usage, stderr, tt.want)
			}
			if stdout != "" || started != "" && strings.Contains(stderr, started) {
				t.Errorf("the work started:\n%s%s", stdout, stderr)
			}
		})
	}
}

// fault is a failure injected into the workers of a run (see lab.FaultEnv): the
// exit status and message it must give, and whether the JSON file is written.
type fault struct {
	name, spec string
	code       int
	want       string
	written    bool
}

// testFaults runs cmd, with -json added, once per fault, and checks what the
// failure gives.
func testFaults(t *testing.T, cmd []string, faults []fault) {
	t.Helper()
	for _, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			faultEnv(t, f.spec)
			js := outPath(t, "out.json")
			code, _, stderr := run(t, append(slices.Clone(cmd), "-json", js)...)
			if code != f.code || !strings.Contains(stderr, f.want) {
				t.Errorf("exit %d, want %d; stderr:\n%s\nwant it to contain %q", code, f.code, stderr, f.want)
			}
			if _, err := os.Stat(js); (err == nil) != f.written {
				t.Errorf("JSON written: %v, want %v", err == nil, f.written)
			}
		})
	}
}

// readFile is the content of the file at path, which the test needs to go on.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
