package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records failures instead of stopping the test.
type recorder struct {
	testing.TB
	failed, fatal bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed, r.fatal = true, true }
func (r *recorder) Fatal(...any)          { r.failed, r.fatal = true, true }

func TestText(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	want := []byte("a table\n")
	if err := os.WriteFile(filepath.Join("testdata", "t.txt"), want, 0o644); err != nil {
		t.Fatal(err)
	}
	got := filepath.Join("testdata", "t.got.txt")

	r := &recorder{TB: t}
	Text(r, "t.txt", []byte("another table\n"))
	if !r.failed {
		t.Fatal("a differing output passed")
	}
	if b, err := os.ReadFile(got); err != nil || string(b) != "another table\n" {
		t.Fatalf("the differing output was not left beside the golden file: %q, %v", b, err)
	}

	r = &recorder{TB: t}
	Text(r, "t.txt", want)
	if r.failed {
		t.Fatal("the same output failed")
	}
	if _, err := os.Stat(got); !os.IsNotExist(err) {
		t.Fatalf("a match left %s behind (%v)", got, err)
	}

	r = &recorder{TB: t}
	Text(r, "missing.txt", want)
	if !r.fatal {
		t.Fatal("a missing golden file did not stop the test")
	}

	t.Setenv(UpdateEnv, "1")
	r = &recorder{TB: t}
	Text(r, "t.txt", []byte("new\n"))
	if b, _ := os.ReadFile(filepath.Join("testdata", "t.txt")); r.failed || string(b) != "new\n" {
		t.Fatalf("%s=1 did not rewrite the golden file (failed %v, file %q)", UpdateEnv, r.failed, b)
	}
}
