package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"localitylab/internal/testcheck"
)

func TestWriteReplacesOnlyOnSuccess(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := WriteBytes(path, []byte("first")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(path, func(w io.Writer) error {
		io.WriteString(w, "half of the second")
		return boom
	})
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), path) {
		t.Errorf("failed fill: error %v, want boom naming %s", err, path)
	}
	if got, _ := os.ReadFile(path); string(got) != "first" {
		t.Errorf("after a failed write the file holds %q, want the first version", got)
	}
	if err := WriteBytes(path, []byte("second")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "second" {
		t.Errorf("file holds %q, want %q", got, "second")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, path, want string
	}{
		{"new file", filepath.Join(dir, "new.json"), ""},
		{"missing directory", filepath.Join(dir, "no", "such", "x.json"), "cannot write here: the directory " + filepath.Join(dir, "no", "such") + " does not exist"},
		{"a directory", dir, "not a regular file"},
		{"empty", "", "empty output path"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testcheck.Err(t, Check(tt.path), tt.want, "Check(%q)", tt.path)
		})
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("Check left files behind: %v", left)
	}
}

// TestForwardSlashes: a path written with '/' (as the docs write them) is
// checked and written in the directory it names on every system; on Windows, where
// '\' is the system's own separator, the check used to look at the current
// directory and pass, and the write to fail at the rename, after the run.
func TestForwardSlashes(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Mkdir("runs", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Check("runs/x.json"); err != nil {
		t.Errorf("Check(runs/x.json): %v", err)
	}
	if err := WriteBytes("runs/x.json", []byte("run")); err != nil {
		t.Errorf("WriteBytes(runs/x.json): %v", err)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "runs", "x.json")); err != nil || string(got) != "run" {
		t.Errorf("runs/x.json holds %q (%v), want %q", got, err, "run")
	}
	want := "cannot write here: the directory missing does not exist"
	testcheck.Err(t, Check("missing/x.json"), want, "Check(missing/x.json)")
	if err := WriteBytes("missing/x.json", nil); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("WriteBytes(missing/x.json): %v, want an error naming the directory", err)
	}
	testcheck.Err(t, Check("runs/"), "names a directory", "Check(runs/)")
	for _, d := range []string{".", "runs"} {
		if left, _ := filepath.Glob(filepath.Join(dir, d, ".*")); len(left) != 0 {
			t.Errorf("temporary files left behind in %s: %v", d, left)
		}
	}
}
