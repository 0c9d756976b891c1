package result

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"localitylab/internal/golden"
	"localitylab/internal/testcheck"
	"localitylab/workloads/workload"
)

// testRun is a small run with every kind of field: counters on one backing only, a
// failed backing with fewer frames, a ratio.
func testRun() *Run {
	mk := func(n int, counters bool, scale int64) []Sample {
		out := make([]Sample, n)
		for i := range out {
			out[i] = Sample{Frame: i, NS: scale * int64(1000+i), Allocs: uint64(i), AllocBytes: 64 * uint64(i),
				HeapBytes: 1 << 20, RSSBytes: 3 << 20, GCCycles: uint64(i % 2), GCPauseNS: 500 * uint64(i%2),
				GCWaitNS: 70 * uint64(i%2), GCCPUNS: 900 * uint64(i%2),
				Checksum: workload.Mix(uint64(i)), HasCounters: counters,
				Instructions: 10 * uint64(i), Cycles: 20 * uint64(i), MemMisses: uint64(i)}
			if counters { // the lookup columns on one backing only, as the counters
				out[i].Lookups, out[i].LookupNS = 64, 300+uint64(i)
				// and frames timed by the thread's CPU clock, one of them interrupted
				out[i].HasCPU, out[i].HasSwitches, out[i].WallNS, out[i].Switches = true, true, out[i].NS+int64(i), uint64(i/3)
			}
		}
		return out
	}
	misses, endLoad := 1.5, 2.05
	return &Run{
		Schema: Schema, Title: "A test", Workload: "sprites",
		Params: workload.Params{"seed": 3, "entities": 1000},
		Frames: 4, Warmup: 1, Cache: Warm,
		Rounds:   []Round{{First: 0, Frames: 2, Order: []int{1, 0}}, {First: 2, Frames: 2, Order: []int{0}}},
		Counters: Counters{Enabled: true, Misses: "demand fills from DRAM"},
		Host: Host{Go: "go1.26", OS: "linux", Arch: "amd64", CPU: "Test CPU", Cores: 2, GOGC: "100",
			Caches: []CacheLevel{{Level: 1, Type: "Data", Bytes: 32 << 10, LineBytes: 64}, {Level: 3, Type: "Unified", Bytes: 32 << 20, LineBytes: 64}}},
		Started:     time.Date(2025, 3, 4, 5, 6, 7, 8, time.UTC),
		LoadAverage: &LoadAverage{Start: 1.63, End: &endLoad},
		Backings: []Backing{
			{Name: "soa", Load: Load{NS: 5e6, SetupNS: 2e6, Entities: 1000, HeapBytes: 30000, RSSBytes: 9 << 20, FixedBytes: 4096,
				BytesPerEntity: 24, Phases: []Phase{{Name: "load", Kind: "building", NS: 5e6, HeapBytes: 24000}, {Name: "heap aging", Kind: "setup", NS: 2e6}},
				MinorFaults: Measured[int64](40), UserNS: Measured[int64](4e6), SysNS: Measured[int64](1e6), PageBytes: 4096, AllocBytes: 61000, GCCycles: 1, FreedLateBytes: 33000},
				Frames: NewSeries(mk(4, true, 1)),
				Summary: Summary{Measured: 2, P50NS: 1002, P95NS: 1002.9, P99NS: 1002.98, MaxNS: 1003, MeanNS: 1002, AllocsPerFrame: 2,
					MemMissesPerFrame: &misses, InstructionsPerFrame: &misses, CyclesPerFrame: &misses, Checksum: "0123456789abcdef",
					Interrupted: 1, WallP50NS: 1004, WallFrames: 2, GCFrames: 4, GCCyclesPer1000: 500, P99WithGCNS: 1073},
				FrameCPU: &FrameCPU{CPU: 0, Why: "the least busy over 100ms before the frames: CPU 0 3%, CPU 1 97% busy"},
				Pages:    &Pages{Mode: PagesHuge, THP: "madvise", HugeShare: Measured(0.98), HeapBytes: 1 << 25, Note: "huge pages asked for"}},
			{Name: "map", Error: "worker map: hung", Frames: NewSeries(mk(2, false, 3))},
		},
		Ratios: []Ratio{{Backing: "soa", Vs: "soa", Median: 1, Lo: 1, Hi: 1, Blocks: 2}, {Backing: "map", Vs: "soa", Median: 3, Lo: 2.9, Hi: 3.1, Blocks: 1, Range: true}},
	}
}

func TestJSONRoundTrip(t *testing.T) {
	want := testRun()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, want); err != nil {
		t.Fatal(err)
	}
	golden.Text(t, "run.json", buf.Bytes())
	got, err := ReadJSON(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read back:\n%+v\nwant:\n%+v", got, want)
	}
	if s := buf.String(); !strings.Contains(s, `"instructions": null`) || !strings.Contains(s, `"mem_misses_per_frame": null`) {
		t.Error("counters of a backing without them are not null")
	}
}

func TestCSV(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteCSV(&buf, testRun()); err != nil {
		t.Fatal(err)
	}
	golden.Text(t, "run.csv", buf.Bytes())
}

func TestSaveLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.json")
	if err := SaveJSON(path, testRun()); err != nil {
		t.Fatal(err)
	}
	r, err := LoadJSON(path)
	if err != nil || !reflect.DeepEqual(r, testRun()) {
		t.Errorf("LoadJSON: %v", err)
	}
	if err := SaveJSON(filepath.Join(t.TempDir(), "missing", "run.json"), testRun()); err == nil {
		t.Error("SaveJSON into a missing directory succeeded")
	}
}

// TestReadJSONRefuses edits a good file in one place and expects an error naming it.
func TestReadJSONRefuses(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, testRun()); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	tests := []struct {
		name, old, new, want string
	}{
		{"other schema", `"localitylab/run/v2"`, `"localitylab/run/v3"`, `schema: "localitylab/run/v3" is not "localitylab/run/v2"`},
		{"preset", `"localitylab/run/v2"`, `"localitylab/preset/v1"`, "another version of Locality Lab, or not a run"},
		{"cache mode", `"cache": "warm"`, `"cache": "tepid"`, `cache: "tepid" (want "warm" or "cold")`},
		{"v1 with rounds", `"localitylab/run/v2"`, `"localitylab/run/v1"`, "set in a version 1 file"},
		{"round gap", `"first": 2,`, `"first": 3,`, "rounds[1]: frames 3 to 4 (want from 2"},
		{"round order", `"order": [1, 0]`, `"order": [1, 1]`, "rounds[0].order: [1 1] is not a list of distinct backings"},
		{"gc columns", `"gc_wait_ns": [0, 70, 0, 70]`, `"gc_wait_ns": []`, "frames.gc_wait_ns: 0 values"},
		{"not json", `{`, `[`, "not a result file"},
		{"unknown field", `"warmup": 1,`, `"warmup": 1, "warmups": 2,`, `unknown field "warmups"`},
		{"warmup", `"warmup": 1,`, `"warmup": 4,`, "warmup: 4 is out of range"},
		{"short series", `"allocs": [0, 1, 2, 3]`, `"allocs": [0, 1, 2]`, "backings[0] (soa): frames.allocs: 3 values, frames.ns has 4"},
		{"checksum", `"checksum": ["0000000000000000"`, `"checksum": ["xyz"`, `frames.checksum[0]: "xyz" is not 16 hex digits`},
		{"half counters", `"cycles": [0, 20, 40, 60]`, `"cycles": null`, "must both be null or both present"},
		{"short lookups", `"lookup_ns": [300, 301, 302, 303]`, `"lookup_ns": [300]`, "frames.lookup_ns: 1 values, frames.ns has 4"},
		{"half lookups", `"lookups": [64, 64, 64, 64],`, ``, "lookups and lookup_ns must both be absent or both present"},
		// What a run says of itself is checked before anything is sized from it.
		{"a billion frames", `"frames": 4,`, `"frames": 1000000000,`, "frames: 1000000000 is out of range (want 1 to 100000)"},
		{"no frames", `"frames": 4,`, `"frames": 0,`, "frames: 0 is out of range"},
		{"round past the frames", `"first": 2,
      "frames": 2,`, `"first": 2,
      "frames": 9223372036854775807,`, "rounds[1]: frames 2 to"},
		{"negative frame time", `"ns": [1000, 1001,`, `"ns": [1000, -5,`, "backings[0] (soa): frames.ns[1]: -5 (a frame takes 0 ns or more)"},
		{"duplicate backing", `"name": "map"`, `"name": "soa"`, `backings[1]: "soa" is also backings[0]`},
		{"nameless backing", `"name": "map"`, `"name": ""`, "backings[1]: no name"},
		{"negative load", `"ns": 5000000,
        "setup_ns"`, `"ns": -1,
        "setup_ns"`, "backings[0] (soa): load: ns: -1"},
		{"load phase kind", `"kind": "building"`, `"kind": "magic"`, `load: phases[0]: "load" of kind "magic"`},
		{"negative p50", `"p50_ns": 1002,`, `"p50_ns": -1002,`, "summary: p50_ns: -1002 (want a finite figure, 0 or more)"},
		{"measured past the frames", `"measured_frames": 0,`, `"measured_frames": 5,`, "summary: measured_frames: 5"},
		{"ratio of no backing", `"backing": "map",
      "vs": "soa"`, `"backing": "slotmap",
      "vs": "soa"`, `ratios[1]: "slotmap" vs "soa": not the run's backings`},
		{"two ratios of one backing", `"backing": "map",
      "vs": "soa"`, `"backing": "soa",
      "vs": "soa"`, `ratios[1]: a second ratio for "soa"`},
		{"negative ratio", `"median": 3,`, `"median": -3,`, "ratios[1]: map vs soa: -3"},
		{"huge number", `"p50_ns": 1002,`, `"p50_ns": 1e999,`, "p50_ns"},
		{"title too long", `"title": "A test"`, `"title": "` + strings.Repeat("x", MaxTitle+1) + `"`, "title: 201 characters (at most 200)"},
		{"short wall", `"wall_ns": [1000, 1002, 1004, 1006]`, `"wall_ns": [1000]`, "frames.wall_ns: 1 values, frames.ns has 4"},
		{"negative load average", `"end_1min": 2.05`, `"end_1min": -2`, "load_average: start 1.63, end -2"},
		{"negative cache line", `"line_bytes": 64`, `"line_bytes": -1`, "host: caches[0]: line_bytes -1"},
		{"switches without a clock", `"wall_ns": [1000, 1002, 1004, 1006]`, `"wall_ns": null`, "switches without wall_ns"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := strings.Replace(good, tt.old, tt.new, 1)
			if bad == good {
				t.Fatalf("the test's edit %q found nothing to change", tt.old)
			}
			_, err := ReadJSON(strings.NewReader(bad))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ReadJSON: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestFlattenScalarArrays(t *testing.T) {
	in := "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"s\": [\n    \"x ]\",\n    \"[y\"\n  ],\n  \"o\": [\n    {\n      \"b\": [\n        3\n      ]\n    }\n  ],\n  \"e\": []\n}"
	want := "{\n  \"a\": [1, 2],\n  \"s\": [\"x ]\", \"[y\"],\n  \"o\": [\n    {\n      \"b\": [3]\n    }\n  ],\n  \"e\": []\n}"
	if got := string(flattenScalarArrays([]byte(in))); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestChecksumText(t *testing.T) {
	for _, v := range []uint64{0, 1, 0xdeadbeef, 1<<64 - 1} {
		s := FormatChecksum(v)
		if len(s) != 16 {
			t.Errorf("FormatChecksum(%x) = %q, want 16 digits", v, s)
		}
		if got, err := ParseChecksum(s); err != nil || got != v {
			t.Errorf("ParseChecksum(%q) = %x, %v", s, got, err)
		}
	}
	testcheck.Rejects(t, "ParseChecksum", ParseChecksum, "", "123", "0123456789abcdeg", "0123456789abcdef0")
}

// TestReadV1 reads a file of the first schema, written before the rounds existed: it
// keeps its schema, has no cache mode or rounds, and every frame counts but the
// warm-up (each was its own turn).
func TestReadV1(t *testing.T) {
	r, err := LoadJSON("testdata/run-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	if r.Schema != SchemaV1 || r.Cache != "" || r.Rounds != nil || r.Backings[0].Frames.GCWaitNS != nil {
		t.Errorf("v1 run read as schema %q, cache %q, rounds %v, gc_wait %v", r.Schema, r.Cache, r.Rounds, r.Backings[0].Frames.GCWaitNS)
	}
	for f, want := range []string{WarmUp, Kept, Kept, Kept} {
		if got := r.Excluded(f); got != want {
			t.Errorf("frame %d: excluded %q, want %q", f, got, want)
		}
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, r); err != nil || !strings.Contains(buf.String(), "soa,1,,,") {
		t.Errorf("CSV of a v1 run: %v\n%s", err, buf.String())
	}
}

func TestExcluded(t *testing.T) {
	r := testRun()
	for f, want := range []string{WarmUp, Kept, Rewarm, Kept} {
		if got := r.Excluded(f); got != want {
			t.Errorf("warm, frame %d: %q, want %q", f, got, want)
		}
	}
	for f, want := range []int{0, 0, 1, 1, -1} {
		if got := r.RoundOf(f); got != want {
			t.Errorf("RoundOf(%d) = %d, want %d", f, got, want)
		}
	}
	r.Cache = Cold
	if got := r.Excluded(2); got != Kept {
		t.Errorf("cold, frame 2: %q, want kept", got)
	}
}

// TestPlanForks: frames and warm-up split as evenly as whole frames allow, every fork
// with a frame to measure after its own warm-up, or an error naming the field.
func TestPlanForks(t *testing.T) {
	tests := []struct {
		frames, warmup, n int
		want              []Fork
		err               string
	}{
		{200, 20, 3, []Fork{{0, 67, 7}, {67, 67, 7}, {134, 66, 6}}, ""},
		{10, 0, 1, []Fork{{0, 10, 0}}, ""},
		{5, 4, 3, nil, "warmup: 4 warm-up frames of 5 over 3 forks leave fork 1 (frames 2, warm-up 2)"},
		{2, 0, 3, nil, "forks: 3 forks of a run of 2 frames leave a fork no frame"},
		{10, 1, 0, nil, "forks: 0 (want at least 1)"},
	}
	for _, tt := range tests {
		got, err := PlanForks(tt.frames, tt.warmup, tt.n)
		testcheck.Err(t, err, tt.err, "PlanForks(%d, %d, %d)", tt.frames, tt.warmup, tt.n)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("PlanForks(%d, %d, %d) = %+v, want %+v", tt.frames, tt.warmup, tt.n, got, tt.want)
		}
	}
}

// TestForkWarmup: in a run of forks each fork's first frames are warm-up, and a run
// that records none keeps its first Warmup frames; a file whose forks do not tile the
// run, or whose round spans two forks, is refused.
func TestForkWarmup(t *testing.T) {
	r := &Run{Frames: 12, Warmup: 3, Cache: Cold, Forks: []Fork{{0, 4, 1}, {4, 4, 1}, {8, 4, 1}}}
	var warm []int
	for f := range 12 {
		if r.Excluded(f) == WarmUp {
			warm = append(warm, f)
		}
	}
	if !reflect.DeepEqual(warm, []int{0, 4, 8}) || r.ForkOf(5) != 1 || r.ForkOf(11) != 2 || r.NumForks() != 3 {
		t.Errorf("warm-up frames %v, fork of 5 %d, of 11 %d", warm, r.ForkOf(5), r.ForkOf(11))
	}
	r.Forks = nil
	if r.Excluded(2) != WarmUp || r.Excluded(4) != Kept || r.NumForks() != 1 {
		t.Error("without forks the run's first frames are its warm-up")
	}
	r.Forks = []Fork{{0, 4, 1}, {4, 4, 1}, {8, 4, 1}}
	r.Rounds = []Round{{First: 0, Frames: 4}, {First: 4, Frames: 6}}
	testcheck.Err(t, r.validateForks(), "rounds[1]: frames 4 to 9 span two forks", "validateForks")
	r.Rounds = nil
	r.Forks[1].First = 5
	testcheck.Err(t, r.validateForks(), "forks[1]: frames 5 to 8", "validateForks")
	r.Forks[1].First = 4
	r.Warmup = 2
	testcheck.Err(t, r.validateForks(), "forks: 12 frames, 3 warm-up in all (want the run's 12 and 2)", "validateForks")
}
