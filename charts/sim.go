package charts

import (
	"fmt"
	"slices"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// SimColumn heads a run's simulated misses (result.SimSummary) wherever its summary
// table is shown: first-level (D1) and last-level (LL) data misses per entity, the
// figure theory predicts (one line per 64 bytes streamed, about one per object chased
// beyond the cache), labelled simulated so that no one reads them as counted by the
// CPU. It follows the hardware's misses/frame, which stays first.
const SimColumn = "simulated misses/entity"

// SimAfter is the column the simulated one follows.
const SimAfter = "misses/frame"

// SimCell is a backing's simulated misses per entity, "D1 0.275, LL 0"; where there
// are none, the cell says so and the run's notes say why (SimSummary.SimNote).
func SimCell(s *result.Summary) string { return simCell(&s.SimSummary) }

func simCell(s *result.SimSummary) string {
	if !s.HasSim() || s.SimD1MissesPerEntity == nil || s.SimLLMissesPerEntity == nil {
		return "n/a (see notes)"
	}
	return "D1 " + simFigure(*s.SimD1MissesPerEntity) + ", LL " + simFigure(*s.SimLLMissesPerEntity)
}

// simFigure shows a figure that is often below one with three significant digits.
func simFigure(v float64) string {
	if v >= 100 {
		return units.Count(v)
	}
	return fmt.Sprintf("%.3g", v)
}

// addSimColumn puts the simulated misses into t when the run asked for them: after
// misses/frame where a backing has hardware counts, in its place where none has (its
// cells would all read n/a), so that the slide's table keeps its width.
func addSimColumn(r *result.Run, t *Table) {
	if r.Counters.Simulated == nil {
		return
	}
	at := slices.Index(t.Columns, SimAfter)
	replace := !r.CountedMisses()
	cols := slices.Clone(t.Columns)
	if replace {
		cols[at] = SimColumn
	} else {
		at++
		cols = slices.Insert(cols, at, SimColumn)
	}
	t.Columns = cols
	for i := range t.Rows {
		row := &t.Rows[i]
		for k := range r.Backings {
			if r.Backings[k].Name != row.Backing {
				continue
			}
			c := SimCell(&r.Backings[k].Summary)
			if replace {
				row.Cells[at] = c
			} else {
				row.Cells = slices.Insert(row.Cells, at, c)
			}
		}
	}
}

// SimText says, for a run's record, how its simulated misses were counted and what
// the model leaves out, or why there are none; "" when none were asked for.
func SimText(r *result.Run) string {
	sim := r.Counters.Simulated
	if sim == nil {
		return ""
	}
	if sim.Note != "" {
		return "asked for, none: " + sim.Note
	}
	s := fmt.Sprintf("by %s, D1 %s, LL %s (the system's cache sizes), %d frames of each backing after %d warm-up, "+
		"in a worker of its own after the measured frames; no prefetcher, TLB or overlap of misses is modelled",
		sim.Tool, simCache(sim.D1), simCache(sim.LL), sim.Frames, sim.Warmup)
	for _, n := range SimGeometryNotes(sim) {
		s += "; " + strings.TrimSuffix(n, ".")
	}
	for _, b := range r.Backings {
		if n := b.Summary.SimNote; n != "" && !b.Summary.HasSim() {
			s += "; " + b.Name + ": " + n
		}
	}
	return s
}

func simCache(c result.SimCache) string {
	return fmt.Sprintf("%s %d-way %d B lines", units.Bytes(float64(c.Bytes)), c.Ways, c.Line)
}

// addSweepSimColumns adds to a sweep's table by point one column per backing with
// its simulated misses per entity, when the sweep asked for them.
func addSweepSimColumns(s *result.Sweep, t *Table) {
	if s.Counters.Simulated == nil {
		return
	}
	for _, b := range s.Backings {
		t.Columns = append(t.Columns, b+" "+SimColumn)
	}
	for i, p := range s.Points {
		if i >= len(t.Rows) {
			break
		}
		for _, name := range s.Backings {
			cell := "n/a"
			for k := range p.Backings {
				if p.Backings[k].Name == name && p.Skipped == "" {
					cell = simCell(&p.Backings[k].SimSummary)
				}
			}
			t.Rows[i].Cells = append(t.Rows[i].Cells, cell)
		}
	}
}
