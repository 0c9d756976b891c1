package class

import (
	"fmt"

	"localitylab/charts/classview"
	"localitylab/lab/result"
	"localitylab/presets"
)

// Chart is the class as every view draws it (charts.Class): the words and figures
// decided here, so that the drawers need neither this package nor the lessons.
func (c *Class) Chart() *classview.Class {
	m := &classview.Class{Heading: c.Heading(), Params: c.Params, Kind: c.Kind(), Sweep: c.Sweep,
		Differ: c.Differ, OneHost: c.OneHost, Order: c.Order, FiguresNote: c.FiguresNote(),
		Table: c.Table(), ChartTitle: c.ChartTitle(), Groups: c.Groups()}
	for _, mc := range c.Machines {
		m.Machines = append(m.Machines, mc.File)
	}
	for _, cl := range c.Claims {
		mcl := classview.Claim{Source: cl.Source, Text: cl.Text, Agreement: cl.Agreement}
		for _, a := range cl.Answers {
			mcl.Answers = append(mcl.Answers, classview.Answer{Verdict: a.Verdict, Full: a.Full})
		}
		m.Claims = append(m.Claims, mcl)
	}
	return m
}

// Table lays the class out a column per machine: its facts, its figures, and each
// claim's outcome on it, the machines where the claim holds drawn strong.
func (c *Class) Table() classview.Table {
	t := classview.Table{Columns: []string{""}, FiguresTitle: "p50 frame (95% interval)"}
	if c.Sweep {
		t.FiguresTitle = "cost per entity (95% interval)"
	}
	for _, m := range c.Machines {
		t.Columns = append(t.Columns, m.File)
	}
	for i, name := range FactNames() {
		row := classview.Row{Group: classview.GroupMachine, Name: name}
		for _, m := range c.Machines {
			row.Cells = append(row.Cells, m.Facts()[i])
		}
		t.Rows = append(t.Rows, row)
	}
	for _, b := range c.Backings {
		for _, v := range c.points() {
			row := classview.Row{Group: classview.GroupFigures, Name: c.FigureName(b, v)}
			for _, m := range c.Machines {
				f, _ := m.FigureOf(b, v)
				row.Cells = append(row.Cells, f.Text())
			}
			t.Rows = append(t.Rows, row)
		}
	}
	for k, cl := range c.Claims {
		row := classview.Row{Group: classview.GroupAnswers, Name: fmt.Sprintf("claim %d", k+1)}
		for _, a := range cl.Answers {
			row.Cells = append(row.Cells, a.Outcome.String())
			row.Strong = append(row.Strong, a.Outcome == presets.Holds)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// points are the values a figure is taken at: a sweep's, or the run's one (0).
func (c *Class) points() []int64 {
	if c.Sweep {
		return c.Values
	}
	return []int64{0}
}

// FigureName names a figure's row: "soa p50 frame", "soa at allocs 2" (per entity).
func (c *Class) FigureName(backing string, value int64) string {
	if !c.Sweep {
		return backing + " p50 frame"
	}
	return backing + " at " + c.Param + " " + c.valueName(value)
}

// valueName writes a sweep's value: its name where the sweep names its values.
func (c *Class) valueName(v int64) string {
	s := result.Sweep{Unit: c.Unit, Values: c.Values, Labels: c.Labels}
	return s.ValueName(v)
}

// FiguresNote says what the figures are and what their intervals are over.
func (c *Class) FiguresNote() string {
	if c.Sweep {
		return "Per entity: each point's median frame time over the entities loaded, with its 95% interval over the point's rounds, widened to hold each pass's own median, as the sweep kept it (a range below six rounds)."
	}
	return "p50 frame: the median of the backing's rounds' medians (a round: a burst of frames every backing ran in turn), with its 95% interval over those rounds (a range below six rounds)."
}

// Groups are the chart's groups of bars, one per figure row: a backing (a run) or a
// backing at one point (a sweep), each with a bar per machine.
func (c *Class) Groups() []classview.Group {
	var out []classview.Group
	for _, b := range c.Backings {
		for _, v := range c.points() {
			g := classview.Group{Label: b}
			if c.Sweep {
				g.Label = b + " " + c.valueName(v)
			}
			for _, m := range c.Machines {
				f, _ := m.FigureOf(b, v)
				g.Bars = append(g.Bars, classview.Bar{NS: f.NS, Lo: f.Lo, Hi: f.Hi, Missing: f.Missing})
			}
			out = append(out, g)
		}
	}
	return out
}

// ChartTitle is what the chart shows.
func (c *Class) ChartTitle() string {
	if c.Sweep {
		return "Cost per entity at each point, per machine"
	}
	return "p50 frame per backing, per machine"
}
