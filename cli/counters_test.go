package cli

import (
	"io"
	"slices"
	"strings"
	"testing"

	"localitylab/lab/result"
)

// TestCountersFlag: -counters takes sim as a value of its own, and its old boolean
// forms read as before.
func TestCountersFlag(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		want    countersFlag
		wantErr string
	}{
		{nil, countersFlag{hardware: true}, ""},
		{[]string{"-counters", "sim"}, countersFlag{hardware: true, simulate: true}, ""},
		{[]string{"-counters=sim"}, countersFlag{hardware: true, simulate: true}, ""},
		{[]string{"-counters=false"}, countersFlag{}, ""},
		{[]string{"-counters=true"}, countersFlag{hardware: true}, ""},
		{[]string{"-counters", "auto"}, countersFlag{hardware: true}, ""},
		{[]string{"-counters", "maybe"}, countersFlag{}, `"maybe" (want auto, sim, true or false)`},
	} {
		fs, o := benchFlags(io.Discard)
		err := fs.Parse(tt.args)
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%q: error %v, want %q", tt.args, err, tt.wantErr)
			}
		case err != nil || o.counters != tt.want || fs.NArg() != 0:
			t.Errorf("%q: %+v, %v, %d args left; want %+v", tt.args, o.counters, err, fs.NArg(), tt.want)
		}
	}
}

// TestSimTable: the simulated misses get a column of their own, after the hardware's,
// labelled simulated; a backing without them says so in its cell and the notes say
// why; a run that counted no misses and simulated none says how to get them.
func TestSimTable(t *testing.T) {
	d1, ll, d1e, lle, ir := 55060.0, 12.0, 0.2753, 0.00006, 4.8e6
	r := &result.Run{Workload: "sprites", Params: map[string]int64{"seed": 1, "entities": 200000}, Frames: 12, Warmup: 2,
		Counters: result.Counters{Enabled: true, Note: "hardware counters n/a", Simulated: &result.Simulated{
			Tool: "valgrind-3.19.0 --tool=callgrind --cache-sim=yes", D1: result.SimCache{Bytes: 48 << 10, Ways: 12, Line: 64},
			LL: result.SimCache{Bytes: 32 << 20, Ways: 16, Line: 64}, Warmup: 2, Frames: 4}},
		Backings: []result.Backing{
			{Name: "soa", Frames: result.Series{NS: make([]int64, 12)}, Load: result.Load{Entities: 200000},
				Summary: result.Summary{P50NS: 1000, Measured: 10, SimSummary: result.SimSummary{SimD1MissesPerFrame: &d1,
					SimLLMissesPerFrame: &ll, SimD1MissesPerEntity: &d1e, SimLLMissesPerEntity: &lle, SimInstructionsPerFrame: &ir,
					SimD1Range: []float64{55001, 55085}}}},
			{Name: "ptrarray", Frames: result.Series{NS: make([]int64, 12)},
				Summary: result.Summary{P50NS: 2000, Measured: 10, SimSummary: result.SimSummary{SimNote: "simulation failed: worker ptrarray: hung"}}},
		},
	}
	var b strings.Builder
	if err := writeTable(&b, r, lessonAnswers{}, true); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	lines := strings.Split(out, "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "backing") })
	if at < 0 || at+2 >= len(lines) {
		t.Fatalf("no table:\n%s", out)
	}
	header, soa, ptr := lines[at], lines[at+1], lines[at+2]
	hw, sim := strings.Index(header, "misses/frame"), strings.Index(header, "simulated misses/entity")
	if hw < 0 || sim < hw {
		t.Errorf("header %q: want the simulated column after misses/frame", header)
	}
	for _, want := range []string{"D1 0.275, LL 6e-05"} {
		if !strings.Contains(soa, want) {
			t.Errorf("soa row %q lacks %q", soa, want)
		}
	}
	if !strings.Contains(ptr, "n/a (see notes)") {
		t.Errorf("ptrarray row %q does not say its cell is empty on purpose", ptr)
	}
	for _, want := range []string{"valgrind-3.19.0", "D1 48.0 KiB, 12-way", "no prefetcher, no TLB",
		"soa: per frame 55,060 D1 misses (55,001 to 55,085", "ptrarray: no simulated misses: simulation failed: worker ptrarray: hung."} {
		if !strings.Contains(flat(out), want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}

	// A geometry Valgrind could not take as reported says what was simulated instead,
	// and what was not simulated at all.
	r.Counters.Simulated.LL = result.SimCache{Name: "L3", Bytes: 36 << 20, Ways: 18, Line: 64,
		Reported: &result.SimCache{Name: "L3", Bytes: 36 << 20, Ways: 12, Line: 64}}
	r.Counters.Simulated.SetAside = []string{"L4 1 GiB reported by the system, not used: larger than a quarter of the machine's 2 GiB of memory"}
	b.Reset()
	writeTable(&b, r, lessonAnswers{}, true)
	for _, want := range []string{"LL 36.0 MiB, 18-way, 64 B lines", "The L3 the system reports (36.0 MiB, 12-way, 64 B lines) has 49,152 sets",
		"rounded down to 32,768 and the ways raised to 18", "Not simulated: L4 1 GiB reported by the system, not used"} {
		if !strings.Contains(flat(b.String()), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}

	r.Counters.Simulated = &result.Simulated{Note: "valgrind is not installed"}
	b.Reset()
	writeTable(&b, r, lessonAnswers{}, true)
	if !strings.Contains(flat(b.String()), "Simulated misses: none: valgrind is not installed.") {
		t.Errorf("a missing valgrind is not said:\n%s", b.String())
	}

	r.Counters.Simulated = nil
	b.Reset()
	writeTable(&b, r, lessonAnswers{}, true)
	if s := flat(b.String()); !strings.Contains(s, "-counters sim simulates them") || strings.Contains(s, "(simulated)") {
		t.Errorf("a run without misses does not point to -counters sim, or shows simulated columns:\n%s", s)
	}
}
