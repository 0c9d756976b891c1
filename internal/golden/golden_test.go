package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records failures instead of stopping the test.
type recorder struct {
	testing.TB
	failed, fatal bool
	msg           string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.failed, r.msg = true, fmt.Sprintf(format, a...)
}
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
	if !strings.Contains(r.msg, "-a table\n+another table\n") {
		t.Errorf("the failure does not show the diff:\n%s", r.msg)
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

func TestDiff(t *testing.T) {
	lines := func(n int, f func(i int) string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(f(i) + "\n")
		}
		return b.String()
	}
	base := lines(40, func(i int) string { return fmt.Sprint("line ", i) })
	tests := []struct {
		name       string
		want, got  string
		has, lacks []string
	}{
		{"equal", "a\nb\n", "a\nb\n", nil, []string{"@@"}},
		{"one line changed", base, strings.Replace(base, "line 20\n", "line twenty\n", 1),
			[]string{"--- w\n+++ g\n@@ -18 +18 @@\n line 17\n line 18\n line 19\n-line 20\n+line twenty\n line 21\n line 22\n line 23\n"},
			[]string{"line 16", "line 24"}},
		{"two hunks", base, strings.Replace(strings.Replace(base, "line 3\n", "", 1), "line 35\n", "line 35\nnew\n", 1),
			[]string{"-line 3\n", "@@ -34 +33 @@", "+new\n"}, []string{"line 20"}},
		{"added at the end", "a\n", "a\nb\n", []string{" a\n+b\n"}, nil},
		{"long line", "x\n", strings.Repeat("y", 5000) + "\n", []string{"+" + strings.Repeat("y", diffMaxWidth) + "…\n"}, []string{strings.Repeat("y", diffMaxWidth+1)}},
		{"long diff", base + base, strings.ReplaceAll(base+base, "line", "row"), []string{"the diff goes on"}, []string{"row 39"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Diff("w", "g", []byte(tt.want), []byte(tt.got))
			for _, s := range tt.has {
				if !strings.Contains(d, s) {
					t.Errorf("diff lacks %q:\n%s", s, d)
				}
			}
			for _, s := range tt.lacks {
				if strings.Contains(d, s) {
					t.Errorf("diff has %q:\n%s", s, d)
				}
			}
		})
	}
}
