// Package classview is a class's machines side by side as every view draws it: the
// slide, the page, the window's Class tab and the terminal. It is plain data, the
// words and figures already decided. The package that reads the machines' files
// (presets/class) decides them: the lesson's answers on each machine, and where
// they agree.
//
// It is a leaf, so that presets/class can fill it without importing charts, and the
// drawers can draw it without linking a lesson or a workload.
package classview

// Class is the whole class: its heading, each machine's facts and figures as a table,
// the chart's groups of bars and each claim's answers.
type Class struct {
	Heading     string   // "pointer-chasing (sprites) on 3 machines, one run each"
	Params      string   // every parameter, as a run lists them
	Kind        string   // what each file is: "run" or "sweep"
	Sweep       bool     // the files are sweeps: the figures are costs per entity at each point
	Machines    []string // each machine's file, in order: machine i is charts.ClassLetter(i) in charts.MachineColor(i)
	Differ      []string // the machine facts that differ ("CPU", "pages")
	OneHost     string   // when no file's machine differs from another's, that it may be one machine
	Order       string   // how each machine ranks the backings (runs only)
	FiguresNote string   // what the figures are and what their intervals are over
	Table       Table
	ChartTitle  string
	Groups      []Group // the chart's groups of bars
	Claims      []Claim
}

// The class table's groups of rows.
const (
	GroupMachine = "machine"
	GroupFigures = "figures"
	GroupAnswers = "the lesson's answer"
)

// Table is the comparison a column per machine: a row per fact, per figure and per
// claim's outcome.
type Table struct {
	Columns      []string // "", then each machine's file
	Rows         []Row
	FiguresTitle string // the figures' heading: "p50 frame (95% interval)"
}

// Row is one row of the table: the group it belongs to, its name and a cell per
// machine.
type Row struct {
	Group string
	Name  string
	Cells []string
	// Strong, where set, says which cells are drawn in full ink among soft ones: in
	// an answer's row, the machines where the claim holds. Nil draws every cell in
	// full ink.
	Strong []bool
}

// GroupTitle is a group's heading where a view heads its rows: what the figures
// are, for the figures.
func (t *Table) GroupTitle(group string) string {
	if group == GroupFigures && t.FiguresTitle != "" {
		return t.FiguresTitle
	}
	return group
}

// Group is one group of bars on the class's chart: a backing (runs) or a backing at
// one point (sweeps), with a bar per machine.
type Group struct {
	Label string
	Bars  []Bar // one per machine, in order
}

// Bar is one machine's figure: the typical frame or cost per entity with its
// interval, or why there is none (a bar with Missing set is not drawn).
type Bar struct {
	NS, Lo, Hi float64
	Missing    string
}

// Claim is one of the lesson's claims, where the machines agree on it, and its
// answer on each machine.
type Claim struct {
	Source, Text string
	Agreement    string // "The claim holds on 2 of 3 machines (a.json, c.json); …"
	Answers      []Answer
}

// Answer is a claim's answer on one machine: the verdict alone, and the whole answer
// as the lesson states it.
type Answer struct {
	Verdict, Full string
}

// Extent is the lowest interval end and the highest over the groups' bars (0, 0 when
// none was measured).
func Extent(gs []Group) (lo, hi float64) {
	for _, g := range gs {
		for _, b := range g.Bars {
			if b.Missing != "" {
				continue
			}
			if lo == 0 || b.Lo < lo {
				lo = b.Lo
			}
			hi = max(hi, b.Hi)
		}
	}
	return lo, hi
}
