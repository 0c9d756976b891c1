package e2e

import (
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"localitylab/charts"
	"localitylab/internal/imgtest"
	"localitylab/lab/result"
)

// smallRuns are sizes at which a bench of each workload takes a second or two.
var smallRuns = map[string][]string{
	"sprites": {"-entities", "20000"},
	"bullets": {"-entities", "20000"},
	"tiles":   {"-entities", "20000", "-cols", "256", "-rows", "256", "-window_w", "64", "-window_h", "32", "-window_step", "16"},
}

// TestOwnBacking builds examples/aos, Locality Lab with a backing of its own, and
// measures aos beside soa and ptrarray on every workload it implements: each run
// finishes, in worker processes of the example's own binary, with every frame's
// checksum equal across the three.
func TestOwnBacking(t *testing.T) {
	aos := buildProgram(t, "../examples/aos")
	for _, w := range []string{"sprites", "bullets", "tiles"} {
		t.Run(w, func(t *testing.T) {
			saved := filepath.Join(t.TempDir(), "run.json")
			args := append([]string{"bench", "-workload", w, "-backings", "aos,soa,ptrarray", "-frames", "40", "-json", saved}, smallRuns[w]...)
			o := runProgram(t, aos, 2*time.Minute, nil, args...)
			if o.code != 0 {
				t.Fatalf("exit status %d\nstderr:\n%s", o.code, o.stderr)
			}
			r, err := result.LoadJSON(saved)
			if err != nil {
				t.Fatal(err)
			}
			checkBackings(t, r, []string{"aos", "soa", "ptrarray"})
			if !strings.Contains(o.stdout, "aos ") {
				t.Errorf("the table has no row for aos:\n%s", o.stdout)
			}
		})
	}
	// Its lesson is offered, and runs.
	o := runProgram(t, aos, time.Minute, nil, "presets")
	if o.code != 0 || !strings.Contains(o.stdout, "aos-vs-soa") {
		t.Errorf("presets: exit %d, the list lacks aos-vs-soa:\n%s%s", o.code, o.stdout, o.stderr)
	}
	o = runProgram(t, aos, 2*time.Minute, nil, "bench", "-preset", "aos-vs-soa", "-entities", "20000", "-frames", "30")
	if o.code != 0 || !strings.Contains(o.stdout, "The lesson's claim") {
		t.Errorf("bench -preset aos-vs-soa: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
}

// TestNoOwnBackingHere: the project's own binary has no aos; its aos-vs-soa lesson
// compares the built-in array of structs (the slot map's dense array) instead, and
// asking for aos is bad input that says why.
func TestNoOwnBackingHere(t *testing.T) {
	o := runBinary(t, time.Minute, nil, "presets")
	if o.code != 0 || !strings.Contains(o.stdout, " aos-vs-soa ") || strings.Contains(o.stdout, "Not offered by this binary") {
		t.Errorf("presets: exit %d; want aos-vs-soa offered with built-in backings:\n%s", o.code, o.stdout)
	}
	for _, args := range [][]string{
		{"bench", "-preset", "aos-vs-soa", "-backings", "aos,soa"},
		{"bench", "-workload", "sprites", "-backings", "aos,soa"},
	} {
		o := runBinary(t, time.Minute, nil, args...)
		if o.code != 2 || !strings.Contains(o.stderr, `unknown backing "aos"`) {
			t.Errorf("%v: exit %d, stderr %q: want 2, naming aos", args, o.code, o.stderr)
		}
	}
}

// TestWrongStoreStopped builds a program whose backing of its own culls one sprite
// too many at the view's edge (testdata/wrongstore). bench stops the run at the first
// frame where that sprite exists, names the frame and the two backings, writes
// nothing and exits 3; check, which it points to, finds the same frame and the sprite
// drawn out of place.
func TestWrongStoreStopped(t *testing.T) {
	wrong := buildProgram(t, "./testdata/wrongstore")
	saved := filepath.Join(t.TempDir(), "run.json")
	size := []string{"-entities", "5000", "-on_screen", "100"}
	o := runProgram(t, wrong, 2*time.Minute, nil, append([]string{"bench", "-workload", "sprites", "-backings", "soa,wrong",
		"-frames", "300", "-json", saved}, size...)...)
	m := regexp.MustCompile(`checksum mismatch at frame (\d+)(?: of fork \d+)?: soa gave [0-9a-f]{16}, wrong gave [0-9a-f]{16}`).FindStringSubmatch(o.stderr)
	if o.code != 3 || m == nil {
		t.Fatalf("exit %d, stderr:\n%s\nwant status 3 and the mismatch named", o.code, o.stderr)
	}
	if _, err := os.Stat(saved); !os.IsNotExist(err) {
		t.Errorf("a run of unequal work was written (%v)", err)
	}
	if !strings.Contains(o.stderr, "check -workload sprites -backings soa,wrong -frames") {
		t.Errorf("stderr does not point to check:\n%s", o.stderr)
	}
	o = runProgram(t, wrong, 2*time.Minute, nil, append([]string{"check", "-workload", "sprites", "-backings", "soa,wrong", "-frames", "300"}, size...)...)
	if o.code != 3 || !strings.Contains(o.stdout, "frame "+m[1]+": soa gave") || !regexp.MustCompile(`wrong +drawn #\d+: sprite \d+`).MatchString(o.stdout) {
		t.Errorf("check: exit %d\n%s%s\nwant status 3, frame %s, and the sprite wrong drew", o.code, o.stdout, o.stderr, m[1])
	}
}

// TestNameCollision: a program that registers a backing under a built-in's name is
// stopped at start, whatever command it was given, with the reason (testdata/wrongstore
// with LOCALITYLAB_TEST_COLLIDE=1).
func TestNameCollision(t *testing.T) {
	collide := buildProgram(t, "./testdata/wrongstore")
	o := runProgram(t, collide, time.Minute, []string{"LOCALITYLAB_TEST_COLLIDE=1"}, "presets")
	if o.code != 2 || !strings.Contains(o.stderr, `backing "soa": that name is taken by a built-in backing`) || o.stdout != "" {
		t.Errorf("exit %d, stdout %q, stderr %q: want status 2 before any command runs", o.code, o.stdout, o.stderr)
	}
}

// TestAppCompare opens the window of examples/aos under Xvfb on its lesson, with a run
// of the same lesson saved by bench as the base (-compare), runs it and quits: the
// screenshot shows the live lines and, washed out and dashed, the base's, and the
// run file holds aos beside soa and ptrarray with equal checksums. (That the table has
// its "vs base" column is the ui package's test: TestCompareWithSavedRun.)
func TestAppCompare(t *testing.T) {
	aos := buildProgram(t, "../examples/aos")
	display := startXvfb(t)
	dir := t.TempDir()
	base, shot, saved := filepath.Join(dir, "base.json"), filepath.Join(dir, "compare-shot.png"), filepath.Join(dir, "compare-run.json")
	size := []string{"-entities", "50000"}
	// The base measured what the window will (the lesson's warm-up of 20 frames, the
	// window's length): the window, as compare, refuses a base that measured another.
	// The built-in lesson compares the slot map's dense array as the array of
	// structs; this program's own aos takes its place, in a preset file made from it.
	lesson := ownLesson(t, dir)
	o := runProgram(t, aos, 2*time.Minute, nil, append([]string{"bench", "-preset", lesson, "-frames", "1500", "-warmup", "20", "-json", base}, size...)...)
	if o.code != 0 {
		t.Fatalf("bench: exit %d\n%s", o.code, o.stderr)
	}
	runWindow(t, aos, display, 2*time.Minute, shot, saved, append([]string{"-preset", lesson, "-frames", "1500", "-run",
		"-compare", base, "-quit-after", "30s"}, size...)...)
	keepFiles(t, base)
	r, err := result.LoadJSON(saved)
	if err != nil {
		t.Fatal(err)
	}
	backings := []string{"aos", "soa", "ptrarray"}
	checkBackings(t, r, backings)
	img := imgtest.ReadPNG(t, shot)
	if err := notBlank(img, windowRegions); err != nil {
		t.Errorf("screenshot looks blank: %v", err)
	}
	// The lines are counted over the whole band of charts rather than in the
	// frame-time plot alone (as TestApp does): one slow frame on a busy machine
	// stretches that plot's axis until every line lies on its floor, while the
	// memory chart's flat heap lines, live and base, stay in view.
	band := region{"charts", 0.24, 0.54, 0.98, 0.80, 1}.in(img.Bounds())
	own, pale := 0, 0
	for _, b := range backings {
		c := charts.Color(b)
		own += inked(img, band, c)
		pale += inked(img, band, color.NRGBA{uint8((int(c.R) + 255) / 2), uint8((int(c.G) + 255) / 2), uint8((int(c.B) + 255) / 2), 255})
	}
	t.Logf("the charts: %d pixels in the backings' colours, %d in the base run's", own, pale)
	if own < minLinePixels || pale < minLinePixels/4 {
		t.Errorf("the charts have %d pixels in the backings' colours and %d in the base run's pale ones (want at least %d and %d: their lines)",
			own, pale, minLinePixels, minLinePixels/4)
	}
}

// ownLesson writes the built-in aos-vs-soa lesson with aos in the slot map's place, as
// a preset file in dir, and returns its path.
func ownLesson(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "presets", "builtin", "aos-vs-soa.json"))
	if err != nil {
		t.Fatal(err)
	}
	own := strings.ReplaceAll(string(data), `"slotmap"`, `"aos"`)
	own = strings.Replace(own, `"name": "aos-vs-soa"`, `"name": "aos-own"`, 1)
	if !strings.Contains(own, `"aos"`) || !strings.Contains(own, `"aos-own"`) {
		t.Fatal("the aos-vs-soa lesson no longer names slotmap: the test's preset needs another source")
	}
	path := filepath.Join(dir, "aos-own.json")
	if err := os.WriteFile(path, []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
