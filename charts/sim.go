package charts

import (
	"fmt"
	"slices"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// SimColumns head a run's simulated misses (result.SimSummary) wherever its summary
// table is shown: per entity, the figure theory predicts (one line per 64 bytes
// streamed, about one per object chased beyond the cache), and labelled simulated so
// that no one reads them as counted by the CPU. They follow the hardware's
// misses/frame, which stays first.
var SimColumns = []string{"D1 misses/entity (simulated)", "LL misses/entity (simulated)"}

// SimAfter is the column the simulated ones follow.
const SimAfter = "misses/frame"

// SimCells are a backing's simulated misses per entity; where there are none, the
// cells say so and the run's notes say why (SimSummary.SimNote).
func SimCells(s *result.Summary) []string {
	if !s.HasSim() || s.SimD1MissesPerEntity == nil || s.SimLLMissesPerEntity == nil {
		return []string{"n/a (see notes)", "n/a (see notes)"}
	}
	return []string{simFigure(*s.SimD1MissesPerEntity), simFigure(*s.SimLLMissesPerEntity)}
}

// simFigure shows a figure that is often below one with three significant digits.
func simFigure(v float64) string {
	if v >= 100 {
		return units.Count(v)
	}
	return fmt.Sprintf("%.3g", v)
}

// addSimColumns inserts the simulated misses into t when the run asked for them.
func addSimColumns(r *result.Run, t *Table) {
	if r.Counters.Simulated == nil {
		return
	}
	at := slices.Index(t.Columns, SimAfter) + 1
	t.Columns = slices.Insert(slices.Clone(t.Columns), at, SimColumns...)
	for i := range t.Rows {
		row := &t.Rows[i]
		for k := range r.Backings {
			if r.Backings[k].Name == row.Backing {
				row.Cells = slices.Insert(row.Cells, at, SimCells(&r.Backings[k].Summary)...)
			}
		}
	}
}
