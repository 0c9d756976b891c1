package result

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
)

// testProbe is a short probe's record with every kind of field.
func testProbe() *Probe {
	return &Probe{
		Schema: ProbeSchema, Kind: ProbeShort, Taken: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), DurationNS: 1.5e9,
		Clock: ClockThreadCPU, CPU: FrameCPU{CPU: 1, Why: "the least busy"},
		Pages:     Pages{Mode: PagesHuge, THP: "madvise", HugeShare: Measured(1.0), HeapBytes: 128 << 20, Note: "128 MiB mapped and written in 90 ms"},
		LineBytes: 64, Repetitions: 5,
		Ladder: []LadderPoint{{Bytes: 4 << 10, NS: 1.6, Lo: 1.55, Hi: 1.7, Reps: 5}, {Bytes: 32 << 10, NS: 1.7, Lo: 1.6, Hi: 2.1, Reps: 5, Interrupted: 1},
			{Bytes: 256 << 10, NS: 4.4, Lo: 4.1, Hi: 4.8, Reps: 5}, {Bytes: 128 << 20, NS: 130, Lo: 120, Hi: 140, Reps: 5}},
		Levels: []ProbeLevel{{Name: "L1d", FromBytes: 4 << 10, Bytes: 32 << 10, NS: 1.65, Lo: 1.6, Hi: 1.7, Points: 2, ReportedBytes: 32 << 10},
			{Name: "L2", FromBytes: 256 << 10, Bytes: 256 << 10, NS: 4.4, Lo: 4.4, Hi: 4.4, Points: 1, ReportedBytes: 512 << 10}},
		Memory: &ProbeLevel{Name: "memory", FromBytes: 128 << 20, Bytes: 128 << 20, NS: 130, Lo: 130, Hi: 130, Points: 1},
		Bandwidth: []Bandwidth{{Level: "L1d", Bytes: 16 << 10, BytesPerS: 4.5e10, Lo: 4.4e10, Hi: 4.6e10, Reps: 5},
			{Level: "L2", Bytes: 128 << 10, BytesPerS: 4.4e10, Lo: 4.2e10, Hi: 4.5e10, Reps: 5},
			{Level: "memory", Bytes: 128 << 20, BytesPerS: 1.4e10, Lo: 1.3e10, Hi: 1.5e10, Reps: 5, Interrupted: 5}},
		Reported:      []CacheLevel{{Level: 1, Type: "Data", Bytes: 32 << 10, LineBytes: 64}, {Level: 2, Type: "Unified", Bytes: 512 << 10, LineBytes: 64}},
		Disagreements: []string{"L3: the system reports 32.0 MiB, but the ladder shows no plateau near it"},
		Notes:         []string{"6 of 95 repetitions were interrupted"},
	}
}

// TestProbeAbsentInOlderFiles: runs and sweeps written before probes load, without
// one.
func TestProbeAbsentInOlderFiles(t *testing.T) {
	for _, path := range []string{"testdata/run.json", "testdata/run-v1.json", "testdata/run-before-load.json"} {
		r, err := LoadJSON(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if r.Probe != nil {
			t.Errorf("%s: probe %+v, want none", path, r.Probe)
		}
	}
	for _, path := range []string{"testdata/sweep.json", "testdata/sweep-before-gc.json", "testdata/sweep-before-load.json"} {
		s, err := LoadSweepJSON(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if s.Probe != nil {
			t.Errorf("%s: probe %+v, want none", path, s.Probe)
		}
	}
}

// TestProbeRoundTrip: a probe written in a run, in a sweep and in a file of its own
// reads back as it was; a copy of a sweep does not share its probe.
func TestProbeRoundTrip(t *testing.T) {
	r := testRun()
	r.Probe = testProbe()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Probe, r.Probe) {
		t.Errorf("the run's probe came back as %+v", back.Probe)
	}
	s := testSweep()
	s.Probe = testProbe()
	buf.Reset()
	if err := WriteSweepJSON(&buf, s); err != nil {
		t.Fatal(err)
	}
	sb, err := ReadSweepJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(sb.Probe, s.Probe) {
		t.Errorf("the sweep's probe came back as %+v", sb.Probe)
	}
	c := s.Clone()
	c.Probe.Ladder[0].NS, c.Probe.Memory.NS, c.Probe.Notes[0] = 99, 99, "changed"
	if s.Probe.Ladder[0].NS == 99 || s.Probe.Memory.NS == 99 || s.Probe.Notes[0] == "changed" {
		t.Error("a clone of the sweep shares its probe")
	}
	buf.Reset()
	if err := WriteProbeJSON(&buf, testProbe()); err != nil {
		t.Fatal(err)
	}
	p, err := ReadProbeJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p, testProbe()) {
		t.Errorf("the probe's file came back as %+v", p)
	}
	if p.BandwidthOf("L2").BytesPerS != 4.4e10 || p.BandwidthOf("L3") != nil || (*Probe)(nil).BandwidthOf("L1d") != nil {
		t.Error("BandwidthOf finds the wrong bandwidth")
	}
	buf.Reset()
	WriteJSON(&buf, testRun())
	if _, err := ReadProbeJSON(&buf); err == nil || !strings.Contains(err.Error(), `"localitylab/run/v2" is not "localitylab/probe/v1"`) {
		t.Errorf("a run read as a probe: %v", err)
	}
}

// TestProbeValidate: a probe's record from a hostile file is refused, naming the
// field, before anything is sized or drawn from it; in a run, with "probe: ".
func TestProbeValidate(t *testing.T) {
	long := strings.Repeat("x", 1001)
	tests := []struct {
		name   string
		change func(p *Probe)
		want   string
	}{
		{"another schema", func(p *Probe) { p.Schema = "localitylab/probe/v9" }, "schema"},
		{"an unknown kind", func(p *Probe) { p.Kind = "medium" }, `kind: "medium"`},
		{"an unknown clock", func(p *Probe) { p.Clock = "sundial" }, `clock: "sundial"`},
		{"a negative duration", func(p *Probe) { p.DurationNS = -1 }, "duration_ns"},
		{"no line", func(p *Probe) { p.LineBytes = 0 }, "line_bytes"},
		{"no repetitions", func(p *Probe) { p.Repetitions = 0 }, "repetitions"},
		{"no ladder", func(p *Probe) { p.Ladder = nil }, "ladder: 0 points"},
		{"a ladder of thousands", func(p *Probe) { p.Ladder = make([]LadderPoint, MaxProbePoints+1) }, "ladder: 401 points"},
		{"too many levels", func(p *Probe) { p.Levels = make([]ProbeLevel, MaxProbeLevels+1) }, "levels, bandwidth, reported"},
		{"too many notes", func(p *Probe) { p.Notes = make([]string, MaxProbeNotes+1) }, "disagreements, notes"},
		{"a note of a megabyte", func(p *Probe) { p.Notes[0] = long }, "a text of 1001 characters"},
		{"a NaN latency", func(p *Probe) { p.Ladder[1].NS = math.NaN() }, "ladder[1]"},
		{"an infinite latency", func(p *Probe) { p.Ladder[1].Hi = math.Inf(1) }, "ladder[1]"},
		{"a negative latency", func(p *Probe) { p.Ladder[0].NS, p.Ladder[0].Lo = -1, -2 }, "ladder[0]"},
		{"a median outside its interval", func(p *Probe) { p.Ladder[2].Lo = 5 }, "ladder[2]"},
		{"shrinking working sets", func(p *Probe) { p.Ladder[2].Bytes = 1024 }, "ladder[2]: 1024 bytes after"},
		{"an empty working set", func(p *Probe) { p.Ladder[0].Bytes = 0 }, "ladder[0]: bytes: 0"},
		{"more interrupted than run", func(p *Probe) { p.Ladder[0].Interrupted = 9 }, "ladder[0]"},
		{"a level upside down", func(p *Probe) { p.Levels[0].FromBytes = 1 << 30 }, "levels[0] (L1d)"},
		{"memory by another name", func(p *Probe) { p.Memory.Name = "L4" }, `memory: named "L4"`},
		{"memory without points", func(p *Probe) { p.Memory.Points = 0 }, "levels[2] (memory)"},
		{"a negative bandwidth", func(p *Probe) { p.Bandwidth[2].BytesPerS = -1 }, "bandwidth[2] (memory)"},
		{"a reported cache of no size", func(p *Probe) { p.Reported[1].Bytes = 0 }, "reported[1]"},
		{"pages of no mode", func(p *Probe) { p.Pages.Mode = "" }, "pages: mode"},
		{"a huge share past all", func(p *Probe) { p.Pages.HugeShare = Measured(2.0) }, "pages: huge_share"},
	}
	if err := testProbe().Validate(); err != nil {
		t.Fatalf("the test's probe does not hold: %v", err)
	}
	if err := (*Probe)(nil).Validate(); err != nil {
		t.Errorf("no probe: %v, want nil", err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testProbe()
			tt.change(p)
			err := p.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "probe: ") {
				t.Fatalf("error %v, want one starting \"probe: \" and saying %q", err, tt.want)
			}
			r := testRun()
			r.Probe = p
			var buf bytes.Buffer
			if WriteJSON(&buf, r) != nil {
				return // JSON has no NaN nor infinity: no file carries them
			}
			if _, err := ReadJSON(&buf); err == nil || !strings.Contains(err.Error(), "probe: ") {
				t.Errorf("a run carrying it read with %v", err)
			}
		})
	}
}

// TestProbeLevelSize: a level's size is the one the ladder's step put on it, or,
// in a probe written before sizes were recorded, its plateau's end.
func TestProbeLevelSize(t *testing.T) {
	if got := (ProbeLevel{Bytes: 262144, SizeBytes: 470000}).Size(); got != 470000 {
		t.Errorf("size %d, want the step's 470000", got)
	}
	if got := (ProbeLevel{Bytes: 262144}).Size(); got != 262144 {
		t.Errorf("size %d, want the plateau's end 262144 in an older probe", got)
	}
	p := testProbe()
	p.Levels[0].SizeBytes = -1
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "size_bytes") {
		t.Errorf("a negative size: %v, want an error naming size_bytes", err)
	}
}
