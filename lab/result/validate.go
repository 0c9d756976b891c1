package result

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"unicode/utf8"

	"localitylab/internal/backingnames"
	"localitylab/internal/units"
)

// A saved run is checked against itself before anything is sized from it: the charts
// lay out an axis of Frames frames and the tables a row per backing, so a file whose
// frames say a billion would have them allocate gigabytes. The limits are those of
// the lab that writes the files, so that every run it saves reads back.
const (
	// MaxFrames is the longest run the lab measures (lab.MaxFrames is this one).
	MaxFrames = 100_000
	// MaxBackings is the most backings one run compares, defined with the names of
	// the backings.
	MaxBackings = backingnames.MaxPerRun
	// MaxTitle bounds a run's title in characters: a preset's title, which is one
	// line in the picker (presets take the same limit).
	MaxTitle = 200
)

// Validate checks that r is a run this code can show, whole, before any of it is
// used. Its fields must be in range and its backings named once each. Each backing's
// series holds one value per frame it ran, within the run's frames and rounds. Times
// and figures are finite and not negative, and the rounds follow one another. Errors
// name the field. It checks what a run says of itself; which workloads and backings
// this binary knows is for the caller to check (package lab).
func (r *Run) Validate() error {
	v1 := r.Schema == SchemaV1
	if r.Schema != Schema && !v1 {
		return fmt.Errorf("schema: %q is not %q", r.Schema, Schema)
	}
	if err := checkTitle(r.Title); err != nil {
		return err
	}
	if r.Workload == "" {
		return errors.New("workload: empty")
	}
	if len(r.Params) > MaxParams {
		return fmt.Errorf("params: %d (at most %d)", len(r.Params), MaxParams)
	}
	if r.Frames < 1 || r.Frames > MaxFrames {
		return fmt.Errorf("frames: %d is out of range (want 1 to %d)", r.Frames, MaxFrames)
	}
	if r.Warmup < 0 || r.Warmup >= r.Frames {
		return fmt.Errorf("warmup: %d is out of range (want 0 to frames-1 = %d)", r.Warmup, r.Frames-1)
	}
	if err := checkNames("backings", len(r.Backings), func(i int) string { return r.Backings[i].Name }); err != nil {
		return err
	}
	switch {
	case v1 && (r.Cache != "" || r.Rounds != nil):
		return errors.New("cache, rounds: set in a version 1 file")
	case !v1 && r.Cache != Warm && r.Cache != Cold:
		return fmt.Errorf("cache: %q (want %q or %q)", r.Cache, Warm, Cold)
	}
	ran, err := r.validateRounds()
	if err != nil {
		return err
	}
	if err := r.validateForks(); err != nil {
		return err
	}
	if err := r.Host.validate(); err != nil {
		return err
	}
	if sim := r.Counters.Simulated; sim != nil {
		if err := sim.validate(); err != nil {
			return err
		}
	}
	if a := r.LoadAverage; a != nil {
		if err := a.validate(); err != nil {
			return err
		}
	}
	if err := r.Probe.Validate(); err != nil {
		return err
	}
	if t := r.Timer; t != nil {
		if err := t.Validate(); err != nil {
			return err
		}
	}
	for i := range r.Backings {
		b := &r.Backings[i]
		if err := b.validate(r.Frames, r.NumForks(), v1); err != nil {
			return fmt.Errorf("backings[%d] (%s): %w", i, b.Name, err)
		}
		if !v1 && b.Frames.Len() > ran {
			return fmt.Errorf("backings[%d] (%s): %d frames, the rounds ran %d", i, b.Name, b.Frames.Len(), ran)
		}
		if b.ForkLoadNS != nil && len(b.ForkLoadNS) != len(r.Forks) {
			return fmt.Errorf("backings[%d] (%s): fork_load_ns: %d values for %d forks", i, b.Name, len(b.ForkLoadNS), len(r.Forks))
		}
	}
	return r.validateRatios()
}

// checkTitle refuses a title too long to be one.
func checkTitle(title string) error {
	if n := utf8.RuneCountInString(title); n > MaxTitle {
		return fmt.Errorf("title: %d characters (at most %d)", n, MaxTitle)
	}
	return nil
}

// checkNames checks a list of n backing names (name(i)): one to MaxBackings, none
// empty, none twice.
func checkNames(field string, n int, name func(int) string) error {
	if n < 1 || n > MaxBackings {
		return fmt.Errorf("%s: %d (want 1 to %d)", field, n, MaxBackings)
	}
	for i := range n {
		if name(i) == "" {
			return fmt.Errorf("%s[%d]: no name", field, i)
		}
		for j := range i {
			if name(j) == name(i) {
				return fmt.Errorf("%s[%d]: %q is also %s[%d] (each backing once)", field, i, name(i), field, j)
			}
		}
	}
	return nil
}

// validateRounds checks that the rounds follow one another from frame 0, each a
// burst of one or more frames run by distinct backings, and returns the frames they
// ran.
func (r *Run) validateRounds() (int, error) {
	next := 0
	for k, rd := range r.Rounds {
		if rd.First != next || rd.Frames < 1 || rd.Frames > r.Frames-rd.First {
			return 0, fmt.Errorf("rounds[%d]: frames %d to %d (want from %d, within the run's %d)",
				k, rd.First, rd.First+rd.Frames-1, next, r.Frames)
		}
		seen := make([]bool, len(r.Backings))
		for _, b := range rd.Order {
			if b < 0 || b >= len(r.Backings) || seen[b] {
				return 0, fmt.Errorf("rounds[%d].order: %v is not a list of distinct backings", k, rd.Order)
			}
			seen[b] = true
		}
		next += rd.Frames
	}
	return next, nil
}

func (b *Backing) validate(frames, forks int, v1 bool) error {
	s := &b.Frames
	n := len(s.NS)
	if n > frames {
		return fmt.Errorf("frames.ns: %d values for a run of %d frames", n, frames)
	}
	cols := []struct {
		name string
		len  int
		opt  bool // a counter column: null or one value per frame
	}{
		{"allocs", len(s.Allocs), false}, {"alloc_bytes", len(s.AllocBytes), false},
		{"heap_bytes", len(s.HeapBytes), false}, {"rss_bytes", len(s.RSSBytes), false},
		{"gc_cycles", len(s.GCCycles), false}, {"gc_pause_ns", len(s.GCPauseNS), false},
		{"gc_wait_ns", len(s.GCWaitNS), v1}, {"gc_cpu_ns", len(s.GCCPUNS), v1},
		{"checksum", len(s.Checksum), false},
		{"instructions", len(s.Instructions), true}, {"cycles", len(s.Cycles), true},
		{"mem_misses", len(s.MemMisses), true},
		{"lookups", len(s.Lookups), true}, {"lookup_ns", len(s.LookupNS), true},
		{"wall_ns", len(s.WallNS), true}, {"switches", len(s.Switches), true},
	}
	for _, c := range cols {
		if c.len != n && !(c.opt && c.len == 0) {
			return fmt.Errorf("frames.%s: %d values, frames.ns has %d", c.name, c.len, n)
		}
	}
	if (s.Instructions == nil) != (s.Cycles == nil) || (s.Instructions == nil && s.MemMisses != nil) {
		return errors.New("frames: instructions and cycles must both be null or both present, and mem_misses null without them")
	}
	if (s.Lookups == nil) != (s.LookupNS == nil) {
		return errors.New("frames: lookups and lookup_ns must both be absent or both present")
	}
	if s.WallNS == nil && s.Switches != nil {
		return errors.New("frames: switches without wall_ns (switches are counted only beside a CPU time)")
	}
	for i, ns := range s.NS {
		if ns < 0 {
			return fmt.Errorf("frames.ns[%d]: %d (a frame takes 0 ns or more)", i, ns)
		}
	}
	for i, ns := range s.WallNS {
		if ns < 0 {
			return fmt.Errorf("frames.wall_ns[%d]: %d (a frame takes 0 ns or more)", i, ns)
		}
	}
	for i, c := range s.Checksum {
		if !isChecksum(c) {
			return fmt.Errorf("frames.checksum[%d]: %q is not 16 hex digits", i, c)
		}
	}
	if err := b.Load.validate(); err != nil {
		return fmt.Errorf("load: %w", err)
	}
	if err := b.Summary.validate(frames); err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	if err := checkForkFigures("summary: fork_p50_ns", len(b.Summary.ForkP50NS), forks); err != nil {
		return err
	}
	return b.validateConditions(forks)
}

// phaseKinds are the kinds of load phase (see Phase).
var phaseKinds = []string{"building", "fixed", "setup"}

func (l *Load) validate() error {
	switch {
	case l.NS < 0:
		return fmt.Errorf("ns: %d (want 0 or more)", l.NS)
	case l.SetupNS < 0:
		return fmt.Errorf("setup_ns: %d (want 0 or more)", l.SetupNS)
	case l.Entities < 0:
		return fmt.Errorf("entities: %d (want 0 or more)", l.Entities)
	case !finiteNum(l.BytesPerEntity):
		return fmt.Errorf("bytes_per_entity: %v (want a finite figure)", l.BytesPerEntity)
	}
	if len(l.Phases) > MaxPhases {
		return fmt.Errorf("phases: %d (at most %d)", len(l.Phases), MaxPhases)
	}
	for i, p := range l.Phases {
		if !slices.Contains(phaseKinds, p.Kind) || p.NS < 0 {
			return fmt.Errorf("phases[%d]: %q of kind %q taking %d ns (want a kind of %v taking 0 ns or more)", i, p.Name, p.Kind, p.NS, phaseKinds)
		}
	}
	return nil
}

func (s *Summary) validate(frames int) error {
	if s.Measured < 0 || s.Measured > frames {
		return fmt.Errorf("measured_frames: %d (want 0 to the run's %d frames)", s.Measured, frames)
	}
	counts := []struct {
		name   string
		n, max int
	}{
		{"interrupted_frames", s.Interrupted, s.Measured}, {"wall_frames", s.WallFrames, s.Measured},
		{"gc_frames", s.GCFrames, frames},
	}
	for _, c := range counts {
		if c.n < 0 || c.n > c.max {
			return fmt.Errorf("%s: %d (want 0 to %d)", c.name, c.n, c.max)
		}
	}
	figures := []struct {
		name string
		v    *float64
	}{
		{"p50_ns", &s.P50NS}, {"p95_ns", &s.P95NS}, {"p99_ns", &s.P99NS}, {"max_ns", &s.MaxNS}, {"mean_ns", &s.MeanNS},
		{"allocs_per_frame", &s.AllocsPerFrame}, {"alloc_bytes_per_frame", &s.AllocBytesPerFrame},
		{"gc_wait_ns_per_frame", &s.GCWaitNSPerFrame}, {"gc_cpu_ns_per_frame", &s.GCCPUNSPerFrame},
		{"instructions_per_frame", s.InstructionsPerFrame}, {"cycles_per_frame", s.CyclesPerFrame},
		{"mem_misses_per_frame", s.MemMissesPerFrame},
		{"wall_p50_ns", &s.WallP50NS}, {"gc_cycles_per_1000_frames", &s.GCCyclesPer1000}, {"p99_with_gc_ns", &s.P99WithGCNS},
	}
	for _, f := range figures {
		if f.v != nil && !(finiteNum(*f.v) && *f.v >= 0) {
			return fmt.Errorf("%s: %v (want a finite figure, 0 or more)", f.name, *f.v)
		}
	}
	if err := s.validateSim(); err != nil {
		return err
	}
	if _, err := ParseChecksum(s.Checksum); s.Checksum != "" && err != nil {
		return fmt.Errorf("checksum: %q is not 16 hex digits", s.Checksum)
	}
	return nil
}

// validateRatios checks that each ratio compares two of the run's backings, one
// ratio a backing, with finite figures.
func (r *Run) validateRatios() error {
	has := func(name string) bool {
		return slices.ContainsFunc(r.Backings, func(b Backing) bool { return b.Name == name })
	}
	for i, q := range r.Ratios {
		if err := q.validate(has); err != nil {
			return fmt.Errorf("ratios[%d]: %w", i, err)
		}
		if err := checkForkFigures("fork_medians", len(q.ForkMedians), r.NumForks()); err != nil {
			return fmt.Errorf("ratios[%d]: %w", i, err)
		}
		if slices.ContainsFunc(r.Ratios[:i], func(p Ratio) bool { return p.Backing == q.Backing }) {
			return fmt.Errorf("ratios[%d]: a second ratio for %q", i, q.Backing)
		}
	}
	return nil
}

// validate checks a ratio of two backings that has names.
func (q *Ratio) validate(has func(string) bool) error {
	switch {
	case !has(q.Backing) || !has(q.Vs):
		return fmt.Errorf("%q vs %q: not the run's backings", q.Backing, q.Vs)
	case !finiteNonNeg(q.Median) || !finiteNonNeg(q.Lo) || !finiteNonNeg(q.Hi):
		return fmt.Errorf("%s vs %s: %v (%v–%v) (want finite figures, 0 or more)", q.Backing, q.Vs, q.Median, q.Lo, q.Hi)
	case q.Blocks < 0:
		return fmt.Errorf("%s vs %s: blocks %d", q.Backing, q.Vs, q.Blocks)
	}
	return nil
}

func finiteNum(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// finiteNonNeg: finite and 0 or more.
func finiteNonNeg(x float64) bool { return finiteNum(x) && x >= 0 }

// Bounds of a machine's facts: far beyond any machine's, so that a file that records
// more is not a machine's record.
const (
	maxCores      = 1 << 16 // CPUs one machine reports (the frame CPU's bound too)
	maxCacheLevel = 8
	maxCacheBytes = 1 << 40 // one cache: the largest hold a few hundred MiB (and a guest may be told of its host's, recorded as not used)
	maxLineBytes  = 4096    // a cache line: 64 or 128 bytes on today's CPUs
)

// validate checks the machine's facts: its cores (0: not recorded, as in the tests'
// synthetic runs) and its caches, each of a level, a size and a line a machine has.
func (h *Host) validate() error {
	if h.Cores < 0 || h.Cores > maxCores {
		return fmt.Errorf("host: cores: %d (want 1 to %d, or 0 where not recorded)", h.Cores, maxCores)
	}
	if len(h.Caches) > MaxCaches {
		return fmt.Errorf("host: caches: %d (at most %d)", len(h.Caches), MaxCaches)
	}
	for i, c := range h.Caches {
		if err := checkCache(c.Level, c.Bytes, c.LineBytes); err != nil {
			return fmt.Errorf("host: caches[%d]: %w", i, err)
		}
	}
	return nil
}

// checkCache checks one cache's level, size and line (0: not recorded).
func checkCache(level int, bytes int64, line int) error {
	switch {
	case level < 1 || level > maxCacheLevel:
		return fmt.Errorf("level %d (want 1 to %d)", level, maxCacheLevel)
	case bytes < 1 || bytes > maxCacheBytes:
		return fmt.Errorf("bytes %d (want 1 B to %s)", bytes, units.Bytes(maxCacheBytes))
	case line < 0 || line > maxLineBytes:
		return fmt.Errorf("line_bytes %d (want 0, not recorded, or up to %d)", line, maxLineBytes)
	}
	return nil
}

// checkForkFigures checks a list of per-fork figures: absent, or one per fork.
func checkForkFigures(name string, n, forks int) error {
	if n != 0 && n != forks {
		return fmt.Errorf("%s: %d figures for %d forks", name, n, forks)
	}
	return nil
}

// isChecksum reports whether c is 16 hex digits, as FormatChecksum writes them (and
// ParseChecksum reads them: this is its check, without the number, for the 600,000
// checksums of a long run).
func isChecksum(c string) bool {
	if len(c) != 16 {
		return false
	}
	ok := true
	for i := range 16 {
		ok = ok && hexDigit[c[i]]
	}
	return ok
}

// hexDigit holds the hex digits.
var hexDigit = func() (t [256]bool) {
	for _, c := range []byte("0123456789abcdefABCDEF") {
		t[c] = true
	}
	return t
}()
