// Package golden compares a test's output with a file under testdata/. Every package
// here checks what it writes for people (tables, result files, pages) this way. A
// mismatch prints a diff in the test's log and leaves the output beside the golden
// file. LOCALITYLAB_UPDATE_GOLDEN=1 rewrites the golden files once a change is
// meant.
package golden

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// UpdateEnv names the variable that makes Text rewrite the golden files.
const UpdateEnv = "LOCALITYLAB_UPDATE_GOLDEN"

// Text compares got with testdata/name. On a mismatch it prints a diff of the two
// (see Diff). On a mismatch, and when the golden file is missing, it writes got
// beside it with ".got" before the extension (run.got.html), so that the file keeps
// the extension editors and browsers know. A match removes a .got file left by an
// earlier failure.
func Text(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if os.Getenv(UpdateEnv) == "1" {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ext := filepath.Ext(name)
	gotPath := strings.TrimSuffix(path, ext) + ".got" + ext
	want, err := os.ReadFile(path)
	if err == nil && bytes.Equal(want, got) {
		os.Remove(gotPath)
		return
	}
	if werr := os.WriteFile(gotPath, got, 0o644); werr != nil {
		t.Fatal(werr)
	}
	if err != nil {
		t.Fatalf("golden %s: %v; wrote %s", path, err, gotPath)
	}
	t.Errorf("%s differs from the golden file; wrote %s (rerun with %s=1 if the change is meant):\n%s",
		path, gotPath, UpdateEnv, Diff(path, gotPath, want, got))
}
