package cli

import (
	"encoding/csv"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/presets"
	"localitylab/workloads/workload"
)

// TestBenchEndToEnd runs bench on each workload with all six backings at small sizes
// and checks what the JSON and CSV files say against what the run must have done.
func TestBenchEndToEnd(t *testing.T) {
	const frames, warmup = 24, 4
	for _, wl := range []string{"sprites", "bullets", "tiles"} {
		t.Run(wl, func(t *testing.T) {
			js, cs := outPath(t, "run.json"), outPath(t, "run.csv")
			args := append([]string{"bench", "-workload", wl, "-frames", "24", "-warmup", "4", "-seed", "5",
				"-json", js, "-csv", cs}, small[wl]...)
			code, stdout, stderr := run(t, args...)
			if code != exit.OK {
				t.Fatalf("exit %d\n%s", code, stderr)
			}
			r, err := result.LoadJSON(js)
			if err != nil {
				t.Fatal(err)
			}
			if r.Workload != wl || r.Frames != frames || r.Warmup != warmup || r.Params["seed"] != 5 || r.Host.Go == "" || r.Host.Cores < 1 {
				t.Errorf("run %s, %d frames, %d warm-up, params %v, host %+v", r.Workload, r.Frames, r.Warmup, r.Params, r.Host)
			}
			if len(r.Backings) != 6 || len(r.Ratios) != 6 {
				t.Fatalf("%d backings, %d ratios; want 6 and 6", len(r.Backings), len(r.Ratios))
			}
			for i, b := range r.Backings {
				if b.Name != workload.Backings[i] || b.Error != "" || b.Frames.Len() != frames {
					t.Errorf("backing %d: %s, error %q, %d frames", i, b.Name, b.Error, b.Frames.Len())
				}
				if !slices.Equal(b.Frames.Checksum, r.Backings[0].Frames.Checksum) {
					t.Errorf("%s's checksums differ from %s's in the file", b.Name, r.Backings[0].Name)
				}
				if b.Summary.P50NS <= 0 || b.Load.NS <= 0 || b.Load.Entities < 1 || b.Summary.Checksum != r.Backings[0].Summary.Checksum {
					t.Errorf("%s: summary %+v, load %+v", b.Name, b.Summary, b.Load)
				}
				if !strings.Contains(stdout, b.Name) {
					t.Errorf("the table lacks %s", b.Name)
				}
			}
			// The saved run carries the machine's probe, taken once for the whole
			// process: every run of this test carries the same one.
			if r.Probe == nil || r.Probe.Kind != result.ProbeShort || len(r.Probe.Ladder) == 0 || r.Probe.Memory == nil {
				t.Errorf("the run carries no short probe of the machine: %+v", r.Probe)
			} else if kept := lab.KeptProbe(lab.DefaultPages); kept == nil || !kept.Taken.Equal(r.Probe.Taken) {
				t.Errorf("the run's probe was not the one kept for the process")
			}
			if r.Ratios[0].Vs != r.Ratios[0].Backing || r.Ratios[0].Median != 1 {
				t.Errorf("first ratio %+v, want the best against itself", r.Ratios[0])
			}
			checkCSV(t, cs, 6*frames)
		})
	}
}

// checkCSV checks the CSV file's header and row count.
func checkCSV(t *testing.T, path string, rows int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != rows+1 || recs[0][0] != "backing" || recs[0][4] != "ns" {
		t.Errorf("CSV has %d records, header %q; want %d rows and a header", len(recs), recs[0], rows)
	}
}

// TestBenchBadInput: each mistake is refused before any worker starts, with exit
// status 2 and a message that names the flag and what it allows.
func TestBenchBadInput(t *testing.T) {
	missing := outPath(t, "missing")
	testRefusals(t, []string{"bench"}, "loading", []refusal{
		{"no workload", nil, "-workload: missing (want one of sprites, bullets, tiles"},
		{"unknown workload", []string{"-workload", "sprite"}, `-workload: unknown workload "sprite" (want one of sprites, bullets, tiles)`},
		{"unknown backing", []string{"-workload", "sprites", "-backings", "soa,slotmapp"}, `-backings: unknown backing "slotmapp" (want one of ptrarray`},
		{"repeated backing", []string{"-workload", "sprites", "-backings", "soa,soa"}, `-backings: "soa" given twice`},
		{"frames", []string{"-workload", "sprites", "-frames", "0"}, "-frames: 0 is out of range (want 1 to 100000)"},
		{"warmup", []string{"-workload", "sprites", "-frames", "10", "-warmup", "10"}, "-warmup: 10 is out of range (want 0 to frames-1 = 9)"},
		{"parameter range", []string{"-workload", "sprites", "-entities", "0"}, "-entities: 0 is out of range for sprites (want 1 to 10000000)"},
		{"cache mode", []string{"-workload", "sprites", "-cache", "hot"}, `-cache: "hot" is not a cache mode (want warm or cold)`},
		{"page mode", []string{"-workload", "sprites", "-pages", "giant"}, `-pages: "giant" is not a page mode (want system, huge or small)`},
		{"burst 0", []string{"-workload", "sprites", "-burst", "0"}, "-burst: 0 (want 1 to 256"},
		{"burst too long", []string{"-workload", "sprites", "-burst", "300"}, "-burst: 300 is out of range (want 0 to choose by time, or 1 to 256)"},
		{"parameter of another workload", []string{"-workload", "sprites", "-span", "2"}, "-span: the sprites workload has no such parameter (its parameters: seed, entities"},
		{"parameter syntax", []string{"-workload", "sprites", "-entities", "many"}, `invalid value "many" for flag -entities`},
		{"cross-field", []string{"-workload", "sprites", "-min_size", "9", "-max_size", "8"}, "sprites: min_size = 9 is larger than max_size = 8"},
		{"format", []string{"-workload", "sprites", "-format", "xml"}, `-format: "xml" (want table or go)`},
		{"timeout", []string{"-workload", "sprites", "-timeout", "0s"}, "-timeout: 0s (want a positive duration"},
		{"unwritable output", []string{"-workload", "sprites", "-json", missing + "/run.json"}, "-json: " + missing + "/run.json: cannot write here"},
		{"output is a directory", []string{"-workload", "sprites", "-png", t.TempDir()}, "not a regular file"},
		{"unknown flag", []string{"-workload", "sprites", "-entitys", "5"}, "flag provided but not defined: -entitys"},
		{"argument", []string{"-workload", "sprites", "entities=5"}, `unexpected argument "entities=5"`},
		{"preset", []string{"-preset", "nosuch"}, `-preset: unknown preset "nosuch"`},
		{"preset and workload", []string{"-preset", "sprites-million", "-workload", "tiles"}, "-workload tiles: preset sprites-million is a sprites run"},
		{"forks", []string{"-workload", "sprites", "-forks", "0"}, "-forks: 0 (want 1 to 16)"},
		{"more forks than frames", []string{"-workload", "sprites", "-frames", "4", "-forks", "5"}, "-forks: 5 forks of a run of 4 frames leave a fork no frame"},
		{"a fork's warm-up", []string{"-workload", "sprites", "-frames", "9", "-warmup", "6", "-forks", "3"}, "-frames: 9 over 3 forks with a warm-up of 6: fork 1 keeps 1 after its warm-up"},
		{"negative warmup", []string{"-workload", "sprites", "-warmup", "-1"}, "-warmup: -1 is negative"},
		{"one frame", []string{"-workload", "sprites", "-frames", "1"}, "-frames: 1 with a warm-up of 0 leaves 1 to summarise (want at least 2 after the warm-up"},
		{"one frame after the warm-up", []string{"-workload", "sprites", "-frames", "10", "-warmup", "9"}, "-frames: 10 with a warm-up of 9 leaves 1 to summarise"},
		{"bursts of one, warm", []string{"-workload", "sprites", "-burst", "1"}, "-burst: 1 keeps no frame in warm mode"},
	})
}

func TestBenchFailures(t *testing.T) {
	testFaults(t, []string{"bench", "-workload", "sprites", "-entities", "500", "-frames", "8", "-warmup", "1", "-forks", "2"}, []fault{
		{"mismatch", "map:checksum@3", exit.Mismatch, "checksum mismatch at frame 3 of fork 1: ptrarray gave", false},
		{"worker exits", "slotmap:exit@2", exit.Worker, "worker slotmap: the worker ended unexpectedly (exit status 7)", true},
		{"worker fails to load", "soa:fail@load", exit.Worker, "worker soa: injected failure during the load", true},
	})
}

func TestBenchFormatGo(t *testing.T) {
	code, stdout, stderr := run(t, "bench", "-workload", "bullets", "-entities", "2000", "-backings", "slotmap,map",
		"-frames", "12", "-warmup", "2", "-burst", "4", "-format", "go")
	if code != exit.OK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	line := regexp.MustCompile(`^BenchmarkFrame/workload=bullets/backing=(slotmap|map)\t1\t\d+ ns/op(\t\d+ cpu-ns/op)?\t\d+ B/op\t\d+ allocs/op$`)
	counts := map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
		if m := line.FindStringSubmatch(l); m != nil {
			counts[m[1]]++
		} else if strings.HasPrefix(l, "Benchmark") || !strings.Contains(l, ": ") {
			t.Errorf("line %q is neither a benchmark nor a configuration line", l)
		}
	}
	// Bursts of frames 0–3, 4–7 and 8–11: the warm-up (0, 1) and the re-warming first
	// half of each burst (4, 5, 8, 9) are left out.
	if counts["slotmap"] != 6 || counts["map"] != 6 {
		t.Errorf("benchmark lines per backing: %v, want 6 each (frames kept by the summary)", counts)
	}
}

// TestBenchPreset starts from a preset and overrides it with flags.
func TestBenchPreset(t *testing.T) {
	js := outPath(t, "run.json")
	code, stdout, stderr := run(t, "bench", "-preset", "slotmap-churn", "-entities", "1000", "-frames", "6", "-json", js)
	if code != exit.OK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	p, _ := presets.Lookup("slotmap-churn")
	for _, want := range []string{"The lesson's claim (" + p.Claims[0].Source + ")", "Measured here, the handle lookups on their own",
		"Conditions differ (see below).", "this run has entities = 1,000.",
		"The lesson was written for entities = 250,000; this run has entities = 1,000."} {
		if !strings.Contains(strings.Join(strings.Fields(stdout), " "), want) {
			t.Errorf("the summary lacks %q:\n%s", want, stdout)
		}
	}
	html := outPath(t, "run.html")
	code, again, stderr := run(t, "report", js, "-html", html)
	if code != exit.OK || !strings.Contains(again, "The lesson's claim") {
		t.Errorf("report of the preset's run: exit %d, no claim found by the run's title:\n%s%s", code, again, stderr)
	}
	if page, err := os.ReadFile(html); err != nil || !strings.Contains(string(page), "The lesson's claims") {
		t.Errorf("the page of the preset's run does not state the claim (%v)", err)
	}
	r, err := result.LoadJSON(js)
	if err != nil {
		t.Fatal(err)
	}
	if r.Title == "" || r.Workload != "bullets" || r.Params["entities"] != 1000 || r.Frames != 6 || r.Warmup != 0 {
		t.Errorf("title %q, workload %s, entities %d, frames %d, warm-up %d", r.Title, r.Workload, r.Params["entities"], r.Frames, r.Warmup)
	}
}
