package cli

import (
	"strings"
	"testing"

	"localitylab/internal/golden"
	"localitylab/lab/result"
	"localitylab/lab/runtest"
)

// TestTableCounters covers what the saved run does not: counted misses, a backing
// whose worker failed (listed last, marked, its figures partial), a difference that
// is not significant, and counters turned off.
func TestTableCounters(t *testing.T) {
	misses, none := 1234.0, 0.0
	r := &result.Run{Workload: "bullets", Params: map[string]int64{"seed": 1, "entities": 5000}, Frames: 10, Warmup: 2,
		Counters: result.Counters{Enabled: true, Misses: "demand data-cache fills from DRAM (AMD PMCx043:0x48)"},
		Backings: []result.Backing{
			{Name: "map", Error: "worker map: hung", Frames: result.Series{NS: make([]int64, 5)},
				Summary: result.Summary{P50NS: 1000, P95NS: 1100, P99NS: 1200}},
			{Name: "soa", Frames: result.Series{NS: make([]int64, 10)}, Load: result.Load{NS: 2e6, Entities: 5000, BytesPerEntity: 24},
				Summary: result.Summary{P50NS: 12_300, P95NS: 15_000, P99NS: 20_000, AllocsPerFrame: 0, MemMissesPerFrame: &none}},
			{Name: "slotmap", Frames: result.Series{NS: make([]int64, 10)}, Load: result.Load{NS: 3e6, Entities: 5000, BytesPerEntity: 36.5},
				Summary: result.Summary{P50NS: 12_000, P95NS: 14_000, P99NS: 30_000, AllocsPerFrame: 0.5, MemMissesPerFrame: &misses}},
		},
		Ratios: []result.Ratio{
			{Backing: "slotmap", Vs: "slotmap", Median: 1, Lo: 1, Hi: 1},
			{Backing: "soa", Vs: "slotmap", Median: 1.02, Lo: 0.98, Hi: 1.07},
			{Backing: "map", Vs: "slotmap", Median: 0.08, Lo: 0.07, Hi: 0.09, Significant: true},
		},
	}
	var b strings.Builder
	if err := writeTable(&b, r, lessonAnswers{}, false); err != nil {
		t.Fatal(err)
	}
	golden.Text(t, "table-counters.txt", []byte(b.String()))

	r.Counters = result.Counters{}
	b.Reset()
	writeTable(&b, r, lessonAnswers{}, false)
	if !strings.Contains(b.String(), "Hardware counters were off.") {
		t.Errorf("counters off is not said:\n%s", b.String())
	}
}

// TestLoadMemoryNote: the table says what each measured load cost in memory, and says
// nothing of loads measured without those figures.
func TestLoadMemoryNote(t *testing.T) {
	r := &result.Run{Workload: "tiles", Params: map[string]int64{"seed": 1, "entities": 1000}, Frames: 4,
		Backings: []result.Backing{
			{Name: "rowvec", Load: result.Load{NS: 2e9, Entities: 1000, MinorFaults: result.Measured[int64](630_000), PageBytes: 4096,
				UserNS: result.Measured[int64](5e9), SysNS: result.Measured[int64](1.5e9), AllocBytes: 6 << 30, FreedLateBytes: 5 << 30, GCCycles: 15}},
			{Name: "soa", Load: result.Load{NS: 3e9, Entities: 1000}},
		},
	}
	var b strings.Builder
	if err := writeTable(&b, r, lessonAnswers{}, false); err != nil {
		t.Fatal(err)
	}
	want := "rowvec: 630,000 page faults (2.40 GiB of fresh pages); CPU 6.50 s, 1.50 s of it in the kernel; 6.00 GiB allocated, 5.00 GiB of it let go before the load ended (15 collections ran)"
	if !strings.Contains(flat(b.String()), want) {
		t.Errorf("table lacks %q:\n%s", want, b.String())
	}
	if strings.Contains(b.String(), "soa:") {
		t.Errorf("a load measured without faults shows some:\n%s", b.String())
	}
	r.Backings = r.Backings[1:]
	b.Reset()
	writeTable(&b, r, lessonAnswers{}, false)
	if strings.Contains(b.String(), "Load memory") {
		t.Errorf("a note of load memory without any measured:\n%s", b.String())
	}
}

// TestTableForks: a run of three forks says so in its first line, adds the fork
// spread column, marks two modes in the column and in the ratio, and names the modes'
// figures under the table.
func TestTableForks(t *testing.T) {
	r := runtest.Forked(3, 8, []string{"soa", "ptrarray"}, func(k, i int) float64 {
		if i == 1 && k == 2 {
			return 40
		}
		return float64(1 + 9*i)
	}, func(k, i int) int64 { return int64(1e6 * (k + 1)) })
	var b strings.Builder
	if err := writeTable(&b, r, lessonAnswers{}, false); err != nil {
		t.Fatal(err)
	}
	got := flat(b.String())
	for _, want := range []string{"96 frames in 3 forks, each with its own warm-up (3 in all)", "fork spread",
		"9.24× (9.00–36.1) two modes", "300% two modes", "Forks: the frames ran in 3 forks",
		"Two modes: ptrarray's forks gave p50 10.7 µs, 10.7 µs, 42.7 µs.", "Two modes: ptrarray against soa gave 9.01×, 9.12×, 36.1× in its forks.",
		"95% interval over the rounds of every fork, widened to hold each fork's own median"} {
		if !strings.Contains(got, want) {
			t.Errorf("table lacks %q:\n%s", want, got)
		}
	}
}

// TestTableUnresolved: a run whose frames the machine's clock could not resolve
// (Windows's time.Now, once a millisecond) ranks nothing: no "best", no "0 ns", and a
// note that says why.
func TestTableUnresolved(t *testing.T) {
	frames := result.Series{NS: make([]int64, 12)}
	r := &result.Run{Workload: "bullets", Params: map[string]int64{"seed": 1, "entities": 20000}, Frames: 12, Warmup: 2,
		Timer: &result.FrameTimer{Clock: result.ClockWall,
			Wall: result.ClockReading{Source: "time.Now", ResolutionNS: 1e6, StepNS: 1e6, Reads: 5000, Repeats: 4900}},
		Backings: []result.Backing{
			{Name: "map", Frames: frames, Summary: result.Summary{Measured: 10}},
			{Name: "slotmap", Frames: frames, Summary: result.Summary{Measured: 10, P99NS: 1e6}},
		}}
	var b strings.Builder
	if err := writeTable(&b, r, lessonAnswers{}, false); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "map ") && !strings.HasPrefix(line, "slotmap ") {
			continue
		}
		for _, bad := range []string{"best", " 0 ns"} {
			if strings.Contains(line, bad) {
				t.Errorf("a row says %q:\n%s", bad, out)
			}
		}
	}
	if strings.Contains(out, " 0 ns") {
		t.Errorf("the table says \" 0 ns\":\n%s", out)
	}
	for _, want := range []string{"cannot tell", "< 20.0 ms",
		"× slower: cannot tell: frames shorter than this machine's clock resolves (map's median under one step, slotmap's median under one step;"} {
		if !strings.Contains(flat(out), want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
}

// flat is s with every run of spaces and line breaks made one space: what a test
// looks for in a note, wherever the note wraps.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }
