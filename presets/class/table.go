package class

import (
	"fmt"
	"image/color"

	"localitylab/internal/units"
)

// Table is the comparison as every view lays it out: a column per machine, a row per
// fact, per figure and per claim's verdict. Group names the part a row belongs to
// ("machine", "p50 frame", "cost per entity", "the lesson's answer"), so that a view
// can head or shade each part.
type Table struct {
	Columns []string // "", then each machine's file
	Rows    []TableRow
}

// TableRow is one row: its name and a cell per machine.
type TableRow struct {
	Group string
	Name  string
	Cells []string
}

// The table's groups.
const (
	GroupMachine = "machine"
	GroupFigures = "figures"
	GroupAnswers = "the lesson's answer"
)

// Table lays the class out a column per machine.
func (c *Class) Table() Table {
	t := Table{Columns: []string{""}}
	for _, m := range c.Machines {
		t.Columns = append(t.Columns, m.File)
	}
	for i, name := range FactNames() {
		row := TableRow{Group: GroupMachine, Name: name}
		for _, m := range c.Machines {
			row.Cells = append(row.Cells, m.Facts()[i])
		}
		t.Rows = append(t.Rows, row)
	}
	for _, b := range c.Backings {
		for _, v := range c.points() {
			row := TableRow{Group: GroupFigures, Name: c.FigureName(b, v)}
			for _, m := range c.Machines {
				f, _ := m.FigureOf(b, v)
				row.Cells = append(row.Cells, f.Text())
			}
			t.Rows = append(t.Rows, row)
		}
	}
	for k, cl := range c.Claims {
		row := TableRow{Group: GroupAnswers, Name: fmt.Sprintf("claim %d", k+1)}
		for _, a := range cl.Answers {
			row.Cells = append(row.Cells, a.Outcome.String())
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// GroupTitle is a group's heading where a view heads its rows: what the figures
// are, for the figures.
func (c *Class) GroupTitle(group string) string {
	if group != GroupFigures {
		return group
	}
	if c.Sweep {
		return "cost per entity (95% interval)"
	}
	return "p50 frame (95% interval)"
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
	return backing + " at " + c.Param + " " + units.ParamValue(float64(value), c.Unit)
}

// FiguresNote says what the figures are and what their intervals are over.
func (c *Class) FiguresNote() string {
	if c.Sweep {
		return "Per entity: each point's median frame time over the entities loaded, with its 95% interval over the point's rounds, widened to hold each pass's own median, as the sweep kept it (a range below six rounds)."
	}
	return "p50 frame: the median of the backing's rounds' medians (a round: a burst of frames every backing ran in turn), with its 95% interval over those rounds (a range below six rounds)."
}

// machineColors tell the machines apart on a chart, where each backing is a group
// and each machine a bar in it: distinct hues that stay apart for colour-blind
// readers (Okabe and Ito's palette), repeated past eight machines with their letter
// telling them apart.
var machineColors = []color.NRGBA{
	{0x00, 0x72, 0xB2, 0xFF}, {0xE6, 0x9F, 0x00, 0xFF}, {0x00, 0x9E, 0x73, 0xFF}, {0xCC, 0x79, 0xA7, 0xFF},
	{0x56, 0xB4, 0xE9, 0xFF}, {0xD5, 0x5E, 0x00, 0xFF}, {0x4D, 0x4D, 0x4D, 0xFF}, {0xF0, 0xE4, 0x42, 0xFF},
}

// MachineColor is machine i's colour on every chart of the class.
func MachineColor(i int) color.NRGBA { return machineColors[i%len(machineColors)] }

// Letter is machine i's short name on a chart: A, B, … Z, then AA.
func Letter(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return Letter(i/26-1) + Letter(i%26)
}

// Groups are the chart's groups of bars, one per figure row: a backing (a run) or a
// backing at one point (a sweep), each with a bar per machine.
func (c *Class) Groups() []Group {
	var out []Group
	for _, b := range c.Backings {
		for _, v := range c.points() {
			g := Group{Backing: b, Value: v, Label: b}
			if c.Sweep {
				g.Label = b + " " + units.ParamValue(float64(v), c.Unit)
			}
			for _, m := range c.Machines {
				f, _ := m.FigureOf(b, v)
				g.Bars = append(g.Bars, f)
			}
			out = append(out, g)
		}
	}
	return out
}

// Group is one group of bars on the chart.
type Group struct {
	Backing string
	Value   int64
	Label   string
	Bars    []Figure // one per machine; a bar with Missing set is not drawn
}

// Extent is the lowest interval end and the highest over the groups' figures (0, 0
// when none was measured).
func Extent(gs []Group) (lo, hi float64) {
	for _, g := range gs {
		for _, f := range g.Bars {
			if f.Missing != "" {
				continue
			}
			if lo == 0 || f.Lo < lo {
				lo = f.Lo
			}
			hi = max(hi, f.Hi)
		}
	}
	return lo, hi
}

// ChartTitle is what the chart shows.
func (c *Class) ChartTitle() string {
	if c.Sweep {
		return "Cost per entity at each point, per machine"
	}
	return "p50 frame per backing, per machine"
}
