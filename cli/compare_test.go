package cli

import (
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"localitylab/internal/exit"
	"localitylab/internal/golden"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/summary"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// comparePair writes two runs to dir as base.json and new.json: savedRun, and the
// same run with soa's frames 40% faster and ptrarray's allocating two objects a frame
// more, changed by f when given. It returns their paths.
func comparePair(t *testing.T, dir string, f func(r *result.Run)) (base, next string) {
	t.Helper()
	r, err := result.LoadJSON(savedRun)
	if err != nil {
		t.Fatal(err)
	}
	base, next = filepath.Join(dir, "base.json"), filepath.Join(dir, "new.json")
	if err := result.SaveJSON(base, r); err != nil {
		t.Fatal(err)
	}
	for i := range r.Backings {
		b := &r.Backings[i]
		for k := range b.Frames.NS {
			switch b.Name {
			case "soa":
				b.Frames.NS[k] = b.Frames.NS[k] * 3 / 5
			case "ptrarray":
				b.Frames.Allocs[k] += 2
			}
		}
	}
	if f != nil {
		f(r)
	}
	summary.Summarize(r)
	if err := result.SaveJSON(next, r); err != nil {
		t.Fatal(err)
	}
	return base, next
}

// masked hides what changes whenever the golden runs are measured again: dates and
// the machine.
func masked(s string) string {
	s = regexp.MustCompile(`(?m)^(base|new ) {2}(\S+), .*, (\d+) rounds$`).ReplaceAllString(s, "$1  $2, (date and host masked), $3 rounds")
	s = regexp.MustCompile(`"started": "[^"]*"`).ReplaceAllString(s, `"started": "(masked)"`)
	return regexp.MustCompile(`"host": "[^"]*"`).ReplaceAllString(s, `"host": "(masked)"`)
}

// TestCompare prints the comparison of two runs and writes it as JSON, PNG and HTML;
// the table and the JSON are golden files, with dates and hosts masked.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	base, next := comparePair(t, dir, nil)
	js, pngPath, html := filepath.Join(dir, "c.json"), filepath.Join(dir, "c.png"), filepath.Join(dir, "c.html")
	code, stdout, stderr := run(t, "compare", base, next, "-json", js, "-png", pngPath, "-html", html)
	if code != exit.OK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	golden.Text(t, "compare.txt", []byte(masked(stdout)))
	data := readFile(t, js)
	golden.Text(t, "compare.json", []byte(masked(string(data))))
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil || cfg.Width != 1920 || cfg.Height != 1080 {
		t.Errorf("PNG: %v, %d×%d, want 1920×1080", err, cfg.Width, cfg.Height)
	}
	page := readFile(t, html)
	for _, want := range []string{"sprites: base.json (base) vs new.json (new)", "What changed", "soa (base)", `"type":"dashed"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// Flags first, files after, works as well.
	if code, _, stderr := run(t, "compare", "-accept", "host", base, next); code != exit.OK {
		t.Errorf("flags before the files: exit %d: %s", code, stderr)
	}
}

// TestCompareRefuses: what compare cannot compare is bad input (exit status 2), and
// the message names what is wrong.
func TestCompareRefuses(t *testing.T) {
	dir := t.TempDir()
	base, next := comparePair(t, dir, nil)
	_, bullets := comparePair(t, t.TempDir(), func(r *result.Run) { r.Workload = "bullets" })
	_, bigger := comparePair(t, t.TempDir(), func(r *result.Run) { r.Params["entities"] = 2000 })
	_, elsewhere := comparePair(t, t.TempDir(), func(r *result.Run) { r.Host.CPU = "Another CPU" })
	notRun := filepath.Join(dir, "preset.json")
	if err := os.WriteFile(notRun, []byte(`{"schema": "localitylab/preset/v1", "title": "x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	testRefusals(t, []string{"compare"}, "", []refusal{
		{"different workloads", []string{base, bullets}, "workload: sprites (base) vs bullets (new)"},
		{"different workloads, whatever is accepted", []string{base, bullets, "-accept", "params,cache,frames,host"}, "cannot be compared"},
		{"different parameters", []string{base, bigger}, "params: entities 1,000 (base) vs 2,000 (new)"},
		{"another machine", []string{base, elsewhere}, "-accept host"},
		{"missing file", []string{base, filepath.Join(dir, "nope.json")}, "nope.json: no such file"},
		{"not a run", []string{notRun, next}, `preset.json: schema: "localitylab/preset/v1" is not`},
		{"one file", []string{base}, "1 files given"},
		{"three files, one twice (a class of machines)", []string{base, next, next}, "is given twice"},
		{"unknown difference", []string{base, next, "-accept", "hosts"}, `-accept: "hosts" is no kind of difference`},
		{"unwritable output", []string{base, next, "-png", filepath.Join(dir, "no", "such", "dir.png")}, "-png:"},
	})
	// Accepted, the differences are compared and the title says so.
	for _, tc := range []struct{ file, accept, title string }{{bigger, "params", "different parameters"}, {elsewhere, "host", "on two machines"}} {
		code, stdout, stderr := run(t, "compare", base, tc.file, "-accept", tc.accept)
		if code != exit.OK || !strings.Contains(strings.SplitN(stdout, "\n", 2)[0], tc.title) {
			t.Errorf("-accept %s: exit %d, %s%s: want a title saying %q", tc.accept, code, stdout, stderr, tc.title)
		}
	}
}

func TestCheck(t *testing.T) {
	code, stdout, stderr := run(t, append([]string{"check", "-workload", "tiles", "-backings", "soa,rowvec,map", "-frames", "30"}, small["tiles"]...)...)
	if code != exit.OK || !strings.Contains(stdout, "30 frames: every backing folded soa's checksum in every frame.") {
		t.Errorf("exit %d, %s%s", code, stdout, stderr)
	}
	testRefusals(t, []string{"check"}, "", []refusal{
		{"one backing", []string{"-workload", "sprites", "-backings", "soa"}, "want two or more"},
		{"no workload", []string{"-backings", "soa,map"}, "-workload: missing"},
		{"unknown backing", []string{"-workload", "sprites", "-backings", "soa,aos"}, `unknown backing "aos"`},
		{"frames", []string{"-workload", "sprites", "-backings", "soa,map", "-frames", "0"}, "-frames: 0"},
		{"parameter range", []string{"-workload", "sprites", "-backings", "soa,map", "-entities", "0"}, "-entities: 0 is out of range"},
	})
}

// TestCheckRefusesWhatBenchRefuses: check takes bench's flags through bench's checks
// and its memory guard, so that a setup bench refuses is refused by check with the
// same words and the same exit status, rather than run out of memory or exit 1.
func TestCheckRefusesWhatBenchRefuses(t *testing.T) {
	six := "ptrarray,map,slotmap,rowvec,soa,spatialhash"
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"span past the tile table", []string{"-workload", "tiles", "-backings", "rowvec,soa", "-span", "256"}, "entities × span²"},
		{"frames", []string{"-workload", "sprites", "-backings", "soa,map", "-frames", "200000"}, "-frames: 200000 is out of range"},
		{"cross-parameter", []string{"-workload", "sprites", "-backings", "soa,map", "-min_size", "9", "-max_size", "8"}, "min_size = 9 is larger than max_size = 8"},
		{"memory", []string{"-workload", "tiles", "-backings", six, "-entities", "10000000", "-span", "10"}, "the run needs about"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "memory" {
				spec, _ := workloads.Lookup("tiles")
				p, _ := spec.Resolve(workload.Params{"entities": 10_000_000, "span": 10})
				c := lab.Config{Workload: "tiles", Backings: strings.Split(six, ","), Params: p, Frames: 2}
				if err := lab.CheckMemory(c); err == nil {
					t.Skip("this machine has the memory for six tile backings of ten million entities")
				}
			}
			bcode, _, bench := run(t, append([]string{"bench", "-frames", "6"}, tt.args...)...)
			ccode, stdout, check := run(t, append([]string{"check", "-frames", "6"}, tt.args...)...)
			if bcode != exit.Usage || !strings.Contains(bench, tt.want) {
				t.Fatalf("bench: exit %d, %s; want exit 2 saying %q", bcode, bench, tt.want)
			}
			if ccode != bcode || stdout != "" || !strings.Contains(bench, strings.TrimSpace(check)) {
				t.Errorf("check: exit %d, stdout %q, stderr %q; want bench's exit %d and words %q", ccode, stdout, check, bcode, bench)
			}
		})
	}
}
