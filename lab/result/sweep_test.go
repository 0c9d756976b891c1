package result

import (
	"bytes"
	"encoding/csv"
	"reflect"
	"strings"
	"testing"
	"time"

	"localitylab/internal/golden"
	"localitylab/internal/params"
)

// testSweep is a small sweep with every kind of point: measured, with a failed
// backing, skipped; a crossing and a marker.
func testSweep() *Sweep {
	rt := &Ratio{Backing: "soa", Vs: "soa", Median: 1, Lo: 1, Hi: 1, Blocks: 9}
	endLoad := 0.0 // a machine at rest is a load average, not a missing one
	return &Sweep{Schema: SweepSchema, Title: "The cache cliff", Workload: "sprites", Param: "entities", LogX: true,
		Values: []int64{1000, 10000, 100000}, Params: params.Map{"seed": 3, "on_screen": 16},
		Backings: []string{"ptrarray", "soa"}, Cache: Warm, Pages: PagesHuge, Counters: Counters{Enabled: true, Note: "n/a here"},
		BudgetNS: 100e9, Host: Host{Go: "go1.26", OS: "linux", Arch: "amd64", Cores: 2, GOGC: "100",
			Caches: []CacheLevel{{Level: 1, Type: "Data", Bytes: 32 << 10, LineBytes: 64}}},
		Caches:  []Cache{{Name: "L1d", Level: 1, Type: "Data", Bytes: 32 << 10, LineBytes: 64}, {Name: "L2", Level: 2, Type: "Unified", Bytes: 1 << 20, LineBytes: 64}},
		Started: time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC), DurationNS: 5e9,
		Clock: ClockThreadCPU, LoadAverage: &LoadAverage{Start: 7.5, End: &endLoad},
		Points: []Point{
			{Value: 1000, Entities: 1000, Frames: 100, Warmup: 4, Rounds: 12, Measured: 11, Backings: []PointBacking{
				{Name: "ptrarray", P50NS: 1700, P95NS: 1800, NSPerEntity: 1.7, NSPerEntityLo: 1.6, NSPerEntityHi: 1.8, BytesPerEntity: 32, WorkingSetBytes: 32000,
					Ratio:       &Ratio{Backing: "ptrarray", Vs: "soa", Median: 1.05, Lo: 1.01, Hi: 1.1, Blocks: 11, Significant: true},
					Interrupted: 3, MeasuredFrames: 48, Pages: &Pages{Mode: PagesHuge, THP: "madvise", HugeShare: Measured(1.0), HeapBytes: 4 << 20},
					FrameCPU:        &FrameCPU{CPU: 1, Why: "the least busy over 100ms before the frames"},
					GCCPUNSPerFrame: 2500, GCCycles: 2, GCCyclesPer1000: 20, GCPauseNSPerFrame: 75, P99WithGCNS: 2100, SpanBytes: 130000},
				{Name: "soa", P50NS: 1600, P95NS: 1650, NSPerEntity: 1.6, NSPerEntityLo: 1.55, NSPerEntityHi: 1.65, BytesPerEntity: 24, WorkingSetBytes: 24000, Ratio: rt}},
				Pairs: []Ratio{{Backing: "ptrarray", Vs: "soa", Median: 1.05, Lo: 1.01, Hi: 1.1, Blocks: 11, Significant: true}}},
			{Value: 10000, Entities: 10000, Frames: 100, Warmup: 4, Rounds: 12, Measured: 11, Backings: []PointBacking{
				{Name: "ptrarray", Error: "worker ptrarray: hung", BytesPerEntity: 32, WorkingSetBytes: 320000},
				{Name: "soa", P50NS: 11000, P95NS: 12000, NSPerEntity: 1.1, NSPerEntityLo: 1.0, NSPerEntityHi: 1.2, BytesPerEntity: 24, WorkingSetBytes: 240000, Ratio: rt}},
				Pairs: []Ratio{}},
			{Value: 100000, Skipped: "the run needs about 40 GiB", Backings: []PointBacking{}, Pairs: []Ratio{}},
		},
		Crossings: []Crossing{{Below: "soa", Above: "ptrarray", From: 1000, To: 10000, At: 3000, Text: "soa faster than ptrarray below …"}},
		Markers:   []Marker{{Backing: "soa", Cache: "L1d", Bytes: 32 << 10, At: 1365, By: MarkerBySpan}},
	}
}

// TestSweepJSONGolden: the file as written, and read back to the same sweep.
func TestSweepJSONGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSweepJSON(&buf, testSweep()); err != nil {
		t.Fatal(err)
	}
	golden.Text(t, "sweep.json", buf.Bytes())
	back, err := ReadSweepJSON(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, testSweep()) {
		t.Errorf("read back %+v\nwant %+v", back, testSweep())
	}
	if schema, err := FileSchema(buf.Bytes()); err != nil || schema != SweepSchema {
		t.Errorf("FileSchema = %q, %v", schema, err)
	}
	if _, err := ReadJSON(bytes.NewReader(buf.Bytes())); err == nil || !strings.Contains(err.Error(), "not a run") {
		t.Errorf("a sweep read as a run: %v, want an error saying it is not a run", err)
	}
}

// TestSweepBeforeGC: a file written before points recorded the collector and the
// address span still loads, with those figures absent (zero) and its markers by the
// bytes kept.
func TestSweepBeforeGC(t *testing.T) {
	s, err := LoadSweepJSON("testdata/sweep-before-gc.json")
	if err != nil {
		t.Fatal(err)
	}
	b := s.Points[0].Backings[0]
	if b.GCCPUNSPerFrame != 0 || b.GCCycles != 0 || b.SpanBytes != 0 || b.ForkGCCPUNSPerFrame != nil {
		t.Errorf("an old point reads %+v: want no collector's figures and no span", b)
	}
	if ws, bySpan := b.WorkingSet(); bySpan || ws != b.WorkingSetBytes {
		t.Errorf("WorkingSet() = %v, %v: want the bytes kept, %v, not by span", ws, bySpan, b.WorkingSetBytes)
	}
	if s.Markers[0].By != "" {
		t.Errorf("marker by %q, want none", s.Markers[0].By)
	}
}

// TestWorkingSet: the span counts where it is larger than the bytes kept (a pointer
// array's scattered objects), the bytes kept where the span is smaller (the one
// column a packed layout's walk covers), and the bytes kept alone without a span.
func TestWorkingSet(t *testing.T) {
	for _, tc := range []struct {
		span, kept, want float64
		bySpan           bool
	}{{130e3, 32e3, 130e3, true}, {4e3, 24e3, 24e3, true}, {0, 24e3, 24e3, false}} {
		b := PointBacking{SpanBytes: tc.span, WorkingSetBytes: tc.kept}
		if got, by := b.WorkingSet(); got != tc.want || by != tc.bySpan {
			t.Errorf("span %v, kept %v: WorkingSet() = %v, %v; want %v, %v", tc.span, tc.kept, got, by, tc.want, tc.bySpan)
		}
	}
}

// TestSweepValidate: each broken field is refused by name.
func TestSweepValidate(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Sweep)
		want   string
	}{
		{"schema", func(s *Sweep) { s.Schema = Schema }, "schema:"},
		{"one value", func(s *Sweep) { s.Values = s.Values[:1]; s.Points = nil }, "values: 1 given"},
		{"values out of order", func(s *Sweep) { s.Values[1] = 500 }, "values: 500 after 1000"},
		{"log axis from 0", func(s *Sweep) { s.Values[0] = 0; s.Points[0].Value = 0 }, "log_x: the values start at 0"},
		{"cache", func(s *Sweep) { s.Cache = "tepid" }, `cache: "tepid"`},
		{"point off the values", func(s *Sweep) { s.Points[0].Value = 7 }, "points[0] (entities = 7): value: 7 is not among the values"},
		{"a backing missing", func(s *Sweep) { s.Points[0].Backings = s.Points[0].Backings[:1] }, "points[0] (entities = 1000): backings: 1 (want one per backing, 2)"},
		{"backings out of order", func(s *Sweep) {
			b := s.Points[0].Backings
			b[0], b[1] = b[1], b[0]
		}, `backings[0]: "soa" (want "ptrarray"`},
		{"negative figure", func(s *Sweep) { s.Points[0].Backings[1].NSPerEntity = -1 }, "ns_per_entity = -1"},
		{"figures in a skipped point", func(s *Sweep) { s.Points[2].Backings = s.Points[0].Backings }, "backings: present in a skipped point"},
		{"marker of no backing", func(s *Sweep) { s.Markers[0].Backing = "map" }, "markers[0]: map"},
		{"crossing of one backing", func(s *Sweep) { s.Crossings[0].Above = "soa" }, "crossings[0]: soa and soa"},
		{"duplicate backing", func(s *Sweep) { s.Backings[1] = "ptrarray" }, `backings[1]: "ptrarray" is also backings[0]`},
		{"a billion frames", func(s *Sweep) { s.Frames = 1e9 }, "frames: 1000000000 is out of range"},
		{"a point of a billion frames", func(s *Sweep) { s.Points[0].Frames = 1e9 }, "points[0] (entities = 1000): frames: 1000000000 is out of range"},
		{"more rounds than frames", func(s *Sweep) { s.Points[0].Rounds = 101 }, "points[0] (entities = 1000): rounds, measured: 101, 11"},
		{"negative entities", func(s *Sweep) { s.Points[0].Entities = -1 }, "entities: -1"},
		{"negative budget", func(s *Sweep) { s.BudgetNS = -1 }, "budget_ns, duration_ns: -1"},
		{"pair of no backing", func(s *Sweep) { s.Points[0].Pairs[0].Vs = "map" }, `points[0] (entities = 1000): pairs[0]: "ptrarray" vs "map": not the run's backings`},
		{"ratio of no backing", func(s *Sweep) { s.Points[0].Backings[0].Ratio.Vs = "map" }, `backings[0] (ptrarray): ratio: "ptrarray" vs "map"`},
		{"title too long", func(s *Sweep) { s.Title = strings.Repeat("é", MaxTitle+1) }, "title: 201 characters"},
		{"page mode", func(s *Sweep) { s.Pages = "giant" }, `pages: "giant"`},
		{"interrupted past measured", func(s *Sweep) { s.Points[0].Backings[0].Interrupted = 49 }, "backings[0] (ptrarray): interrupted_frames: 49 (want 0 to measured_frames, 48)"},
		{"a point's pages", func(s *Sweep) { s.Points[0].Backings[0].Pages.HugeShare = Measured(2.0) }, "backings[0] (ptrarray): pages: huge_share: 2"},
		{"pages of one fork at a point of three", func(s *Sweep) { s.Points[0].Forks = 3 }, "pages: a single record at a point of 3 forks"},
		{"negative GC", func(s *Sweep) { s.Points[0].Backings[0].GCCPUNSPerFrame = -1 }, "gc_cpu_ns_per_frame = -1"},
		{"negative span", func(s *Sweep) { s.Points[0].Backings[0].SpanBytes = -1 }, "address_span_bytes = -1"},
		{"GC of too many forks", func(s *Sweep) { s.Points[0].Backings[0].ForkGCCPUNSPerFrame = []float64{1, 2} },
			"fork_gc_cpu_ns_per_frame: 2 figures for 1 forks"},
		{"marker by what", func(s *Sweep) { s.Markers[0].By = "guess" }, `markers[0]: by "guess"`},
		{"frame clock", func(s *Sweep) { s.Clock = "sundial" }, `frame_clock: "sundial"`},
		{"negative load average", func(s *Sweep) { s.LoadAverage.Start = -1 }, "load_average: start -1"},
		{"negative cache line", func(s *Sweep) { s.Caches[0].LineBytes = -64 }, "caches[0] (L1d): line_bytes -64"},
		{"frame CPU of one fork at a point of three", func(s *Sweep) {
			s.Points[0].Forks, s.Points[0].Backings[0].Pages = 3, nil
		}, "frame_cpu: a single record at a point of 3 forks"},
		{"frame CPU", func(s *Sweep) { s.Points[0].Backings[0].FrameCPU.CPU = -2 }, "frame_cpu (fork 1): cpu -2"},
		{"short fork pages", func(s *Sweep) {
			s.Points[0].Forks, s.Points[0].Backings[0].Pages = 3, nil
			s.Points[0].Backings[0].ForkPages = []Pages{{Mode: PagesHuge}, {Mode: PagesHuge}}
		}, "fork_pages: 2 records for 3 forks"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := testSweep()
			tc.change(s)
			if err := s.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Validate() = %v, want an error containing %q", err, tc.want)
			}
		})
	}
	if err := testSweep().Validate(); err != nil {
		t.Errorf("the test sweep does not validate: %v", err)
	}
}

func TestSweepCSV(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSweepCSV(&buf, testSweep()); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// A header, two backings at two points, one row for the skipped point.
	if len(recs) != 6 {
		t.Fatalf("%d records, want 6:\n%v", len(recs), recs)
	}
	if got := strings.Join(recs[1][:9], ","); got != "entities,1000,ptrarray,1000,100,12,1700,1800,1.7" {
		t.Errorf("first row starts %s", got)
	}
	if recs[1][14] != "soa" || recs[1][15] != "1.05" || recs[3][18] != "worker ptrarray: hung" || recs[5][18] != "skipped: the run needs about 40 GiB" {
		t.Errorf("ratio, error or skipped columns wrong:\n%v", recs)
	}
	// The collector's columns and the span come last; the span is empty where none
	// was measured, and a skipped point's row is as long as the others.
	if got := strings.Join(recs[0][19:], ","); got != "gc_cpu_ns_per_frame,gc_cycles,gc_cycles_per_1000_frames,gc_pause_ns_per_frame,p99_with_gc_ns,address_span_bytes" {
		t.Errorf("header ends %s", got)
	}
	if got := strings.Join(recs[1][19:], ","); got != "2500,2,20,75,2100,130000" {
		t.Errorf("ptrarray's collector and span columns: %s", got)
	}
	if recs[2][24] != "" || len(recs[5]) != 25 {
		t.Errorf("soa's span %q (want empty), skipped row of %d columns (want 25)", recs[2][24], len(recs[5]))
	}
}

// TestSweepSimCSV: a sweep that asked for simulated misses has their columns after
// the others, empty where a backing has none and for a skipped point.
func TestSweepSimCSV(t *testing.T) {
	s := testSweep()
	s.Counters.Simulated = &Simulated{Tool: "valgrind", Frames: 4}
	d1, ll, d1f, llf, ins := 0.255, 0.0, 255.0, 0.0, 4830.0
	s.Points[0].Backings[1].SimSummary = SimSummary{SimD1MissesPerEntity: &d1, SimLLMissesPerEntity: &ll,
		SimD1MissesPerFrame: &d1f, SimLLMissesPerFrame: &llf, SimInstructionsPerFrame: &ins}
	s.Points[0].Backings[0].SimNote = "callgrind: exit status 1"
	var buf bytes.Buffer
	if err := WriteSweepCSV(&buf, s); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 6 || len(recs[0]) != 31 || recs[0][19] != "sim_d1_misses_per_entity" || recs[0][24] != "sim_note" {
		t.Fatalf("%d records, header %v: want 6, with the six simulated columns after error", len(recs), recs[0])
	}
	var name string
	for _, r := range recs[1:3] {
		if r[2] == s.Points[0].Backings[1].Name {
			name = r[2]
			if got := strings.Join(r[19:25], ","); got != "0.255,0,255,0,4830," {
				t.Errorf("%s's simulated columns %q", r[2], got)
			}
		} else if r[19] != "" || r[24] != "callgrind: exit status 1" {
			t.Errorf("%s's simulated columns %v: want empty figures and the note", r[2], r[19:])
		}
	}
	if name == "" || recs[5][24] != "" || len(recs[5]) != 31 {
		t.Errorf("rows %v", recs)
	}
}

// TestSweepClone: a clone shares nothing the live sweep goes on changing.
func TestSweepClone(t *testing.T) {
	s := testSweep()
	c := s.Clone()
	if !reflect.DeepEqual(s, c) {
		t.Fatal("the clone differs")
	}
	c.Points[0].Backings[0].NSPerEntity = 99
	c.Points[0].Backings[0].Ratio.Median = 99
	c.Points[0].Backings[0].Pages.HugeShare = Measured(0.0)
	c.Values[0] = 1
	c.Params["seed"] = 9
	*c.LoadAverage.End = 9
	c.Points[0].Backings[0].FrameCPU.CPU = 7
	if !reflect.DeepEqual(s, testSweep()) {
		t.Error("changing the clone changed the original")
	}
}
