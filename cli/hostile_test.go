package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"localitylab/internal/exit"
	"localitylab/lab/result"
)

// A teacher opens thirty students' files at once. These run the commands on files a
// hostile student (or an unlucky one) could hand in, through the lab's own writers.

// TestCompareClassHostileCPU: a CPU's name of 4 MiB refuses its file, named, before
// anything is printed; names at the bound are read, and the class's table keeps every
// cell to a width, so that one long name does not pad every line of thirty columns.
func TestCompareClassHostileCPU(t *testing.T) {
	dir := t.TempDir()
	withCPU := func(i int, cpu string) string {
		data := string(readFile(t, classRuns[i]))
		_, after, _ := strings.Cut(data, `"cpu":"`)
		old, _, _ := strings.Cut(after, `"`)
		p := filepath.Join(dir, filepath.Base(classRuns[i]))
		if err := os.WriteFile(p, []byte(strings.Replace(data, `"cpu":"`+old+`"`, `"cpu":"`+cpu+`"`, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	huge := withCPU(2, strings.Repeat("word ", 4<<20/5))
	code, stdout, stderr := run(t, "compare", classRuns[0], classRuns[1], huge)
	if code != exit.Usage || !strings.Contains(stderr, "laptop-c.json: host.cpu: 4,194,300 characters (at most 256)") || stdout != "" {
		t.Errorf("a 4 MiB CPU: exit %d, stdout %d bytes, stderr %.300s", code, len(stdout), stderr)
	}
	var long []string
	for i := range 3 {
		long = append(long, withCPU(i, strings.Repeat(string(rune('A'+i)), 256)))
	}
	code, stdout, stderr = run(t, append([]string{"compare"}, long...)...)
	if code != exit.OK {
		t.Fatalf("CPUs of 256 characters: exit %d: %s", code, stderr)
	}
	widest := 0
	for _, line := range strings.Split(stdout, "\n") {
		widest = max(widest, utf8.RuneCountInString(line))
	}
	if widest > 25+3*(maxClassCell+2) || !strings.Contains(stdout, strings.Repeat("A", maxClassCell-1)+"…") {
		t.Errorf("the widest line: %d characters; a cell is at most %d", widest, maxClassCell)
	}
}

// TestReportHostileSweep: a saved sweep whose cache marker names markup, or a cache
// the sweep has not, is refused with the field named, and no page is written: the
// page would have run the markup as script.
func TestReportHostileSweep(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		name, cache, want string
	}{
		{"markup", "</script><script>alert(1)</script>", "markers[0].cache: 34 characters (at most 16)"},
		{"another cache", "L9", `markers[0]: cache "L9" of 32768 bytes is not one of the sweep's caches`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := result.LoadSweepJSON("../lab/result/testdata/sweep.json")
			if err != nil {
				t.Fatal(err)
			}
			s.Markers = []result.Marker{{Backing: "soa", Cache: tt.cache, Bytes: 32768, At: 2000, By: result.MarkerBySpan}}
			evil, page := filepath.Join(dir, "evil.json"), filepath.Join(dir, "page.html")
			if err := result.SaveSweepJSON(evil, s); err != nil {
				t.Fatal(err)
			}
			code, _, stderr := run(t, "report", evil, "-html", page)
			if code != exit.Usage || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %s; want %d and %q", code, stderr, exit.Usage, tt.want)
			}
			if _, err := os.Stat(page); err == nil {
				t.Error("the page was written")
			}
		})
	}
}
