package doccheck

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestAnchor(t *testing.T) {
	for _, tc := range []struct{ heading, want string }{
		{"Sweeps", "sweeps"},
		{"The machine's caches", "the-machines-caches"},
		{"Ways in: Linux, Windows, macOS", "ways-in-linux-windows-macos"},
		{"Does a figure depend on the company it keeps?", "does-a-figure-depend-on-the-company-it-keeps"},
		{"1. Write a store per workload", "1-write-a-store-per-workload"},
		{"The `probe` command", "the-probe-command"},
		{"A course for a 90-minute class", "a-course-for-a-90-minute-class"},
		{"snake_case × and ∩", "snake_case--and-"},
	} {
		if got := Anchor(tc.heading); got != tc.want {
			t.Errorf("Anchor(%q) = %q, want %q", tc.heading, got, tc.want)
		}
	}
}

// TestCheck: a page with a link of every kind reports the broken ones, with their
// lines, and nothing inside code.
func TestCheck(t *testing.T) {
	got, err := Check("testdata", []string{"page.md", "docs/other.md"})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, p := range got {
		lines = append(lines, p.String())
	}
	want := []string{
		"page.md:7: docs/missing.md: no such file docs/missing.md",
		"page.md:9: docs/other.md#no-such-heading: no heading in docs/other.md has the anchor #no-such-heading",
		"docs/other.md:4: ../page.md#twice-2: no heading in page.md has the anchor #twice-2",
	}
	if !slices.Equal(lines, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if _, err := Check("testdata", []string{"absent.md"}); err == nil {
		t.Error("a page that cannot be read gave no error")
	}
}

// TestProjectLinks: every relative link in the README and the pages under docs/
// leads to a file that exists and, with an anchor, to a heading of that page.
func TestProjectLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) == 0 {
		t.Fatal("no pages under docs/")
	}
	rel := []string{"README.md"}
	for _, p := range pages {
		r, err := filepath.Rel(root, p)
		if err != nil {
			t.Fatal(err)
		}
		rel = append(rel, filepath.ToSlash(r))
	}
	problems, err := Check(root, rel)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}
