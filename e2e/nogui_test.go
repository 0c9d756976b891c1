package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"localitylab/internal/exit"
	"localitylab/lab/result"
)

// noGUIKey is the command-line-only binary's entry in programs.
const noGUIKey = "nogui"

// noGUIBinary builds the module's main with the tag nogui and without cgo, as
// `make cross` builds it for every system, once per test run.
func noGUIBinary(t *testing.T) string {
	t.Helper()
	needBinary(t)
	if p, ok := programs[noGUIKey]; ok {
		return p
	}
	p, err := build(filepath.Join(buildDir, "localitylab-nogui"), "..", []string{"CGO_ENABLED=0"}, "-tags", "nogui")
	if err != nil {
		t.Fatal(err)
	}
	programs[noGUIKey] = p
	return p
}

// TestNoGUIBinary: the command-line-only binary says it has no window where the app
// would open, with the usage status and the command to run instead, and measures
// like the other.
func TestNoGUIBinary(t *testing.T) {
	bin := noGUIBinary(t)
	for _, args := range [][]string{nil, {"-preset", "slotmap-churn", "-run"}} {
		o := runProgram(t, bin, time.Minute, nil, args...)
		if o.code != exit.Usage || !strings.Contains(o.stderr, "has no window") || !strings.Contains(o.stderr, "localitylab bench") {
			t.Errorf("localitylab %s: exit status %d (want %d), stderr:\n%s", strings.Join(args, " "), o.code, exit.Usage, o.stderr)
		}
	}
	if o := runProgram(t, bin, time.Minute, nil, "-preset", "slotmap-churn"); !strings.Contains(o.stderr, "localitylab bench -preset slotmap-churn\n") {
		t.Errorf("-preset slotmap-churn: the advice is not its bench:\n%s", o.stderr)
	}

	dir := t.TempDir()
	saved := filepath.Join(dir, "sub", "x.json")
	if err := os.Mkdir(filepath.Dir(saved), 0o755); err != nil {
		t.Fatal(err)
	}
	o := runProgram(t, bin, time.Minute, nil, "bench", "-workload", "bullets", "-entities", "3000",
		"-backings", "map,slotmap", "-frames", "12", "-warmup", "2", "-json", saved)
	if o.code != exit.OK || !strings.Contains(o.stdout, "slotmap") {
		t.Fatalf("bench: exit status %d, want 0\nstdout:\n%s\nstderr:\n%s", o.code, o.stdout, o.stderr)
	}
	r, err := result.LoadJSON(saved)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Backings) != 2 {
		t.Errorf("%s holds %d backings, want map and slotmap", saved, len(r.Backings))
	}
}

// TestNoGUILinksNoFyne: neither the package graph nor the binary built from it
// holds Fyne or any module that needs cgo for the window (GLFW, OpenGL), and the
// binary was built without cgo.
func TestNoGUILinksNoFyne(t *testing.T) {
	bin := noGUIBinary(t)
	windowed := []string{"fyne.io/", "github.com/go-gl/"}
	out, err := exec.Command("go", "list", "-deps", "-tags", "nogui", "..").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, w := range windowed {
			if strings.HasPrefix(dep, w) {
				t.Errorf("-tags nogui depends on %s", dep)
			}
		}
	}
	if !strings.Contains(string(out), "localitylab/cli\n") {
		t.Fatalf("go list -deps lists no localitylab/cli: is it the module's main?\n%s", out)
	}
	info, err := exec.Command("go", "version", "-m", bin).CombinedOutput()
	if err != nil {
		t.Fatalf("go version -m: %v\n%s", err, info)
	}
	for _, w := range windowed {
		if strings.Contains(string(info), "\tdep\t"+w) {
			t.Errorf("the nogui binary links a module under %s:\n%s", w, info)
		}
	}
	if !strings.Contains(string(info), "CGO_ENABLED=0") || !strings.Contains(string(info), "-tags=nogui") {
		t.Errorf("the nogui binary's build record lacks CGO_ENABLED=0 or -tags=nogui:\n%s", info)
	}
}
