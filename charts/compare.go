package charts

import (
	"slices"
	"strconv"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/compare"
	"localitylab/lab/result"
)

// A comparison of two saved runs (package compare) is drawn as a run is: the row's
// charts, each with both runs on the same axes (the new run solid, the base dashed,
// each backing in its colour), over a table of what changed.

// compareColumns are the comparison table's columns.
var compareColumns = []string{
	"backing", "p50 base", "p50 new", "p99 base", "p99 new", "change (95% CI)", "p", "fork floor",
	"allocs/frame", "bytes/entity",
}

// CompareNote says how to read the comparison's change and p.
const CompareNote = "change: new / base typical frame time as a percentage (" + compare.Method +
	"); n.s. means not significant; fork floor: how far apart one run's forks' medians lay (the wider of the two runs), " +
	"none when neither run had two forks (a rerun may then differ by more than the interval)"

// CompareTable is the comparison as a table: one row per backing in both runs, in the
// new run's order.
func CompareTable(rep *compare.Report) Table {
	t := Table{Columns: compareColumns}
	for _, c := range rep.Backings {
		row := Row{Backing: c.Backing, Color: Color(c.Backing)}
		row.Cells = []string{c.Backing,
			duration(c.Base.P50NS), duration(c.New.P50NS), duration(c.Base.P99NS), duration(c.New.P99NS),
			changeCell(&c), pCell(&c), floorCell(&c),
			units.Count(c.Base.AllocsPerFrame) + " → " + units.Count(c.New.AllocsPerFrame),
			units.Bytes(c.Base.BytesPerEntity) + " → " + units.Bytes(c.New.BytesPerEntity)}
		switch {
		case c.Base.Error != "" && c.New.Error != "":
			row.Error = "in both runs: " + c.New.Error
		case c.Base.Error != "":
			row.Error = "in the base run: " + c.Base.Error
		case c.New.Error != "":
			row.Error = "in the new run: " + c.New.Error
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// changeCell is a backing's change, "-20.1% (-22.0% to -18.3%)", or n/a with no round
// to compare.
func changeCell(c *compare.Change) string {
	if c.Note != "" {
		return "n/a"
	}
	return units.Change(c.Ratio, c.Lo, c.Hi, c.Interval, c.Significant)
}

func pCell(c *compare.Change) string {
	switch {
	case c.Note != "":
		return "n/a"
	case c.P < 0.001:
		return "<0.001"
	}
	return strconv.FormatFloat(c.P, 'f', 3, 64)
}

// floorCell is the noise floor between forks, "±4.7%", or "none" when no run had two
// forks to measure it.
func floorCell(c *compare.Change) string {
	switch {
	case c.Note != "":
		return "n/a"
	case c.Floor == 0:
		return "none"
	}
	return "±" + strings.TrimPrefix(units.Percent(1+c.Floor), "+")
}

func duration(ns float64) string {
	if !(ns > 0) {
		return "n/a"
	}
	return units.Duration(ns)
}

// ComparePlot is chart m with both runs on the same axes: each backing's new series
// solid and its base series dashed, in the backing's colour. A chart of several
// lines per backing shows its first alone (the memory chart its live heap), since
// dashes already mean the base. The x axis spans the longer run; the new run's
// warm-up is shaded.
func ComparePlot(base, new *result.Run, m *Metric, o Options) Plot {
	if err := m.Check(); err != nil {
		panic(err)
	}
	pl := Plot{Metric: m, Frames: max(base.Frames, new.Frames), Warmup: new.Warmup, Hover: -1,
		Note: "solid: new · dashed: base"}
	first := m.Lines[0]
	if len(m.Lines) > 1 {
		pl.Note = first.What + " · " + pl.Note
	}
	var names []string
	for _, r := range []*result.Run{new, base} {
		for i := range r.Backings {
			b := &r.Backings[i]
			c := Color(b.Name)
			l := Line{Label: b.Name, Color: c, Values: first.Frames(&b.Frames)}
			if r == base {
				l.Label, l.Dashed = b.Name+" base", true
			}
			pl.Lines = append(pl.Lines, l)
			if !slices.Contains(names, b.Name) {
				names = append(names, b.Name)
				pl.Keys = append(pl.Keys, Key{Name: b.Name, Color: c})
			}
		}
	}
	if m.Budget {
		pl.Budget = BudgetNS(o.Budget)
	}
	if m.Typical != nil {
		pl.Log = o.Scale.Log(append(m.Typical(new), m.Typical(base)...))
	}
	return pl
}

// VsBaseColumn is the column the window's summary table gains while a saved run is
// shown as its base.
const VsBaseColumn = "vs base (95% CI)"

// AddVsBase returns t, a run's summary table, with a column saying how each backing's
// typical frame time changed against the base run that rep compares it with (rep's
// new run is t's); a backing the base did not measure reads "not in base".
func AddVsBase(t Table, rep *compare.Report) Table {
	out := Table{Columns: append(slices.Clone(t.Columns), VsBaseColumn)}
	for _, r := range t.Rows {
		cell := "not in base"
		for i := range rep.Backings {
			if c := &rep.Backings[i]; c.Backing == r.Backing {
				cell = changeCell(c)
			}
		}
		r.Cells = append(slices.Clone(r.Cells), cell)
		out.Rows = append(out.Rows, r)
	}
	return out
}
