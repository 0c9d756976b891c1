package presets

import (
	"fmt"
	"slices"
	"strings"

	"localitylab/lab/result"
)

// simMisses says what the run's simulated misses were for a frame claim's two
// backings, per entity, beside what the source predicts: one miss per line streamed
// (at most bytes/entity ÷ the simulated line, 64 bytes on most machines, for a layout
// read front to back) and about one per object chased beyond the cache. "" when the run has no simulated figures for
// both.
func (c Claim) simMisses(r *result.Run) string {
	var parts, predict []string
	line := simLine(r.Counters.Simulated)
	for _, name := range []string{c.Slower, c.Faster} {
		b := r.Backing(name)
		if b == nil || !b.Summary.HasSim() || b.Summary.SimD1MissesPerEntity == nil || b.Summary.SimLLMissesPerEntity == nil {
			return ""
		}
		s := &b.Summary
		parts = append(parts, fmt.Sprintf("%s D1 %s, LL %s", name, fig(*s.SimD1MissesPerEntity), fig(*s.SimLLMissesPerEntity)))
		if b.Load.BytesPerEntity > 0 && r.Counters.Simulated != nil && r.Counters.Simulated.D1.Line > 0 {
			predict = append(predict, fmt.Sprintf("%s %s", name, fig(b.Load.BytesPerEntity/float64(line))))
		}
	}
	out := "Simulated misses per entity (Callgrind's model of the caches, not the CPU's count): " + strings.Join(parts, "; ") + "."
	if len(predict) == 2 {
		out += fmt.Sprintf(" The source predicts one miss per %d-byte line streamed (bytes/entity ÷ %d: ", line, line) + strings.Join(predict, ", ") +
			") and about one per object chased beyond the cache."
	}
	return out
}

// fig shows a per-entity figure with three significant digits.
func fig(v float64) string { return fmt.Sprintf("%.3g", v) }

// sweepSimMisses says, for the backings a sweep claim names, how their simulated misses
// per entity went from the first point that has them to the last, beside what the
// source predicts, so that a cliff or a growth is told with the misses that make it.
// "" when the sweep simulated none of them.
func (c Claim) sweepSimMisses(s *result.Sweep) string {
	if s.Counters.Simulated == nil {
		return ""
	}
	var names []string
	for _, n := range []string{c.Backing, c.Slower, c.Faster, c.Control} {
		if n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	var parts []string
	for _, name := range names {
		var sim []at
		for _, x := range measuredPoints(s, name) {
			if x.pb.SimD1MissesPerEntity != nil && x.pb.SimLLMissesPerEntity != nil {
				sim = append(sim, x)
			}
		}
		if len(sim) < 2 {
			continue
		}
		first, last := sim[0], sim[len(sim)-1]
		parts = append(parts, fmt.Sprintf("%s D1 %s → %s, LL %s → %s (%s to %s)", name,
			fig(*first.pb.SimD1MissesPerEntity), fig(*last.pb.SimD1MissesPerEntity),
			fig(*first.pb.SimLLMissesPerEntity), fig(*last.pb.SimLLMissesPerEntity),
			valueAt(s, first.value), s.ValueName(last.value)))
	}
	if len(parts) == 0 {
		return ""
	}
	return "Simulated misses per entity (Callgrind's model of the caches, not the CPU's count): " +
		strings.Join(parts, "; ") + fmt.Sprintf(". The source predicts one miss per %d-byte line streamed and ", simLine(s.Counters.Simulated)) +
		"about one per object chased once the objects no longer fit in the cache."
}

// simLine is the line of the simulated first-level cache, the line a streamed layout
// misses once per: 64 bytes where the record has none (a simulation that did not run
// has no figures to set beside it).
func simLine(sim *result.Simulated) int {
	if sim != nil && sim.D1.Line > 0 {
		return sim.D1.Line
	}
	return 64
}
