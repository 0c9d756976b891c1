package cli

import (
	"fmt"
	"slices"
	"strings"

	"localitylab/charts"
	"localitylab/internal/units"
	"localitylab/lab/callgrind"
	"localitylab/lab/result"
)

// addSimColumns inserts the simulated misses (charts.SimColumn) after misses/frame in
// the table's rows (rows[0] the header, then the backings in order) when the run asked
// for them; a terminal has the room to keep misses/frame beside it, with its n/a.
func addSimColumns(r *result.Run, rows [][]string, order []int) [][]string {
	if r.Counters.Simulated == nil {
		return rows
	}
	at := slices.Index(rows[0], charts.SimAfter) + 1
	rows[0] = slices.Insert(rows[0], at, charts.SimColumn)
	for k, i := range order {
		rows[k+1] = slices.Insert(rows[k+1], at, charts.SimCell(&r.Backings[i].Summary))
	}
	return rows
}

// simNotes say how the simulated misses were counted, and why where the caches
// simulated are not the machine's as reported. Per backing they say what the misses
// were per frame, or why there are none. Where the machine counts no misses and none
// were simulated, they say how to get them on this system, or that they cannot be
// had here.
func simNotes(r *result.Run) []string {
	sim := r.Counters.Simulated
	if sim == nil {
		if r.Counters.Enabled && !r.CountedMisses() {
			if u := callgrind.Unsupported(); u != "" {
				return []string{"No misses were counted: this machine offers no hardware counters for them. " + u + "."}
			}
			return []string{"No misses were counted: this machine offers no hardware counters for them. -counters sim simulates them with Valgrind's Callgrind (slow: every backing loads again under the simulator)."}
		}
		return nil
	}
	if sim.Note != "" {
		return []string{"Simulated misses: none: " + sim.Note + "."}
	}
	notes := []string{fmt.Sprintf("Simulated misses: not counted by the CPU but by a model of its caches (%s; D1 %s, LL %s, from the system's cache sizes), "+
		"fed every load and store of %d frames of each backing after %d warm-up frames, run again after the measured ones in a worker under the simulator. "+
		"It models no prefetcher, no TLB and no overlap of misses: these are the misses the layout causes, not the time they cost.",
		sim.Tool, charts.SimCacheText(sim.D1), charts.SimCacheText(sim.LL), sim.Frames, sim.Warmup)}
	notes = append(notes, charts.SimGeometryNotes(sim)...)
	for _, b := range r.Backings {
		s := &b.Summary
		switch {
		case s.HasSim():
			notes = append(notes, fmt.Sprintf("  %s: per frame %s D1 misses (%s to %s over the frames), %s LL misses, %s instructions.", b.Name,
				units.Count(*s.SimD1MissesPerFrame), units.Count(s.SimD1Range[0]), units.Count(s.SimD1Range[1]),
				units.Count(*s.SimLLMissesPerFrame), units.Count(*s.SimInstructionsPerFrame)))
		case s.SimNote != "":
			notes = append(notes, fmt.Sprintf("  %s: no simulated misses: %s.", b.Name, termSafe(s.SimNote)))
		}
	}
	return notes
}

// sweepSimNote says how a sweep's simulated misses were counted, or why there are
// none; "" when none were asked for.
func sweepSimNote(s *result.Sweep) string {
	sim := s.Counters.Simulated
	switch {
	case sim == nil:
		return ""
	case sim.Note != "":
		return "Simulated misses: none: " + sim.Note + "."
	}
	return strings.Join(append([]string{fmt.Sprintf("simulated misses/entity: first-level (D1) and last-level (LL) data misses per entity of a model of the caches "+
		"(%s; D1 %s, LL %s), fed every load and store of %d frames after %d warm-up, the point's world loaded again under the simulator "+
		"after the sweep; no prefetcher, TLB or overlap of misses is modelled: the misses the layout causes, not the time they cost.",
		sim.Tool, charts.SimCacheText(sim.D1), charts.SimCacheText(sim.LL), sim.Frames, sim.Warmup)}, charts.SimGeometryNotes(sim)...), " ")
}
