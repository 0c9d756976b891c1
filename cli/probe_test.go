package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"localitylab/internal/exit"
	"localitylab/internal/golden"
	"localitylab/lab/result"
)

// TestProbeCommand takes a short probe, as `localitylab probe -short -json FILE`,
// and checks what it prints and writes: the ladder, the levels beside the caches
// reported, the bandwidths; a file that reads back as the probe's.
func TestProbeCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("a probe takes seconds")
	}
	js := filepath.Join(t.TempDir(), "p.json")
	code, stdout, stderr := run(t, "probe", "-short", "-json", js)
	if code != exit.OK {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"Probe (short)", "Latency of a dependent load", "Levels the ladder shows", "memory", "/s"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the table lacks %q:\n%s", want, stdout)
		}
	}
	for _, line := range strings.Split(stdout, "\n") {
		if n := len([]rune(line)); n >= 100 {
			t.Errorf("a line of %d columns: %q", n, line)
		}
	}
	if !strings.Contains(stderr, "probe: ") {
		t.Errorf("no progress on stderr:\n%s", stderr)
	}
	p, err := result.LoadProbeJSON(js)
	if err != nil {
		t.Fatal(err)
	}
	if p.Kind != result.ProbeShort || len(p.Ladder) == 0 {
		t.Errorf("the file holds a %q probe of %d points", p.Kind, len(p.Ladder))
	}
}

// TestProbeFlags: a flag the probe cannot take is refused before anything runs,
// naming it, and nothing is written.
func TestProbeFlags(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-full", "-short"}, "-full, -short: both given"},
		{[]string{"-pages", "giant"}, `-pages: "giant" is not a page mode`},
		{[]string{"-json", filepath.Join(dir, "no", "such", "dir", "p.json")}, "-json"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-kind", "full"}, "flag provided but not defined: -kind"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, stderr := run(t, append([]string{"probe"}, tt.args...)...)
			if code != exit.Usage || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d saying %q", code, stderr, exit.Usage, tt.want)
			}
		})
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("files left behind: %v", entries)
	}
	code, stdout, _ := run(t, "help", "probe")
	if code != exit.OK || !strings.Contains(stdout, "-pages") || !strings.Contains(stdout, "-short") || !strings.Contains(stdout, result.ProbeSchema) {
		t.Errorf("help probe: exit %d:\n%s", code, stdout)
	}
	if code, _, _ := run(t, "probe-worker"); code != exit.OK {
		t.Errorf("probe-worker with empty input: exit %d, want 0 (its coordinator said stop)", code)
	}
}

// TestProbeTable: the table of a probe measured on the development VM, against its
// golden file.
func TestProbeTable(t *testing.T) {
	p, err := result.LoadProbeJSON("testdata/probe-full.json")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	writeProbe(&b, p)
	golden.Text(t, "probe-full.txt", []byte(b.String()))
	for _, line := range strings.Split(b.String(), "\n") {
		if n := len([]rune(line)); n >= 100 {
			t.Errorf("a line of %d columns: %q", n, line)
		}
	}
}

// TestProbeFrom draws a saved probe, or the one a run carries, as PNG and HTML
// without measuring; an older run, written before probes, is refused by name.
func TestProbeFrom(t *testing.T) {
	dir := t.TempDir()
	png, html := filepath.Join(dir, "ladder.png"), filepath.Join(dir, "ladder.html")
	code, stdout, stderr := run(t, "probe", "-from", "testdata/probe-full.json", "-png", png, "-html", html)
	if code != exit.OK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "Levels the ladder shows") {
		t.Errorf("the table is missing:\n%s", stdout)
	}
	for _, f := range []string{png, html} {
		if fi, err := os.Stat(f); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	code, _, stderr = run(t, "probe", "-from", "testdata/run-v1.json", "-png", png)
	if code == exit.OK || !strings.Contains(stderr, "-from: testdata/run-v1.json: the file carries no probe") {
		t.Errorf("an older run: exit %d, %q; want its name and that it carries no probe", code, stderr)
	}
}
