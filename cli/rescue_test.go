package cli

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"localitylab/internal/exit"
	"localitylab/lab/result"
)

// savedIn finds the file the rescue's message names.
var savedIn = regexp.MustCompile(`measured is saved in (\S+) instead`)

// TestFailedWriteRescued: a run or a sweep measured here whose JSON cannot be
// written (a full disk: /dev/full) is exit 1, naming the file, and what was measured
// is saved in the temporary directory, whole, where stderr says.
func TestFailedWriteRescued(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		check func(t *testing.T, path string)
	}{
		{"bench", []string{"bench", "-workload", "sprites", "-backings", "soa,ptrarray", "-entities", "1000", "-frames", "12", "-warmup", "2"},
			func(t *testing.T, path string) {
				r, err := result.LoadJSON(path)
				if err != nil || len(r.Backings) != 2 || len(r.Backings[0].Frames.NS) != 12 {
					t.Errorf("the saved run does not hold the run measured: %v", err)
				}
			}},
		{"sweep", []string{"sweep", "-workload", "sprites", "-backings", "soa", "-param", "entities", "-values", "1000,2000", "-frames", "12", "-warmup", "2"},
			func(t *testing.T, path string) {
				s, err := result.LoadSweepJSON(path)
				if err != nil || len(s.Points) != 2 || !s.Points[1].Backings[0].Measured() {
					t.Errorf("the saved sweep does not hold the points measured: %v", err)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			code, _, stderr := run(t, append(tc.args, "-json", "/dev/full")...)
			if code != exit.Failed || !strings.Contains(stderr, "-json: /dev/full: ") {
				t.Fatalf("exit %d, want %d naming -json; stderr:\n%s", code, exit.Failed, stderr)
			}
			m := savedIn.FindStringSubmatch(stderr)
			if m == nil || !strings.HasPrefix(m[1], tmp) {
				t.Fatalf("stderr does not say where in %s it is saved:\n%s", tmp, stderr)
			}
			tc.check(t, m[1])
		})
	}
}

// TestRescueElsewhere: where the temporary directory cannot be written either, the
// working directory is tried; where neither can be, stderr says why, each place.
func TestRescueElsewhere(t *testing.T) {
	write := func(w io.Writer) error {
		_, err := w.Write([]byte("{}"))
		return err
	}
	wd := t.TempDir()
	t.Chdir(wd)
	t.Setenv("TMPDIR", "/nonexistent")
	var b strings.Builder
	rescue("run", write, &b)
	if m := savedIn.FindStringSubmatch(b.String()); m == nil || filepath.Dir(m[1]) != wd {
		t.Errorf("not saved in the working directory %s: %s", wd, b.String())
	}
	// A working directory that was removed cannot be written, even by root.
	gone := filepath.Join(wd, "gone")
	if err := os.Mkdir(gone, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(gone)
	if err := os.Remove(gone); err != nil {
		t.Fatal(err)
	}
	b.Reset()
	rescue("run", write, &b)
	if !strings.Contains(b.String(), "could not be saved elsewhere either") || !strings.Contains(b.String(), "/nonexistent") {
		t.Errorf("stderr does not say why it is not saved: %s", b.String())
	}
}
