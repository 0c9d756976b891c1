package result

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestMachineFactsBefore: files written before the cache line, the load average, a
// sweep's frame clock and its points' frame CPUs were recorded still load, with
// those facts absent; the readers say "not recorded" from that.
func TestMachineFactsBefore(t *testing.T) {
	for _, path := range []string{"testdata/run-before-load.json", "testdata/run-v1.json"} {
		r, err := LoadJSON(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if r.LoadAverage != nil || r.Host.CacheLine() != 0 {
			t.Errorf("%s: load average %+v, cache line %d: want none", path, r.LoadAverage, r.Host.CacheLine())
		}
	}
	for _, path := range []string{"testdata/sweep-before-load.json", "testdata/sweep-before-gc.json"} {
		s, err := LoadSweepJSON(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if s.LoadAverage != nil || s.Clock != "" || s.Host.CacheLine() != 0 {
			t.Errorf("%s: load average %+v, clock %q, line %d: want none", path, s.LoadAverage, s.Clock, s.Host.CacheLine())
		}
		for _, c := range s.Caches {
			if c.LineBytes != 0 {
				t.Errorf("%s: cache %s has a line of %d, want none", path, c.Name, c.LineBytes)
			}
		}
		for _, p := range s.Points {
			for _, b := range p.Backings {
				if b.FrameCPUs() != nil {
					t.Errorf("%s: point %d, %s: frame CPU %+v, want none", path, p.Value, b.Name, b.FrameCPUs())
				}
			}
		}
	}
}

// TestMachineFactsRoundTrip: the new facts are written under their names and read
// back; an end of load average of 0 (a machine at rest) stays a figure, not absent.
func TestMachineFactsRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSweepJSON(&buf, testSweep()); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"frame_clock": "thread_cpu"`, `"start_1min": 7.5`, `"end_1min": 0`, `"line_bytes": 64`, `"frame_cpu": {`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("the sweep file lacks %s", want)
		}
	}
	s, err := ReadSweepJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if a := s.LoadAverage; a == nil || a.Start != 7.5 || a.End == nil || *a.End != 0 {
		t.Errorf("load average read back as %+v", a)
	}
	// A run still going has no end.
	var a LoadAverage
	if err := json.Unmarshal([]byte(`{"start_1min": 3.2}`), &a); err != nil || a.End != nil || a.Start != 3.2 {
		t.Errorf("a load average without an end read as %+v, %v", a, err)
	}
}

// TestSweepHugeShareRange: the range over every point and fork, empty fork records
// skipped, and none for a backing no point recorded pages of.
func TestSweepHugeShareRange(t *testing.T) {
	s := testSweep()
	p := &s.Points[1]
	p.Forks = 3
	p.Backings[0].ForkPages = []Pages{{Mode: PagesHuge, HugeShare: Measured(0.4)}, {}, {Mode: PagesHuge, HugeShare: Measured(0.9)}}
	if lo, hi, ok := s.HugeShareRange(0); !ok || lo != 0.4 || hi != 1 {
		t.Errorf("ptrarray: %v–%v, %v; want 0.4–1", lo, hi, ok)
	}
	if _, _, ok := s.HugeShareRange(1); ok {
		t.Error("soa recorded no pages, yet has a share")
	}
	if got := s.THP(); got != "madvise" {
		t.Errorf("THP() = %q, want the setting the first point recorded", got)
	}
	if got := (&Sweep{}).THP(); got != "" {
		t.Errorf("a sweep without points: THP() = %q", got)
	}
}

// TestClockOf: CPU-timed where any backing's series is, the wall clock where
// frames ran without, none where none ran.
func TestClockOf(t *testing.T) {
	r := testRun()
	if got := ClockOf(r); got != ClockThreadCPU {
		t.Errorf("ClockOf = %q, want %q", got, ClockThreadCPU)
	}
	r.Backings = r.Backings[1:] // the map's frames carry no thread clock
	if got := ClockOf(r); got != ClockWall {
		t.Errorf("ClockOf = %q, want %q", got, ClockWall)
	}
	r.Backings[0].Frames = Series{}
	if got := ClockOf(r); got != "" {
		t.Errorf("ClockOf = %q, want none", got)
	}
}

func TestLoadAverageText(t *testing.T) {
	end := 2.054
	for _, tc := range []struct {
		a    LoadAverage
		want string
	}{
		{LoadAverage{Start: 1.63, End: &end}, "1.63 at the start, 2.05 at the end"},
		{LoadAverage{Start: 0}, "0.00 at the start, no end recorded"},
	} {
		if got := tc.a.Text(); got != tc.want {
			t.Errorf("Text() = %q, want %q", got, tc.want)
		}
	}
}
