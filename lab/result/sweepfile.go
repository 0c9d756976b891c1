package result

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"localitylab/internal/atomicfile"
)

// WriteSweepJSON writes s as an indented JSON sweep file, scalar arrays on one line.
func WriteSweepJSON(w io.Writer, s *Sweep) error { return writeIndented(w, s) }

// SaveSweepJSON writes s to path through a temporary file (see atomicfile).
func SaveSweepJSON(path string, s *Sweep) error {
	return atomicfile.Write(path, func(w io.Writer) error { return WriteSweepJSON(w, s) })
}

// FileSchema returns the schema a JSON file of Locality Lab's declares (a run's, a
// sweep's), so that a command handed a file can tell which it is before reading it.
func FileSchema(data []byte) (string, error) {
	buf, schema, err := readRaw(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", err
	}
	putBuffer(buf)
	return schema, nil
}

// IsSweepFile reports whether the JSON file at path declares the sweep schema, so
// that what opens files (report, the app's Open) can hand a sweep to what shows
// sweeps; a file that cannot be read is left to the run's reader to name the fault.
// It reads the file only as far as its schema, which the lab writes first.
func IsSweepFile(path string) bool { return declares(path, SweepSchema) }

// IsProbeFile reports whether the JSON file at path declares the probe's schema, as
// IsSweepFile does for a sweep's.
func IsProbeFile(path string) bool { return declares(path, ProbeSchema) }

// declares reports whether the JSON file at path declares schema, reading only as
// far as the schema.
func declares(path, schema string) bool {
	f, _, err := openRegular(path)
	if err != nil {
		return false
	}
	defer f.Close()
	got, err := sniffSchema(f)
	return err == nil && got == schema
}

// ReadSweepJSON reads a sweep file and checks it; errors name the field at fault.
func ReadSweepJSON(rd io.Reader) (*Sweep, error) { return readSweep(rd, 0) }

// readSweep is ReadSweepJSON of a file of size bytes (0: not known).
func readSweep(rd io.Reader, size int64) (*Sweep, error) {
	data, schema, err := readRaw(rd, size)
	if err != nil {
		return nil, err
	}
	defer putBuffer(data)
	return decodeSweep(data, schema)
}

// decodeSweep decodes the bytes of a sweep's file, which declares schema.
func decodeSweep(data []byte, schema string) (*Sweep, error) {
	if schema != SweepSchema {
		return nil, fmt.Errorf("schema: %q is not %q (a file from another version of Locality Lab, or not a sweep)", schema, SweepSchema)
	}
	_, sweep := shapes()
	rest, _, err := walk(data, sweep)
	if err != nil {
		return nil, err
	}
	return decodeRest[Sweep](rest, nil)
}

// LoadSweepJSON reads the sweep file at path; errors name the file.
func LoadSweepJSON(path string) (*Sweep, error) {
	return loadFile(path, readSweep)
}

// LoadSaved reads the file at path once, a run or a sweep as its schema says (the
// other nil); errors name the file. What takes either (a class's files) reads each
// file once this way rather than asking IsSweepFile first.
func LoadSaved(path string) (*Run, *Sweep, error) {
	type saved struct {
		run   *Run
		sweep *Sweep
	}
	v, err := loadFile(path, func(rd io.Reader, size int64) (*saved, error) {
		data, schema, err := readRaw(rd, size)
		if err != nil {
			return nil, err
		}
		defer putBuffer(data)
		if schema == SweepSchema {
			s, err := decodeSweep(data, schema)
			return &saved{sweep: s}, err
		}
		r, err := decodeRun(data, schema)
		return &saved{run: r}, err
	})
	if err != nil {
		return nil, nil, err
	}
	return v.run, v.sweep, nil
}

// Validate checks that s is a sweep this code can show: at least two increasing
// values, points among them in order, each with a figure for every backing, and
// finite figures. Errors name the field.
func (s *Sweep) Validate() error {
	// The checks run in this order, so that a file with several faults is always
	// told the same first one.
	for _, check := range []func() error{s.validateHeader, s.validatePoints, s.validateCaches, s.validateMeasuring, s.validateFindings} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// validateHeader checks what the sweep says of itself: its schema, title, backings,
// the parameter swept and its values, and how it was run.
func (s *Sweep) validateHeader() error {
	if s.Schema != SweepSchema {
		return fmt.Errorf("schema: %q is not %q", s.Schema, SweepSchema)
	}
	if err := checkTitle(s.Title); err != nil {
		return err
	}
	if err := checkNames("backings", len(s.Backings), func(i int) string { return s.Backings[i] }); err != nil {
		return err
	}
	switch {
	case s.Workload == "":
		return errors.New("workload: empty")
	case s.Param == "":
		return errors.New("param: empty")
	case len(s.Values) < 2:
		return fmt.Errorf("values: %d given (want at least 2)", len(s.Values))
	case len(s.Values) > MaxSweepValues:
		return fmt.Errorf("values: %d given (at most %d)", len(s.Values), MaxSweepValues)
	case len(s.Params) > MaxParams || len(s.Tied) > MaxParams:
		return fmt.Errorf("params, tied: %d and %d (at most %d each)", len(s.Params), len(s.Tied), MaxParams)
	case s.Forks < 0 || s.Forks > MaxForks:
		return fmt.Errorf("forks: %d (want 0 to %d, as the lab runs them)", s.Forks, MaxForks)
	case s.Frames < 0 || s.Frames > MaxFrames:
		return fmt.Errorf("frames: %d is out of range (want 0, the budget's choice, or 1 to %d)", s.Frames, MaxFrames)
	case s.BudgetNS < 0 || s.DurationNS < 0:
		return fmt.Errorf("budget_ns, duration_ns: %d, %d (want 0 or more)", s.BudgetNS, s.DurationNS)
	case s.Cache != Warm && s.Cache != Cold:
		return fmt.Errorf("cache: %q (want %q or %q)", s.Cache, Warm, Cold)
	case s.Pages != "" && s.Pages != PagesSystem && s.Pages != PagesHuge && s.Pages != PagesSmall:
		return fmt.Errorf("pages: %q (want %s, %s or %s)", s.Pages, PagesSystem, PagesHuge, PagesSmall)
	case s.LogX && s.Values[0] <= 0:
		return fmt.Errorf("log_x: the values start at %d, which a logarithmic axis cannot show", s.Values[0])
	}
	for i := 1; i < len(s.Values); i++ {
		if s.Values[i] <= s.Values[i-1] {
			return fmt.Errorf("values: %d after %d (want increasing values)", s.Values[i], s.Values[i-1])
		}
	}
	return s.validateLabels()
}

// validatePoints checks each point, their order, and the shares of the params tied
// to the one swept.
func (s *Sweep) validatePoints() error {
	if len(s.Points) > len(s.Values) {
		return fmt.Errorf("points: %d for %d values", len(s.Points), len(s.Values))
	}
	for i := range s.Points {
		if err := s.Points[i].validate(s); err != nil {
			return fmt.Errorf("points[%d] (%s = %d): %w", i, s.Param, s.Points[i].Value, err)
		}
		if i > 0 && s.Points[i].Value <= s.Points[i-1].Value {
			return fmt.Errorf("points[%d]: value %d after %d (want the values' order)", i, s.Points[i].Value, s.Points[i-1].Value)
		}
	}
	for name, share := range s.Tied {
		if !finiteNonNeg(share) {
			return fmt.Errorf("tied: %s at %v of %s (want a finite share, 0 or more)", name, share, s.Param)
		}
	}
	return nil
}

// validateCaches checks the machine's caches the sweep recorded.
func (s *Sweep) validateCaches() error {
	if len(s.Caches) > MaxCaches {
		return fmt.Errorf("caches: %d (at most %d)", len(s.Caches), MaxCaches)
	}
	for i, c := range s.Caches {
		if c.Name == "" {
			return fmt.Errorf("caches[%d]: no name", i)
		}
		if err := checkCache(c.Level, c.Bytes, c.LineBytes); err != nil {
			return fmt.Errorf("caches[%d] (%s): %w", i, c.Name, err)
		}
	}
	return nil
}

// validateMeasuring checks what the sweep recorded of the conditions it measured
// in: the host, the simulated counters, the clock and timer, the load and the probe.
func (s *Sweep) validateMeasuring() error {
	if err := s.Host.validate(); err != nil {
		return err
	}
	if sim := s.Counters.Simulated; sim != nil {
		if err := sim.validate(); err != nil {
			return err
		}
	}
	if s.Clock != "" && s.Clock != ClockThreadCPU && s.Clock != ClockWall {
		return fmt.Errorf("frame_clock: %q (want %q or %q)", s.Clock, ClockThreadCPU, ClockWall)
	}
	if t := s.Timer; t != nil {
		if err := t.Validate(); err != nil {
			return err
		}
	}
	if a := s.LoadAverage; a != nil {
		if err := a.validate(); err != nil {
			return err
		}
	}
	return s.Probe.Validate()
}

// validateFindings checks what the sweep found between its points: the cache
// markers, the crossings and the drift.
func (s *Sweep) validateFindings() error {
	if err := s.validateMarkers(); err != nil {
		return err
	}
	for i, c := range s.Crossings {
		if !slices.Contains(s.Backings, c.Below) || !slices.Contains(s.Backings, c.Above) || c.Below == c.Above || !finiteNum(c.At) {
			return fmt.Errorf("crossings[%d]: %s and %s at %v (want two of the backings at a finite value)", i, c.Below, c.Above, c.At)
		}
		if !s.within(c.At) {
			return fmt.Errorf("crossings[%d]: at %v, outside the values swept (%d to %d)", i, c.At, s.Values[0], s.Values[len(s.Values)-1])
		}
	}
	for i, d := range s.Drift {
		if !slices.Contains(s.Backings, d.Backing) || !finiteNonNeg(d.Ratio) || d.Points < 0 || d.Points > len(s.Points) {
			return fmt.Errorf("drift[%d]: %s by %v over %d points (want one of the backings, a finite ratio and 0 to %d points)",
				i, d.Backing, d.Ratio, d.Points, len(s.Points))
		}
	}
	return nil
}

// validateMarkers checks each cache marker: one of the backings reaching one of the
// sweep's caches, named as the sweep names it and of its size (the page draws the
// name), at a value within those swept, once per backing and cache.
func (s *Sweep) validateMarkers() error {
	if n := len(s.Backings) * len(s.Caches); len(s.Markers) > n {
		return fmt.Errorf("markers: %d (at most one per backing and cache, %d)", len(s.Markers), n)
	}
	for i, m := range s.Markers {
		if !slices.Contains(s.Backings, m.Backing) || !finiteNum(m.At) {
			return fmt.Errorf("markers[%d]: %s at %v (want one of the backings at a finite value)", i, m.Backing, m.At)
		}
		if m.By != "" && m.By != MarkerBySpan && m.By != MarkerByBytes {
			return fmt.Errorf("markers[%d]: by %q (want %q or %q)", i, m.By, MarkerBySpan, MarkerByBytes)
		}
		k := slices.IndexFunc(s.Caches, func(c Cache) bool { return c.Name == m.Cache })
		if k < 0 || s.Caches[k].Bytes != m.Bytes {
			names := make([]string, len(s.Caches))
			for j, c := range s.Caches {
				names[j] = fmt.Sprintf("%s of %d bytes", c.Name, c.Bytes)
			}
			return fmt.Errorf("markers[%d]: cache %q of %d bytes is not one of the sweep's caches (%s)", i, m.Cache, m.Bytes, strings.Join(names, ", "))
		}
		if !s.within(m.At) {
			return fmt.Errorf("markers[%d]: at %v, outside the values swept (%d to %d)", i, m.At, s.Values[0], s.Values[len(s.Values)-1])
		}
		if slices.ContainsFunc(s.Markers[:i], func(o Marker) bool { return o.Backing == m.Backing && o.Cache == m.Cache }) {
			return fmt.Errorf("markers[%d]: a second marker of %s at %s", i, m.Backing, m.Cache)
		}
	}
	return nil
}

// within reports whether x lies within the values swept (to a rounding), where the
// markers and crossings found between two points lie.
func (s *Sweep) within(x float64) bool {
	lo, hi := float64(s.Values[0]), float64(s.Values[len(s.Values)-1])
	eps := 1e-9 * max(1, math.Abs(lo), math.Abs(hi))
	return x >= lo-eps && x <= hi+eps
}

func (p *Point) validate(s *Sweep) error {
	if !slices.Contains(s.Values, p.Value) {
		return fmt.Errorf("value: %d is not among the values", p.Value)
	}
	switch {
	case p.Frames < 0 || p.Frames > MaxFrames:
		return fmt.Errorf("frames: %d is out of range (want 0 to %d)", p.Frames, MaxFrames)
	case p.Forks < 0 || p.Forks > MaxForks:
		return fmt.Errorf("forks: %d (want 0 to %d, as the lab runs them)", p.Forks, MaxForks)
	case len(p.Tied) > MaxParams:
		return fmt.Errorf("tied: %d (at most %d)", len(p.Tied), MaxParams)
	case len(p.Pairs) > maxPairs:
		return fmt.Errorf("pairs: %d (at most one per two backings, %d)", len(p.Pairs), maxPairs)
	case p.Warmup < 0 || p.Warmup > p.Frames:
		return fmt.Errorf("warmup: %d is out of range (want 0 to the point's %d frames)", p.Warmup, p.Frames)
	case p.Rounds < 0 || p.Rounds > p.Frames || p.Measured < 0 || p.Measured > p.Rounds:
		return fmt.Errorf("rounds, measured: %d, %d (want 0 to frames, and measured 0 to rounds)", p.Rounds, p.Measured)
	case p.Entities < 0:
		return fmt.Errorf("entities: %d (want 0 or more)", p.Entities)
	}
	if p.Skipped != "" {
		if len(p.Backings) > 0 {
			return errors.New("backings: present in a skipped point")
		}
		return nil
	}
	has := func(name string) bool { return slices.Contains(s.Backings, name) }
	if len(p.Backings) != len(s.Backings) {
		return fmt.Errorf("backings: %d (want one per backing, %d)", len(p.Backings), len(s.Backings))
	}
	for j := range p.Backings {
		b := &p.Backings[j]
		if b.Name != s.Backings[j] {
			return fmt.Errorf("backings[%d]: %q (want %q, in the sweep's order)", j, b.Name, s.Backings[j])
		}
		if err := b.validate(j, p, has); err != nil {
			return err
		}
	}
	for i := range p.Pairs {
		if err := p.Pairs[i].validate(has); err != nil {
			return fmt.Errorf("pairs[%d]: %w", i, err)
		}
	}
	return nil
}

// validate checks the figures of b, the j-th backing of point p: finite and not
// negative, one per fork where there are forks, its ratio to the backings that has
// knows, and the conditions it ran in.
func (b *PointBacking) validate(j int, p *Point, has func(string) bool) error {
	for _, f := range []struct {
		name string
		v    float64
	}{{"p50_ns", b.P50NS}, {"p95_ns", b.P95NS}, {"ns_per_entity", b.NSPerEntity}, {"ns_per_entity_lo", b.NSPerEntityLo},
		{"ns_per_entity_hi", b.NSPerEntityHi}, {"bytes_per_entity", b.BytesPerEntity},
		{"working_set_bytes", b.WorkingSetBytes}, {"allocs_per_frame", b.AllocsPerFrame},
		{"gc_cpu_ns_per_frame", b.GCCPUNSPerFrame}, {"gc_cycles_per_1000_frames", b.GCCyclesPer1000},
		{"gc_pause_ns_per_frame", b.GCPauseNSPerFrame}, {"p99_with_gc_ns", b.P99WithGCNS},
		{"address_span_bytes", b.SpanBytes}} {
		if !finiteNonNeg(f.v) {
			return fmt.Errorf("backings[%d] (%s): %s = %v (want a finite figure, 0 or more)", j, b.Name, f.name, f.v)
		}
	}
	for _, f := range []struct {
		name string
		n    int
	}{{"fork_ns_per_entity", len(b.ForkNSPerEntity)}, {"fork_ns_per_entity_lo", len(b.ForkNSPerEntityLo)},
		{"fork_ns_per_entity_hi", len(b.ForkNSPerEntityHi)}} {
		if err := checkForkFigures(f.name, f.n, max(1, p.Forks)); err != nil {
			return fmt.Errorf("backings[%d] (%s): %w", j, b.Name, err)
		}
	}
	if n := len(b.ForkGCCPUNSPerFrame); n > 0 && n != max(1, p.Forks) {
		return fmt.Errorf("backings[%d] (%s): fork_gc_cpu_ns_per_frame: %d figures for %d forks", j, b.Name, n, max(1, p.Forks))
	}
	for _, x := range b.ForkGCCPUNSPerFrame {
		if !finiteNonNeg(x) {
			return fmt.Errorf("backings[%d] (%s): fork_gc_cpu_ns_per_frame: %v (want finite figures, 0 or more)", j, b.Name, x)
		}
	}
	if b.Ratio != nil {
		if err := b.Ratio.validate(has); err != nil {
			return fmt.Errorf("backings[%d] (%s): ratio: %w", j, b.Name, err)
		}
	}
	if err := b.validateConditions(p); err != nil {
		return fmt.Errorf("backings[%d] (%s): %w", j, b.Name, err)
	}
	return nil
}

// validateConditions checks the counts of frames and the pages b recorded at point p.
func (b *PointBacking) validateConditions(p *Point) error {
	forks := max(1, p.Forks)
	switch {
	case b.MeasuredFrames < 0 || b.MeasuredFrames > p.Frames:
		return fmt.Errorf("measured_frames: %d (want 0 to the point's %d frames)", b.MeasuredFrames, p.Frames)
	case b.Interrupted < 0 || b.Interrupted > b.MeasuredFrames:
		return fmt.Errorf("interrupted_frames: %d (want 0 to measured_frames, %d)", b.Interrupted, b.MeasuredFrames)
	case b.Pages != nil && b.ForkPages != nil:
		return fmt.Errorf("pages and fork_pages: both present (want one: pages for a point of one fork)")
	case b.ForkPages != nil && len(b.ForkPages) != forks:
		return fmt.Errorf("fork_pages: %d records for %d forks", len(b.ForkPages), forks)
	case b.Pages != nil && forks > 1:
		return fmt.Errorf("pages: a single record at a point of %d forks (want fork_pages)", forks)
	case b.FrameCPU != nil && b.ForkFrameCPU != nil:
		return fmt.Errorf("frame_cpu and fork_frame_cpu: both present (want one: frame_cpu for a point of one fork)")
	case b.ForkFrameCPU != nil && len(b.ForkFrameCPU) != forks:
		return fmt.Errorf("fork_frame_cpu: %d records for %d forks", len(b.ForkFrameCPU), forks)
	case b.FrameCPU != nil && forks > 1:
		return fmt.Errorf("frame_cpu: a single record at a point of %d forks (want fork_frame_cpu)", forks)
	}
	for k, c := range b.FrameCPUs() {
		if c.CPU < -1 || c.CPU >= 1<<16 {
			return fmt.Errorf("frame_cpu (fork %d): cpu %d (want -1 for none, or a CPU's number)", k+1, c.CPU)
		}
	}
	if b.Pages != nil {
		if err := b.Pages.validate(false); err != nil {
			return fmt.Errorf("pages: %w", err)
		}
	}
	for k := range b.ForkPages {
		if err := b.ForkPages[k].validate(true); err != nil {
			return fmt.Errorf("fork_pages[%d]: %w", k, err)
		}
	}
	return nil
}

// Measured reports whether b has figures: its worker did not fail before its frames
// were summarised.
func (b *PointBacking) Measured() bool { return b.NSPerEntity > 0 }

// sweepCSVHeader names the columns of the sweep's CSV file.
var sweepCSVHeader = []string{"param", "value", "backing", "entities", "frames", "rounds", "p50_ns", "p95_ns",
	"ns_per_entity", "ns_per_entity_lo", "ns_per_entity_hi", "bytes_per_entity", "working_set_bytes",
	"allocs_per_frame", "ratio_vs", "ratio", "ratio_lo", "ratio_hi", "error"}

// sweepGCCSVHeader names the columns of the collector's figures and the address span
// (see PointBacking), last in every row, so that the columns before them keep the
// places they had in older files.
var sweepGCCSVHeader = []string{"gc_cpu_ns_per_frame", "gc_cycles", "gc_cycles_per_1000_frames",
	"gc_pause_ns_per_frame", "p99_with_gc_ns", "address_span_bytes"}

// sweepSimCSVHeader names the columns a sweep with simulated misses adds (see
// SimSummary), after the error column so that the others keep their places.
var sweepSimCSVHeader = []string{"sim_d1_misses_per_entity", "sim_ll_misses_per_entity",
	"sim_d1_misses_per_frame", "sim_ll_misses_per_frame", "sim_instructions_per_frame", "sim_note"}

// sweepPagesCSVHeader names the columns a sweep of the page mode (PagesParam) adds,
// last: the page mode of the row's point, and the share of the backing's heap that
// sat in huge pages there, the lowest over its forks (empty where none was measured).
var sweepPagesCSVHeader = []string{"pages", "huge_share"}

// hugeShareCell is the lowest share of b's heap in huge pages over its forks, empty
// where none was measured.
func hugeShareCell(b *PointBacking) string {
	lo, _, ok := hugeShareRange(b.PagesByFork(), 0, 0, false)
	if !ok {
		return ""
	}
	return strconv.FormatFloat(lo, 'g', 4, 64)
}

// WriteSweepCSV writes one row per point per backing (a skipped point: one row, with
// the reason in the error column), the long format a spreadsheet pivots. A sweep
// that asked for simulated misses has their columns too, empty where there are none;
// a sweep of the page mode, the page mode and share of huge pages of each row.
func WriteSweepCSV(w io.Writer, s *Sweep) error {
	cw := csv.NewWriter(w)
	sim := s.Counters.Simulated != nil
	header := slices.Clone(sweepCSVHeader)
	if sim {
		header = append(header, sweepSimCSVHeader...)
	}
	header = append(header, sweepGCCSVHeader...)
	pages := s.Param == PagesParam
	if pages {
		header = append(header, sweepPagesCSVHeader...)
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }
	for _, p := range s.Points {
		head := []string{textCell(s.Param), strconv.FormatInt(p.Value, 10)}
		if p.Skipped != "" {
			row := append(head, make([]string, len(sweepCSVHeader)-3)...)
			row = append(row, textCell("skipped: "+p.Skipped))
			if sim {
				row = append(row, make([]string, len(sweepSimCSVHeader))...)
			}
			row = append(row, make([]string, len(sweepGCCSVHeader))...)
			if pages {
				row = append(row, textCell(s.PointPages(&p)), "")
			}
			if err := cw.Write(row); err != nil {
				return err
			}
			continue
		}
		for _, b := range p.Backings {
			row := append(slices.Clone(head), textCell(b.Name), strconv.Itoa(p.Entities), strconv.Itoa(p.Frames), strconv.Itoa(p.Rounds),
				f(b.P50NS), f(b.P95NS), f(b.NSPerEntity), f(b.NSPerEntityLo), f(b.NSPerEntityHi),
				f(b.BytesPerEntity), f(b.WorkingSetBytes), f(b.AllocsPerFrame), "", "", "", "", textCell(b.Error))
			if q := b.Ratio; q != nil {
				row[14], row[15], row[16], row[17] = textCell(q.Vs), f(q.Median), f(q.Lo), f(q.Hi)
			}
			if sim {
				fp := func(x *float64) string {
					if x == nil {
						return ""
					}
					return f(*x)
				}
				row = append(row, fp(b.SimD1MissesPerEntity), fp(b.SimLLMissesPerEntity), fp(b.SimD1MissesPerFrame),
					fp(b.SimLLMissesPerFrame), fp(b.SimInstructionsPerFrame), textCell(b.SimNote))
			}
			span := ""
			if b.SpanBytes > 0 {
				span = f(b.SpanBytes)
			}
			row = append(row, f(b.GCCPUNSPerFrame), strconv.FormatUint(b.GCCycles, 10), f(b.GCCyclesPer1000),
				f(b.GCPauseNSPerFrame), f(b.P99WithGCNS), span)
			if pages {
				row = append(row, textCell(s.PointPages(&p)), hugeShareCell(&b))
			}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
