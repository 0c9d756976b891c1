package result

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"time"
	"unicode/utf8"
)

// ProbeSchema names the version of a probe's record, in a file of its own
// (`localitylab probe -json`) and inside a run's or a sweep's.
const ProbeSchema = "localitylab/probe/v1"

// The kinds of probe (Probe.Kind).
const (
	// ProbeShort: about a point per doubling of the working set and the memory
	// point, in a second or two; what a saved file carries by default.
	ProbeShort = "short"
	// ProbeFull: about four points per doubling and more repetitions, in about ten
	// seconds; what `localitylab probe -full` takes.
	ProbeFull = "full"
)

// Probe is the machine measured on its own, as a program sees it from one core. It
// holds the latency of a dependent load through growing working sets (the latency
// ladder), and the cache levels the ladder's steps show beside the ones the system
// reports. It also holds one core's streaming read bandwidth at each level and from
// memory. It is measured in a worker process pinned as a run's frame threads are, in
// the same page mode and by the same clock, so that its figures are the ones a run's
// frames meet.
type Probe struct {
	Schema     string    `json:"schema"` // ProbeSchema
	Kind       string    `json:"kind"`   // ProbeShort or ProbeFull
	Taken      time.Time `json:"taken"`
	DurationNS int64     `json:"duration_ns"` // the measuring, buffer and links included
	// Clock is what timed each repetition: ClockThreadCPU (time another process held
	// the CPU is not in the figures) or ClockWall.
	Clock string   `json:"clock"`
	CPU   FrameCPU `json:"cpu"` // where the probe ran, chosen as a run's frames' CPU is
	// Pages are the pages of the probe's buffer: its mode, and the share of its
	// resident bytes (HeapBytes) in huge pages once it was written. With small
	// pages the ladder shows the TLB's reach as steps beside the caches'.
	Pages Pages `json:"pages"`
	// LineBytes is the distance between two elements of the chase, one cache line,
	// so that every load touches a line of its own; LineNote says where it came from
	// when the system reports none.
	LineBytes   int    `json:"line_bytes"`
	LineNote    string `json:"line_note,omitempty"`
	Repetitions int    `json:"repetitions"` // per point of the ladder and of the bandwidth

	Ladder []LadderPoint `json:"ladder"` // increasing working sets, the last the memory point
	// Levels are the caches the ladder's plateaus show, smallest first; Memory is
	// its last plateau, past every cache (nil where the ladder could not reach past
	// the last one: Notes say why).
	Levels []ProbeLevel `json:"levels"`
	Memory *ProbeLevel  `json:"memory,omitempty"`
	// Bandwidth is one core's streaming read at half of each level found (in the
	// levels' order) and through the memory point's working set, last.
	Bandwidth []Bandwidth `json:"bandwidth"`
	// Reported are the caches the system reports, the ones the levels were compared
	// with (none, and ReportedNote saying why, where it reports none).
	Reported     []CacheLevel `json:"reported,omitempty"`
	ReportedNote string       `json:"reported_note,omitempty"`
	// Disagreements say in words where the levels found and the ones reported
	// differ by more than twice, or where one has no counterpart in the other.
	Disagreements []string `json:"disagreements,omitempty"`
	// Notes say what else a reader should know: a working set the memory bounded,
	// repetitions another process interrupted.
	Notes []string `json:"notes,omitempty"`
}

// LadderPoint is the latency of a dependent load through one working set: the
// median over the repetitions of the time per load, and its 95% interval over them
// (their range, below six repetitions).
type LadderPoint struct {
	Bytes int64   `json:"bytes"`
	NS    float64 `json:"ns"`
	Lo    float64 `json:"lo_ns"`
	Hi    float64 `json:"hi_ns"`
	Reps  int     `json:"reps"`
	// Interrupted counts the repetitions kept though another process held the CPU
	// in them (the probe runs one again a few times before it keeps it).
	Interrupted int `json:"interrupted,omitempty"`
}

// ProbeLevel is one plateau of the ladder: the working sets from FromBytes to Bytes
// whose latency stays within a step (ProbeStep) of the plateau's lowest.
type ProbeLevel struct {
	// Name is the reported cache it was matched with ("L1d", "L2", "L3"), "step N"
	// for a plateau that matches none (N counting from the smallest), or "memory".
	Name      string `json:"name"`
	FromBytes int64  `json:"from_bytes"`
	// Bytes is the largest working set on the plateau. For memory, the largest
	// working set measured.
	Bytes int64 `json:"bytes"`
	// SizeBytes is the level's size as the ladder sees it: the working set at which
	// the latency has climbed half the way (on a log scale) from this plateau to the
	// next (see Size). Absent for memory, for a last plateau the ladder could not
	// see past, and in probes written before it was recorded.
	SizeBytes int64 `json:"size_bytes,omitempty"`
	// NS is the median of the latencies of the points inside the level, Lo and Hi
	// the lowest and highest of them, Points how many: the points past the level
	// below's size by a quarter of a doubling and short of this level's size by
	// half a doubling (the plateau's own points where fewer than three lie there),
	// of those the settled ones (a 95% interval narrower than ProbeStep) where three
	// or more are. In probes written before it was read so, and for memory: the
	// plateau's points.
	NS     float64 `json:"ns"`
	Lo     float64 `json:"lo_ns"`
	Hi     float64 `json:"hi_ns"`
	Points int     `json:"points"`
	// ReportedBytes is the size the system reports for the cache of that name; 0
	// where none was matched, or the one matched is not used (CacheLevel.NotUsed).
	ReportedBytes int64 `json:"reported_bytes,omitempty"`
}

// Size is the level's size as the ladder sees it: SizeBytes, or Bytes (the
// plateau's end) where that is absent.
func (l ProbeLevel) Size() int64 {
	if l.SizeBytes > 0 {
		return l.SizeBytes
	}
	return l.Bytes
}

// Bandwidth is one core's streaming read through one working set: bytes per second
// of a loop that adds every 8-byte word (eight sums at once, so that the adds never
// wait on each other), the median over the repetitions with its interval.
type Bandwidth struct {
	Level       string  `json:"level"` // the ProbeLevel's name, or "memory"
	Bytes       int64   `json:"bytes"` // the working set read
	BytesPerS   float64 `json:"bytes_per_s"`
	Lo          float64 `json:"lo_bytes_per_s"`
	Hi          float64 `json:"hi_bytes_per_s"`
	Reps        int     `json:"reps"`
	Interrupted int     `json:"interrupted,omitempty"`
}

// ProbeStep is the rise of latency that ends a plateau of the ladder: a working set
// whose latency is more than this many times the plateau's lowest has left the
// level.
const ProbeStep = 1.4

// Bounds on a probe's record when it is read: a file may be hostile, and the charts
// and tables size themselves from these counts. The lab writes far fewer (a full
// probe of a machine reporting no cache: under a hundred points).
const (
	MaxProbePoints = 400
	MaxProbeLevels = 16
	MaxProbeNotes  = 32
	maxProbeText   = 1000 // characters in one note, disagreement or name
	maxProbeBytes  = 1 << 50
)

// WriteProbeJSON writes p as an indented JSON file, laid out as a run's.
func WriteProbeJSON(w io.Writer, p *Probe) error { return writeIndented(w, p) }

// ReadProbeJSON reads a probe's file written by WriteProbeJSON and checks it (see
// Probe.Validate); a file of another schema is refused as such.
func ReadProbeJSON(rd io.Reader) (*Probe, error) { return readProbe(rd, 0) }

// readProbe is ReadProbeJSON of a file of size bytes (0: not known), read as a run's
// file is (readfile.go).
func readProbe(rd io.Reader, size int64) (*Probe, error) {
	data, schema, err := readRaw(rd, size)
	if err != nil {
		return nil, err
	}
	defer putBuffer(data)
	if schema != ProbeSchema {
		return nil, fmt.Errorf("schema: %q is not %q (a file from another version of Locality Lab, or not a probe)", schema, ProbeSchema)
	}
	rest, _, err := walk(data, shapeOfProbe())
	if err != nil {
		return nil, err
	}
	return decodeRest[Probe](rest, nil)
}

// LoadProbeJSON reads the probe's file at path; errors name the file.
func LoadProbeJSON(path string) (*Probe, error) { return loadFile(path, readProbe) }

// BandwidthOf returns the bandwidth measured at the level of that name ("memory"
// for the memory point), or nil; nil-safe.
func (p *Probe) BandwidthOf(level string) *Bandwidth {
	if p == nil {
		return nil
	}
	for i := range p.Bandwidth {
		if p.Bandwidth[i].Level == level {
			return &p.Bandwidth[i]
		}
	}
	return nil
}

// Clone returns a deep copy of p (nil for nil).
func (p *Probe) Clone() *Probe {
	if p == nil {
		return nil
	}
	c := *p
	c.Ladder = slices.Clone(p.Ladder)
	c.Levels = slices.Clone(p.Levels)
	if p.Memory != nil {
		m := *p.Memory
		c.Memory = &m
	}
	c.Bandwidth = slices.Clone(p.Bandwidth)
	c.Reported = slices.Clone(p.Reported)
	c.Disagreements = slices.Clone(p.Disagreements)
	c.Notes = slices.Clone(p.Notes)
	return &c
}

// Validate checks a probe's record before anything is drawn from it: the schema, the
// kind and the clock known, the counts within bounds, every figure finite and not
// negative, the ladder's working sets increasing, each median inside its interval.
// A nil probe (a file written before probes, or without one) is fine. Errors start
// with "probe: " and name the field.
func (p *Probe) Validate() error {
	if p == nil {
		return nil
	}
	if err := p.check(); err != nil {
		return fmt.Errorf("probe: %w", err)
	}
	return nil
}

func (p *Probe) check() error {
	switch {
	case p.Schema != ProbeSchema:
		return fmt.Errorf("schema: %q is not %q", p.Schema, ProbeSchema)
	case p.Kind != ProbeShort && p.Kind != ProbeFull:
		return fmt.Errorf("kind: %q (want %q or %q)", p.Kind, ProbeShort, ProbeFull)
	case p.Clock != ClockThreadCPU && p.Clock != ClockWall:
		return fmt.Errorf("clock: %q (want %q or %q)", p.Clock, ClockThreadCPU, ClockWall)
	case p.DurationNS < 0:
		return fmt.Errorf("duration_ns: %d (want 0 or more)", p.DurationNS)
	case p.LineBytes < 1 || p.LineBytes > 1<<12:
		return fmt.Errorf("line_bytes: %d (want 1 to 4096)", p.LineBytes)
	case p.Repetitions < 1 || p.Repetitions > 1000:
		return fmt.Errorf("repetitions: %d (want 1 to 1000)", p.Repetitions)
	case len(p.Ladder) < 1 || len(p.Ladder) > MaxProbePoints:
		return fmt.Errorf("ladder: %d points (want 1 to %d)", len(p.Ladder), MaxProbePoints)
	case len(p.Levels) > MaxProbeLevels || len(p.Bandwidth) > MaxProbeLevels+1 || len(p.Reported) > MaxProbeLevels:
		return fmt.Errorf("levels, bandwidth, reported: %d, %d, %d (want at most %d, %d, %d)",
			len(p.Levels), len(p.Bandwidth), len(p.Reported), MaxProbeLevels, MaxProbeLevels+1, MaxProbeLevels)
	case len(p.Disagreements) > MaxProbeNotes || len(p.Notes) > MaxProbeNotes:
		return fmt.Errorf("disagreements, notes: %d, %d (want at most %d each)", len(p.Disagreements), len(p.Notes), MaxProbeNotes)
	}
	if err := p.Pages.validate(false); err != nil {
		return fmt.Errorf("pages: %w", err)
	}
	if err := p.checkTexts(); err != nil {
		return err
	}
	for i, q := range p.Ladder {
		if err := checkFigure(q.Bytes, q.NS, q.Lo, q.Hi, q.Reps, q.Interrupted); err != nil {
			return fmt.Errorf("ladder[%d]: %w", i, err)
		}
		if i > 0 && q.Bytes <= p.Ladder[i-1].Bytes {
			return fmt.Errorf("ladder[%d]: %d bytes after %d (want increasing working sets)", i, q.Bytes, p.Ladder[i-1].Bytes)
		}
	}
	levels := p.Levels
	if p.Memory != nil {
		levels = append(slices.Clip(levels), *p.Memory)
	}
	for i, l := range levels {
		err := checkFigure(l.Bytes, l.NS, l.Lo, l.Hi, l.Points, 0)
		if err == nil && (l.FromBytes < 1 || l.FromBytes > l.Bytes || l.ReportedBytes < 0 || l.ReportedBytes > maxProbeBytes) {
			err = fmt.Errorf("from %d to %d bytes, reported %d (want 1 ≤ from ≤ to, a reported size of 0 or more)", l.FromBytes, l.Bytes, l.ReportedBytes)
		}
		if err == nil && (l.SizeBytes < 0 || l.SizeBytes > maxProbeBytes) {
			err = fmt.Errorf("size_bytes: %d (want 0 to %d)", l.SizeBytes, int64(maxProbeBytes))
		}
		if err != nil {
			return fmt.Errorf("levels[%d] (%s): %w", i, l.Name, err)
		}
	}
	for i, b := range p.Bandwidth {
		if err := checkFigure(b.Bytes, b.BytesPerS, b.Lo, b.Hi, b.Reps, b.Interrupted); err != nil {
			return fmt.Errorf("bandwidth[%d] (%s): %w", i, b.Level, err)
		}
	}
	for i, c := range p.Reported {
		if c.Bytes <= 0 || c.Bytes > maxProbeBytes || c.LineBytes < 0 || c.Level < 1 {
			return fmt.Errorf("reported[%d]: level %d of %d bytes, lines of %d (want a level, a positive size and a line of 0 or more)", i, c.Level, c.Bytes, c.LineBytes)
		}
	}
	return nil
}

// checkFigure checks one measured figure: a positive working set, a median inside
// its interval, all finite and not negative, one repetition or more and no more
// interrupted than there were.
func checkFigure(bytes int64, median, lo, hi float64, reps, interrupted int) error {
	switch {
	case bytes < 1 || bytes > maxProbeBytes:
		return fmt.Errorf("bytes: %d (want 1 to %d)", bytes, int64(maxProbeBytes))
	case !finiteNonNeg(median) || !finiteNonNeg(lo) || !finiteNonNeg(hi) || lo > median || median > hi:
		return fmt.Errorf("%v (%v–%v) (want finite figures, 0 or more, the median inside its interval)", median, lo, hi)
	case reps < 1 || reps > 10_000 || interrupted < 0 || interrupted > reps:
		return fmt.Errorf("%d repetitions, %d interrupted (want 1 to 10000, and at most as many interrupted)", reps, interrupted)
	}
	return nil
}

// checkTexts bounds the record's words: a hostile file's megabyte of text would fill
// every table it is shown in.
func (p *Probe) checkTexts() error {
	texts := []string{p.LineNote, p.ReportedNote, p.CPU.Why, p.Pages.Note, p.Pages.THP}
	texts = append(texts, p.Disagreements...)
	texts = append(texts, p.Notes...)
	for _, l := range p.Levels {
		texts = append(texts, l.Name)
	}
	for _, b := range p.Bandwidth {
		texts = append(texts, b.Level)
	}
	for _, s := range texts {
		if n := utf8.RuneCountInString(s); n > maxProbeText {
			return fmt.Errorf("a text of %d characters (at most %d): %.40q…", n, maxProbeText, s)
		}
	}
	if p.Memory != nil && p.Memory.Name != "memory" {
		return errors.New(`memory: named ` + fmt.Sprintf("%q", p.Memory.Name) + ` (want "memory")`)
	}
	return nil
}
