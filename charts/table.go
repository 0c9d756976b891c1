package charts

import (
	"cmp"
	"image/color"
	"slices"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// Table is the summary table as every view shows it: formatted cells, fastest
// backing first, failed backings last with their partial figures and their error.
type Table struct {
	Columns []string
	Rows    []Row
}

// Row is one backing's line of the summary table.
type Row struct {
	Backing string
	Color   color.NRGBA
	Cells   []string // one per column; Cells[0] is the backing's name
	Error   string   // why the backing failed, if it did
}

// The summary table's columns. Numbers right-align; the name and the error do not.
var tableColumns = []string{
	"backing", "p50 frame", "p99 frame", "p99 with GC", "× slower than best (95% CI)",
	"allocs/frame", "GC/frame", "GCs/1k frames", "bytes/entity", "load time", "misses/frame",
	"interrupted", "huge pages",
}

// ForkColumn is the summary table's column of the spread between forks, shown after
// the ratio when the run had more than one.
const ForkColumn = "fork spread"

// forkAt is where ForkColumn goes: just after the ratio.
var forkAt = slices.Index(tableColumns, "× slower than best (95% CI)") + 1

// SummaryTable returns the run's summary table.
func SummaryTable(r *result.Run) Table {
	order := fastestFirst(r)
	t := Table{Columns: tableColumns}
	if r.NumForks() > 1 {
		t.Columns = slices.Insert(slices.Clone(tableColumns), forkAt, ForkColumn)
	}
	best := "" // none where the clock could not time some backing's frames
	if len(order) > 0 && okBacking(&r.Backings[order[0]], r.Warmup) && r.UnresolvedText() == "" {
		best = r.Backings[order[0]].Name
	}
	for _, i := range order {
		b := &r.Backings[i]
		t.Rows = append(t.Rows, Row{Backing: b.Name, Color: Color(b.Name), Cells: cells(r, b, best), Error: b.Error})
	}
	addSimColumn(r, &t)
	return t
}

// okBacking reports whether b finished and measured frames after warm-up, so that
// its summary is a full one.
func okBacking(b *result.Backing, warmup int) bool {
	return b.Error == "" && len(b.Frames.NS) > warmup
}

// fastestFirst orders the backings by median frame time; backings without a full
// summary follow, in run order, so a partial figure never poses as the best.
func fastestFirst(r *result.Run) []int {
	idx := make([]int, len(r.Backings))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		ba, bb := &r.Backings[a], &r.Backings[b]
		oa, ob := okBacking(ba, r.Warmup), okBacking(bb, r.Warmup)
		switch {
		case oa && ob:
			return cmp.Compare(ba.Summary.P50NS, bb.Summary.P50NS)
		case oa:
			return -1
		case ob:
			return 1
		}
		return 0
	})
	return idx
}

// cells formats one backing's row. Frame figures need at least one frame after
// warm-up; load figures need a load that was timed; counters need counters.
func cells(r *result.Run, b *result.Backing, best string) []string {
	s := &b.Summary
	measured := len(b.Frames.NS) > r.Warmup && (s.Measured > 0 || r.Schema == result.SchemaV1)
	na := "n/a"
	p50, p99, withGC, allocs, gc, gcRate, misses, interrupted := na, na, na, na, na, na, na, na
	if measured {
		p50, p99 = TimeCell(r, b, s.P50NS), TimeCell(r, b, s.P99NS)
		withGC, interrupted = WithGCCell(b), InterruptedCell(b)
		allocs = units.Count(s.AllocsPerFrame)
		gc, gcRate = GCCell(b), GCRateCell(b)
		if s.MemMissesPerFrame != nil {
			misses = units.Count(*s.MemMissesPerFrame)
		}
	}
	perEntity, load := na, na
	if b.Load.Entities > 0 {
		perEntity = units.Bytes(b.Load.BytesPerEntity)
	}
	if b.Load.NS > 0 {
		load = units.Duration(float64(b.Load.NS))
	}
	row := []string{b.Name, p50, p99, withGC, ratioCell(r, b.Name, best), allocs, gc, gcRate, perEntity, load, misses,
		interrupted, HugePagesCell(b)}
	if r.NumForks() > 1 {
		row = slices.Insert(row, forkAt, ForkCell(b))
	}
	return row
}

// ForkCell is how far apart the medians of a backing's forks lie, as a share of the
// typical one ((max − min) / median: "3.1%"), and "two modes" when two forks' own
// intervals do not overlap; n/a with fewer than two forks that measured frames.
func ForkCell(b *result.Backing) string {
	s := &b.Summary
	n := 0
	for _, x := range s.ForkP50NS {
		if x > 0 {
			n++
		}
	}
	if n < 2 {
		return "n/a"
	}
	c := strings.TrimPrefix(units.Percent(1+s.ForkSpread), "+")
	if s.ForkModes {
		c += " two modes"
	}
	return c
}

// ModesMark is what a ratio's cell adds when its forks found two modes.
func ModesMark(q *result.Ratio) string {
	if q.ForkModes {
		return " two modes"
	}
	return ""
}

// ratioCell formats how much slower name is than best, with the interval, from the
// run's ratios: "7.84× (7.71–7.98)", marked "n.s." when the interval does not rule
// out no difference. A ratio against another backing says which.
func ratioCell(r *result.Run, name, best string) string {
	if name == best {
		return "best"
	}
	var found *result.Ratio
	for i := range r.Ratios {
		q := &r.Ratios[i]
		if q.Backing == name && (q.Vs == best || found == nil) {
			found = q
		}
	}
	if b := r.Backing(name); found == nil && b != nil && b.Summary.Measured > 0 && r.UnresolvedText() != "" {
		return "cannot tell"
	}
	if found == nil {
		return "n/a"
	}
	s := units.RatioCI(found.Median, found.Lo, found.Hi, found.Range, found.Significant) + ModesMark(found)
	if found.Vs != best {
		s += " vs " + found.Vs
	}
	return s
}

// TimeCell is a frame time of backing b as a table shows it: the figure, or, below
// result.ResolveSteps steps of the clock that timed b's frames, "< " that much (a
// time the clock cannot tell from a few of its ticks: never "0 ns"); "n/a" for a 0 ns
// the file does not say the clock of.
func TimeCell(r *result.Run, b *result.Backing, ns float64) string {
	c := r.Timer.Reading(&b.Frames)
	switch {
	case c != nil && ns < result.ResolveSteps*c.ResolutionNS:
		return "< " + units.Duration(result.ResolveSteps*c.ResolutionNS)
	case ns <= 0 && r.Unresolved(b):
		return "n/a"
	}
	return units.Duration(ns)
}
