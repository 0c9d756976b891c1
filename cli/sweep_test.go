package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"localitylab/internal/exit"
	"localitylab/internal/golden"
	"localitylab/lab/result"
)

// smallSweep is a quick sweep of three small worlds, every point a run of 16 frames.
var smallSweep = []string{"sweep", "-workload", "sprites", "-backings", "ptrarray,soa", "-param", "entities",
	"-values", "500,1k,2000", "-on_screen", "50", "-frames", "16", "-warmup", "4", "-seed", "3", "-probe", "none"}

// TestSweepEndToEnd runs a small sweep with every output, checks the files against
// the sweep the table printed, compares the JSON with a golden file (with what a rerun
// changes masked), and re-exports it with report.
func TestSweepEndToEnd(t *testing.T) {
	js, cs, png, page := outPath(t, "s.json"), outPath(t, "s.csv"), outPath(t, "s.png"), outPath(t, "s.html")
	code, stdout, stderr := run(t, append(smallSweep, "-json", js, "-csv", cs, "-png", png, "-html", page)...)
	if code != exit.OK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	s, err := result.LoadSweepJSON(js)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Points) != 3 || s.Params["seed"] != 3 || s.Frames != 16 {
		t.Fatalf("sweep of %d points, params %v, frames %d", len(s.Points), s.Params, s.Frames)
	}
	for _, want := range []string{"point 1 of 3: entities = 500", "point 3 of 3: entities = 2,000", "entities = 1,000: ptrarray "} {
		if !strings.Contains(stderr, want) {
			t.Errorf("progress lacks %q:\n%s", want, stderr)
		}
	}
	for _, want := range []string{"sweep of entities over 3 values", "ptrarray ns/entity (95% CI)", "2,000", "reaches a cache at"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("table lacks %q:\n%s", want, stdout)
		}
	}
	for _, f := range []string{cs, png, page} {
		if fi, err := os.Stat(f); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	data := readFile(t, js)
	golden.Text(t, "sweep.json", maskSweep(t, data))

	// report writes the same sweep back, and prints the same table.
	again := outPath(t, "again.json")
	code, out2, stderr := run(t, "report", js, "-json", again, "-png", outPath(t, "again.png"))
	if code != exit.OK {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	if back := readFile(t, again); string(back) != string(data) {
		t.Error("report -json did not write back the sweep it read")
	}
	if out2 != stdout {
		t.Errorf("report printed\n%s\nbut sweep printed\n%s", out2, stdout)
	}
	if code, _, stderr := run(t, "report", js, "-format", "go"); code != exit.Usage || !strings.Contains(stderr, "a sweep prints as a table only") {
		t.Errorf("report -format go of a sweep: exit %d: %s", code, stderr)
	}
}

// maskSweep replaces in a sweep file what a rerun changes (times, figures measured,
// the host, what follows from the figures) with "MASKED", and writes it with sorted
// keys, so that the golden file holds the shape of the file and what is fixed.
func maskSweep(t *testing.T, data []byte) []byte {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	// Whether the note is there at all depends on the machine: it says why the
	// cache sizes are missing, on a host that hides them.
	delete(v, "caches_note")
	volatile := map[string]bool{"p50_ns": true, "p95_ns": true, "ns_per_entity": true, "ns_per_entity_lo": true,
		"ns_per_entity_hi": true, "bytes_per_entity": true, "working_set_bytes": true, "allocs_per_frame": true,
		"ratio": true, "pairs": true, "rounds": true, "measured": true, "started": true, "duration_ns": true,
		"host": true, "caches": true, "crossings": true, "markers": true, "counters": true,
		"fork_ns_per_entity": true, "fork_ns_per_entity_lo": true, "fork_ns_per_entity_hi": true, "drift": true,
		"interrupted_frames": true, "measured_frames": true, "pages": true, "fork_pages": true,
		"p99_with_gc_ns": true, "address_span_bytes": true, "fork_gc_cpu_ns_per_frame": true,
		"load_average": true, "frame_cpu": true, "fork_frame_cpu": true, "frame_timer": true}
	var walk func(x any) any
	walk = func(x any) any {
		switch x := x.(type) {
		case map[string]any:
			delete(x, "fork_modes") // present only when the forks of a point found two modes
			// Present only where the collector ran or paused at the point.
			for _, k := range []string{"gc_cpu_ns_per_frame", "gc_cycles", "gc_cycles_per_1000_frames", "gc_pause_ns_per_frame"} {
				delete(x, k)
			}
			for k, val := range x {
				if volatile[k] {
					x[k] = "MASKED"
				} else {
					x[k] = walk(val)
				}
			}
		case []any:
			for i := range x {
				x[i] = walk(x[i])
			}
		}
		return x
	}
	out, err := json.MarshalIndent(walk(v), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(out, '\n')
}

// TestSweepBadInput: each mistake is refused before any worker starts, with exit
// status 2 and a message that names it.
func TestSweepBadInput(t *testing.T) {
	testRefusals(t, []string{"sweep", "-workload", "sprites", "-backings", "soa"}, "point 1", []refusal{
		{"unknown parameter", []string{"-param", "entitees", "-values", "1,2"}, `-param: the sprites workload has no parameter "entitees"`},
		{"value out of range", []string{"-param", "moving_pct", "-values", "0,150"}, "-values: moving_pct: 150 is out of range for sprites (want 0 to 100)"},
		{"one value", []string{"-param", "entities", "-values", "1000"}, "-values: 1 given (want at least 2)"},
		{"not a number", []string{"-param", "entities", "-values", "1000,lots"}, `-values: "lots" is not a number`},
		{"empty value", []string{"-param", "entities", "-values", "1000,,2000"}, `-values: "" is not a number`},
		{"a value twice", []string{"-param", "entities", "-values", "1k,1000"}, "-values: 1000 given twice"},
		{"a value the workload refuses", []string{"-param", "cold_bytes", "-values", "0,12"}, "-values: cold_bytes: 12 is not allowed for sprites (want 0, 8, 16, 32, 64, 128 or 256)"},
		{"no parameter", nil, "-param: missing"},
		{"bad budget", []string{"-param", "entities", "-budget", "0s"}, "-budget: 0s"},
		{"a run flag", []string{"-param", "entities", "-cache", "tepid"}, `-cache: "tepid" is not a cache mode`},
		{"a parameter of another workload", []string{"-param", "entities", "-cols", "5"}, "-cols: the sprites workload has no such parameter"},
		{"an unwritable output", []string{"-param", "entities", "-png", "/nonexistent/dir/s.png"}, "-png: "},
		{"the swept parameter's flag", []string{"-param", "entities", "-entities", "5000"}, "-entities: the sweep sets entities itself"},
		{"the swept parameter's flag, from a preset", []string{"-preset", "cache-cliff", "-entities", "5000"}, "-entities: the sweep sets entities itself"},
		{"a point of one frame", []string{"-param", "entities", "-frames", "1"}, "-frames: 1 with a warm-up of 0 leaves 1 to summarise"},
		{"negative warmup", []string{"-param", "entities", "-frames", "100", "-warmup", "-3"}, "-warmup: -3 is negative"},
		{"a word that is no page mode", []string{"-param", "pages", "-values", "huge,tiny"}, `-values: "tiny" is not a page mode (want huge, small, system)`},
		{"a page mode for a sweep of them", []string{"-param", "pages", "-pages", "small"}, "-pages: the sweep sets pages itself"},
		{"a page mode for the pages lesson", []string{"-preset", "pages-and-tlb", "-pages", "small"}, "-pages: the sweep sets pages itself"},
	})
}

func TestSweepFailures(t *testing.T) {
	testFaults(t, smallSweep, []fault{
		{"mismatch", "soa:checksum@5", exit.Mismatch, "entities = 500: checksum mismatch at frame 5", false},
		{"worker exits", "soa:exit@3", exit.Worker, "entities = 500: worker soa: the worker ended unexpectedly (exit status 7)", true},
	})
}

// TestSweepPreset: a sweep lesson gives the parameter and values, flags override
// them, and the lesson's claims are answered under the table.
func TestSweepPreset(t *testing.T) {
	code, stdout, stderr := run(t, "sweep", "-preset", "hot-cold", "-entities", "3000", "-values", "0,64",
		"-backings", "slotmap,soa", "-frames", "16", "-warmup", "4")
	if code != exit.OK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Hot and cold (sprites): sweep of cold_bytes over 2 values", "The lesson's claim (source 003",
		"Measured here: slotmap cost"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

// TestSweepPages: the pages lesson sweeps the page mode, each point named by its
// mode in the progress, the table and the claim's answer, which quotes each heap's
// share of huge pages; the CSV file gives each row's mode and share.
func TestSweepPages(t *testing.T) {
	csvPath := filepath.Join(t.TempDir(), "pages.csv")
	code, stdout, stderr := run(t, "sweep", "-preset", "pages-and-tlb", "-entities", "3000", "-frames", "16", "-warmup", "4", "-probe", "none", "-csv", csvPath)
	if code != exit.OK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Pages and the TLB (sprites): sweep of pages over 2 values", "\nhuge ", "\nsmall ",
		"ns/entity at huge", "at pages = huge and", "Heap in huge pages (each pages value, every pass)"} {
		// The answer is wrapped to the terminal; its words are read across lines.
		if !strings.Contains(stdout, want) && !strings.Contains(strings.Join(strings.Fields(stdout), " "), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "pages = small") {
		t.Errorf("progress names no point by its mode:\n%s", stderr)
	}
	data, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(string(data), "\n"); !strings.HasSuffix(lines[0], ",pages,huge_share") || !strings.Contains(lines[1], ",huge,") {
		t.Errorf("CSV header %q, first row %q: want the pages columns last", lines[0], lines[1])
	}
}

// TestFindBudgetBadInput: -find-budget needs a lesson with a budget claim, and
// refuses the flags it would ignore, before any worker starts.
func TestFindBudgetBadInput(t *testing.T) {
	testRefusals(t, []string{"sweep", "-find-budget"}, "point 1", []refusal{
		{"no lesson", []string{"-workload", "sprites"}, "-find-budget: needs a lesson with a frame-budget claim"},
		{"a lesson without one", []string{"-preset", "hot-cold"}, "-find-budget: lesson hot-cold has no frame-budget claim"},
		{"not about the backings run", []string{"-preset", "sprites-million", "-backings", "spatialhash,map"}, "no frame-budget claim about the backings run (spatialhash, map)"},
		{"runs", []string{"-preset", "sprites-million", "-budget-runs", "0"}, "-budget-runs: 0 (want 1 to 20)"},
		{"values", []string{"-preset", "sprites-million", "-values", "1,2"}, "-values: -find-budget chooses the sizes"},
		{"frames", []string{"-preset", "sprites-million", "-frames", "100"}, "-frames: -find-budget chooses"},
		{"a file", []string{"-preset", "sprites-million", "-png", "x.png"}, "-png: -find-budget writes no files"},
	})
}

// TestFindBudget runs the search on a small world: the pointer array at a few
// thousand sprites keeps the budget by far, so the search climbs by the most it
// may per run and says where it got, with every run's figures on stderr.
func TestFindBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("runs workers")
	}
	code, stdout, stderr := run(t, "sweep", "-preset", "sprites-million", "-find-budget", "-entities", "2000", "-backings", "soa,spatialhash", "-budget-runs", "2")
	if code != exit.OK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "Searching where soa misses the 16.7 ms budget, from 2,000 entities:") ||
		!strings.Contains(stderr, "  2,000 entities: p50 ") || !strings.Contains(stderr, "  16,000 entities: p50 ") {
		t.Errorf("progress:\n%s", stderr)
	}
	if !strings.Contains(stdout, "The lesson's claim (source 004") || !strings.Contains(stdout, "On this machine soa's frames") {
		t.Errorf("output:\n%s", stdout)
	}
}
