package result

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
)

// A student's file may be broken, huge or hostile. These tests write such files with
// the lab's own writers (WriteJSON, WriteSweepJSON do not check what they are given)
// and read them back: each is refused with its field and the bound named, or read
// with its prose shortened and the fact said.

// runJSON writes r as the lab does.
func runJSON(t *testing.T, r *Run) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sweepJSON(t *testing.T, s *Sweep) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteSweepJSON(&buf, s); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestNamesPastTheirBoundRefused: a name longer than any the lab writes (a machine's
// CPU, its system, a cache's type, a backing, a parameter) is refused, the field and
// the bound named.
func TestNamesPastTheirBoundRefused(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	for _, tt := range []struct {
		name string
		edit func(r *Run)
		want string
	}{
		{"a 4 MiB CPU", func(r *Run) { r.Host.CPU = strings.Repeat("word ", 4<<20/5) }, "host.cpu: 4,194,300 characters (at most 256)"},
		{"CPU just past", func(r *Run) { r.Host.CPU = long(257) }, "host.cpu: 257 characters (at most 256)"},
		{"system", func(r *Run) { r.Host.OS = long(65) }, "host.os: 65 characters (at most 64)"},
		{"architecture", func(r *Run) { r.Host.Arch = long(1000) }, "host.arch: 1,000 characters (at most 64)"},
		{"Go", func(r *Run) { r.Host.Go = long(70) }, "host.go: 70 characters (at most 64)"},
		{"GOGC", func(r *Run) { r.Host.GOGC = long(70) }, "host.gogc: 70 characters (at most 64)"},
		{"cache type", func(r *Run) { r.Host.Caches[0].Type = long(33) }, "host.caches[0].type: 33 characters (at most 32)"},
		{"counters' event", func(r *Run) { r.Counters.Misses = long(300) }, "counters.mem_misses_event: 300 characters (at most 200)"},
		{"a page mode", func(r *Run) { r.Backings[0].Pages.Mode = long(40) }, "backings[0].pages.mode: 40 characters (at most 16)"},
		{"a parameter's name", func(r *Run) { r.Params[long(65)] = 1 }, "params: a name of 65 characters (at most 64)"},
		{"a ratio's backing", func(r *Run) { r.Ratios[0].Vs = long(65) }, "ratios[0].vs: 65 characters (at most 64)"},
		{"a character is a character", func(r *Run) { r.Host.CPU = strings.Repeat("é", 257) }, "host.cpu: 257 characters (at most 256)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := testRun()
			tt.edit(r)
			_, err := ReadJSON(bytes.NewReader(runJSON(t, r)))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ReadJSON: %v, want an error containing %q", err, tt.want)
			}
		})
	}
	r := testRun()
	r.Host.CPU = strings.Repeat("é", 256)
	if got, err := ReadJSON(bytes.NewReader(runJSON(t, r))); err != nil || got.Host.CPU != r.Host.CPU {
		t.Errorf("a CPU of 256 characters: %v", err)
	}
}

// TestProseShortenedAndSaid: prose the lab writes (a worker's error, why a CPU was
// chosen, a note) is kept to its bound on reading, with an ellipsis and the number of
// characters left out, and the figures beside it are not touched.
func TestProseShortenedAndSaid(t *testing.T) {
	r := testRun()
	r.Backings[1].Error = "worker map: crashed; last stderr lines:\n\t" + strings.Repeat("panic: é ", 20000)
	r.Backings[0].FrameCPU.Why = strings.Repeat("w", 1500)
	r.Backings[0].Pages.Note = strings.Repeat("n", 1001)
	r.Pinned = strings.Repeat("CPU 1 ", 1000)
	r.Counters.Note = strings.Repeat("c", 5000)
	got, err := ReadJSON(bytes.NewReader(runJSON(t, r)))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, text string
		keep, more int
	}{
		{"error", got.Backings[1].Error, 4000, len([]rune(r.Backings[1].Error)) - 4000},
		{"frame_cpu.why", got.Backings[0].FrameCPU.Why, 1000, 500},
		{"pages.note", got.Backings[0].Pages.Note, 1000, 1},
		{"pinned", got.Pinned, 1000, 5000},
		{"counters.note", got.Counters.Note, 2000, 3000},
	} {
		want := fmt.Sprintf("… [shortened on reading: %s characters more]", commas(tt.more))
		if !strings.HasSuffix(tt.text, want) || len([]rune(strings.TrimSuffix(tt.text, want))) != tt.keep {
			t.Errorf("%s: %d characters ending %q; want %d and then %q", tt.name, len([]rune(tt.text)), tail(tt.text), tt.keep, want)
		}
	}
	if !strings.HasPrefix(got.Backings[1].Error, "worker map: crashed;") {
		t.Errorf("the error's start: %q", got.Backings[1].Error[:40])
	}
	want := testRun()
	if got.Backings[0].Summary.P50NS != want.Backings[0].Summary.P50NS || got.Backings[0].Frames.NS[3] != want.Backings[0].Frames.NS[3] {
		t.Error("a figure changed on reading")
	}
}

func tail(s string) string {
	r := []rune(s)
	return string(r[max(0, len(r)-60):])
}

func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// TestCountsPastWhatTheLabWritesRefused: a list or a map longer than the lab writes
// (forks, parameters, cache levels, markers, a sweep's points) is refused at its
// first entry past the bound, named.
func TestCountsPastWhatTheLabWritesRefused(t *testing.T) {
	scale := 1 // the counts of the attacks; a hundredth with -short, which the race detector runs
	if testing.Short() {
		scale = 100
	}
	for _, tt := range []struct {
		name string
		edit func(r *Run)
		want string
	}{
		{"10,000 forks", func(r *Run) { r.Forks = make([]Fork, 10000) }, "forks: more than 16 entries (at most 16)"},
		{"200,000 parameters", func(r *Run) {
			for i := range 200000 / scale {
				r.Params[fmt.Sprintf("p%d", i)] = 1
			}
		}, "params: more than 64 entries (at most 64)"},
		{"200,000 cache levels", func(r *Run) { r.Host.Caches = make([]CacheLevel, 200000/scale) }, "host.caches: more than 16 entries (at most 16)"},
		{"backings", func(r *Run) { r.Backings = append(r.Backings, make([]Backing, 5)...) }, "backings: more than 6 entries (at most 6)"},
		{"fork figures", func(r *Run) { r.Backings[0].Summary.ForkP50NS = make([]float64, 17) }, "backings[0].summary.fork_p50_ns: more than 16 entries"},
		{"frames", func(r *Run) { r.Backings[0].Frames.Allocs = make([]uint64, MaxFrames+1) }, "backings[0].frames.allocs: more than 100,000 entries"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := testRun()
			tt.edit(r)
			_, err := ReadJSON(bytes.NewReader(runJSON(t, r)))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ReadJSON: %v, want an error containing %q", err, tt.want)
			}
		})
	}
	for _, tt := range []struct {
		name string
		edit func(s *Sweep)
		want string
	}{
		{"100,000 markers", func(s *Sweep) {
			s.Markers = make([]Marker, 100000/scale)
			for i := range s.Markers {
				s.Markers[i] = Marker{Backing: "soa", Cache: "L1d", Bytes: 32768, At: 2000}
			}
		}, "markers: more than 96 entries (at most 96)"},
		{"20,000 points", func(s *Sweep) {
			s.Values = make([]int64, max(20000/scale, MaxSweepValues+1))
			for i := range s.Values {
				s.Values[i] = int64(1000 + i)
			}
		}, "values: more than 200 entries (at most 200)"},
		{"tied parameters", func(s *Sweep) {
			s.Tied = map[string]float64{}
			for i := range 65 {
				s.Tied[fmt.Sprintf("t%d", i)] = 0.5
			}
		}, "tied: more than 64 entries"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := testSweep()
			tt.edit(s)
			_, err := ReadSweepJSON(bytes.NewReader(sweepJSON(t, s)))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ReadSweepJSON: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestMachineFactsInRange: what a file says of its machine is a machine's: cores,
// and caches of a level, a size and a line that exist.
func TestMachineFactsInRange(t *testing.T) {
	for _, tt := range []struct {
		name string
		edit func(h *Host)
		want string
	}{
		{"cores −5", func(h *Host) { h.Cores = -5 }, "host: cores: -5"},
		{"a billion cores", func(h *Host) { h.Cores = 1e9 }, "host: cores: 1000000000"},
		{"a cache of −1 B", func(h *Host) { h.Caches[0].Bytes = -1 }, "host: caches[0]: bytes -1"},
		{"a cache of 8,388,608 TiB", func(h *Host) { h.Caches[0].Bytes = math.MaxInt64 }, "host: caches[0]: bytes 9223372036854775807"},
		{"level 0", func(h *Host) { h.Caches[0].Level = 0 }, "host: caches[0]: level 0"},
		{"a line of a megabyte", func(h *Host) { h.Caches[0].LineBytes = 1 << 20 }, "host: caches[0]: line_bytes 1048576"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := testRun()
			tt.edit(&r.Host)
			if _, err := ReadJSON(bytes.NewReader(runJSON(t, r))); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ReadJSON: %v, want an error containing %q", err, tt.want)
			}
			s := testSweep()
			tt.edit(&s.Host)
			if _, err := ReadSweepJSON(bytes.NewReader(sweepJSON(t, s))); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ReadSweepJSON: %v, want an error containing %q", err, tt.want)
			}
		})
	}
	s := testSweep()
	s.Caches[1].Bytes = -1
	if _, err := ReadSweepJSON(bytes.NewReader(sweepJSON(t, s))); err == nil || !strings.Contains(err.Error(), "caches[1] (L2): bytes -1") {
		t.Errorf("a sweep's cache of −1 B: %v", err)
	}
}

// TestMarkerNamesOneOfTheSweepsCaches: a marker's cache is one of the sweep's, by name
// and size; a name that is markup is refused before anything draws it.
func TestMarkerNamesOneOfTheSweepsCaches(t *testing.T) {
	for _, tt := range []struct {
		name string
		edit func(m *Marker)
		want string
	}{
		{"markup", func(m *Marker) { m.Cache = "</script><script>alert(1)</script>" }, "markers[0].cache: 34 characters (at most 16)"},
		{"another cache", func(m *Marker) { m.Cache = "L9" }, `markers[0]: cache "L9" of 32768 bytes is not one of the sweep's caches (L1d of 32768 bytes, L2 of 1048576 bytes)`},
		{"another size", func(m *Marker) { m.Bytes = 1 }, `markers[0]: cache "L1d" of 1 bytes is not one of the sweep's caches`},
		{"off the axis", func(m *Marker) { m.At = 1e300 }, "markers[0]: at 1e+300, outside the values swept"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := testSweep()
			s.Markers = []Marker{{Backing: "soa", Cache: "L1d", Bytes: 32768, At: 2000, By: MarkerBySpan}}
			if _, err := ReadSweepJSON(bytes.NewReader(sweepJSON(t, s))); err != nil {
				t.Fatalf("the good marker: %v", err)
			}
			tt.edit(&s.Markers[0])
			if _, err := ReadSweepJSON(bytes.NewReader(sweepJSON(t, s))); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ReadSweepJSON: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestHugeCPUReadNoFurther: a CPU's name of 240 MiB of short words, under the file's
// bound, is refused once it passes what any text of a result file holds, having read
// that much of it: three such files once took the class 24 GB.
func TestHugeCPUReadNoFurther(t *testing.T) {
	r := testRun()
	r.Host.CPU = "@CPU@"
	head, tail, ok := bytes.Cut(runJSON(t, r), []byte("@CPU@"))
	if !ok {
		t.Fatal("no CPU in the file")
	}
	g := &counting{r: io.MultiReader(bytes.NewReader(head), io.LimitReader(repeat("word "), 240<<20), bytes.NewReader(tail))}
	_, err := ReadJSON(g)
	if err == nil || !strings.Contains(err.Error(), "host.cpu: a text of more than 16.0 MiB") {
		t.Errorf("ReadJSON: %v, want host.cpu refused past 16 MiB", err)
	}
	if g.n > 20<<20 {
		t.Errorf("read %d bytes of a 240 MiB file before refusing it", g.n)
	}
}

// counting counts the bytes read from r.
type counting struct {
	r io.Reader
	n int64
}

func (c *counting) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// repeat is an endless reader of s, again and again.
func repeat(s string) io.Reader { return &endlessText{s: s} }

type endlessText struct {
	s   string
	off int
}

func (e *endlessText) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.s[e.off]
		e.off = (e.off + 1) % len(e.s)
	}
	return len(p), nil
}
