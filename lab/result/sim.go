package result

import "fmt"

// Simulated says how a run's simulated cache misses were counted: by which tool, with
// which caches, over how many frames of each backing. It is present when simulation
// was asked for, also where it could not be done (Note says why, and the backings'
// figures are absent).
//
// Simulated misses come from a model of the caches fed every load and store of the
// store's frame, run again after the measured frames in a worker of its own. They
// explain the measured times where the machine counts no misses. They are not
// measurements of the frames the times come from.
type Simulated struct {
	Tool   string   `json:"tool"` // "valgrind-3.19.0 --tool=callgrind --cache-sim=yes"
	D1     SimCache `json:"d1"`   // the first-level data cache simulated
	LL     SimCache `json:"ll"`   // the last-level cache simulated
	Warmup int      `json:"warmup_frames"`
	Frames int      `json:"frames"` // frames counted per backing, after the warm-up
	Note   string   `json:"note,omitempty"`
	// SetAside are the caches larger than LL that the system reported and the lab
	// did not use, each with why ("L3 480 MiB reported by the system, not used: …"):
	// LL is then the largest cache used. Absent where none was, and in older files.
	SetAside []string `json:"set_aside,omitempty"`
}

// SimCache is a simulated cache's geometry.
type SimCache struct {
	Bytes int64 `json:"bytes"`
	Ways  int   `json:"ways"`
	Line  int   `json:"line"`
	// Name is the machine's cache simulated ("L1d", "L3"); absent in older files.
	Name string `json:"name,omitempty"`
	// Reported is that cache as the system reported it, where Valgrind could not
	// simulate its shape (a set count not a power of two). This one was simulated in
	// its place: the same line and, where the lines divide so, the same size. Absent
	// where the two are the same, and in older files.
	Reported *SimCache `json:"reported,omitempty"`
}

// Sets is how many sets the cache has, 0 for a geometry that makes none.
func (c SimCache) Sets() int64 {
	if c.Ways <= 0 || c.Line <= 0 {
		return 0
	}
	return c.Bytes / int64(c.Ways*c.Line)
}

// validate checks a simulated-miss record's geometries and what the system reported
// beside them: sizes, ways and lines of 0 or more, one reported geometry at most.
func (s *Simulated) validate() error {
	bad := func(c SimCache) bool { return c.Bytes < 0 || c.Ways < 0 || c.Line < 0 }
	for i, c := range []SimCache{s.D1, s.LL} {
		if r := c.Reported; bad(c) || r != nil && (bad(*r) || r.Reported != nil) {
			return fmt.Errorf("counters: simulated: %s: %d bytes, %d ways, %d-byte lines, reported %+v (want 0 or more, and one reported geometry at most)",
				[...]string{"d1", "ll"}[i], c.Bytes, c.Ways, c.Line, r)
		}
	}
	return nil
}

// SimSummary is what the simulation counted for one backing, per frame of the frames
// it counted (Simulated.Frames) and per entity of the world. The figures are absent
// where the simulation was not asked for or failed, and then SimNote says why.
type SimSummary struct {
	SimD1MissesPerFrame     *float64 `json:"sim_d1_misses_per_frame,omitempty"`
	SimLLMissesPerFrame     *float64 `json:"sim_ll_misses_per_frame,omitempty"`
	SimD1MissesPerEntity    *float64 `json:"sim_d1_misses_per_entity,omitempty"`
	SimLLMissesPerEntity    *float64 `json:"sim_ll_misses_per_entity,omitempty"`
	SimInstructionsPerFrame *float64 `json:"sim_instructions_per_frame,omitempty"`
	// SimD1Range is the least and most first-level misses of any one counted frame,
	// so that a reader sees whether the frames agreed.
	SimD1Range []float64 `json:"sim_d1_misses_range,omitempty"`
	SimNote    string    `json:"sim_note,omitempty"`
}

// HasSim reports whether the backing has simulated figures.
func (s *SimSummary) HasSim() bool { return s.SimD1MissesPerFrame != nil }

// CountedMisses reports whether any backing of r has misses counted by the CPU's
// hardware counters, which the simulated ones stand beside, not in place of.
func (r *Run) CountedMisses() bool {
	for _, b := range r.Backings {
		if b.Summary.MemMissesPerFrame != nil {
			return true
		}
	}
	return false
}

func (s *SimSummary) validateSim() error {
	for _, f := range []struct {
		name string
		v    *float64
	}{
		{"sim_d1_misses_per_frame", s.SimD1MissesPerFrame}, {"sim_ll_misses_per_frame", s.SimLLMissesPerFrame},
		{"sim_d1_misses_per_entity", s.SimD1MissesPerEntity}, {"sim_ll_misses_per_entity", s.SimLLMissesPerEntity},
		{"sim_instructions_per_frame", s.SimInstructionsPerFrame},
	} {
		if f.v != nil && !(finiteNum(*f.v) && *f.v >= 0) {
			return fmt.Errorf("%s: %v (want a finite figure, 0 or more)", f.name, *f.v)
		}
	}
	if r := s.SimD1Range; r != nil && (len(r) != 2 || !finiteNum(r[0]) || !finiteNum(r[1]) || r[0] < 0 || r[0] > r[1]) {
		return fmt.Errorf("sim_d1_misses_range: %v (want the least and the most, 0 or more)", r)
	}
	return nil
}
