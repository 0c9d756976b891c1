package charts

import "image/color"

// Class is a class's machines side by side as every view draws it: the slide, the
// page, the window's Class tab and the terminal. It is plain data, the words and
// figures already decided: the lesson's answers on each machine, and the counting
// of where they agree, are made by the package that reads the machines' files
// (presets/class), so that the drawers link no lesson and no workload.
type Class struct {
	Heading     string   // "pointer-chasing (sprites) on 3 machines, one run each"
	Params      string   // every parameter, as a run lists them
	Kind        string   // what each file is: "run" or "sweep"
	Sweep       bool     // the files are sweeps: the figures are costs per entity at each point
	Machines    []string // each machine's file, in order: machine i is ClassLetter(i) in MachineColor(i)
	Differ      []string // the machine facts that differ ("CPU", "pages")
	OneHost     string   // when no file's machine differs from another's, that it may be one machine
	Order       string   // how each machine ranks the backings (runs only)
	FiguresNote string   // what the figures are and what their intervals are over
	Table       ClassTable
	ChartTitle  string
	Groups      []ClassGroup // the chart's groups of bars
	Claims      []ClassClaim
}

// The class table's groups of rows.
const (
	ClassMachine = "machine"
	ClassFigures = "figures"
	ClassAnswers = "the lesson's answer"
)

// ClassTable is the comparison a column per machine: a row per fact, per figure and
// per claim's outcome.
type ClassTable struct {
	Columns      []string // "", then each machine's file
	Rows         []ClassRow
	FiguresTitle string // the figures' heading: "p50 frame (95% interval)"
}

// ClassRow is one row of the table: the group it belongs to, its name and a cell per
// machine.
type ClassRow struct {
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
func (t *ClassTable) GroupTitle(group string) string {
	if group == ClassFigures && t.FiguresTitle != "" {
		return t.FiguresTitle
	}
	return group
}

// ClassGroup is one group of bars on the class's chart: a backing (runs) or a
// backing at one point (sweeps), with a bar per machine.
type ClassGroup struct {
	Label string
	Bars  []ClassBar // one per machine, in order
}

// ClassBar is one machine's figure: the typical frame or cost per entity with its
// interval, or why there is none (a bar with Missing set is not drawn).
type ClassBar struct {
	NS, Lo, Hi float64
	Missing    string
}

// ClassClaim is one of the lesson's claims, where the machines agree on it, and its
// answer on each machine.
type ClassClaim struct {
	Source, Text string
	Agreement    string // "The claim holds on 2 of 3 machines (a.json, c.json); …"
	Answers      []ClassAnswer
}

// ClassAnswer is a claim's answer on one machine: the verdict alone, and the whole
// answer as the lesson states it.
type ClassAnswer struct {
	Verdict, Full string
}

// ClassExtent is the lowest interval end and the highest over the groups' bars (0, 0
// when none was measured).
func ClassExtent(gs []ClassGroup) (lo, hi float64) {
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

// machineColors tell the machines apart on a chart, where each backing is a group
// and each machine a bar in it: distinct hues that stay apart for colour-blind
// readers (Okabe and Ito's palette), repeated past eight machines with their letter
// telling them apart.
var machineColors = []color.NRGBA{
	{0x00, 0x72, 0xB2, 0xFF}, {0xE6, 0x9F, 0x00, 0xFF}, {0x00, 0x9E, 0x73, 0xFF}, {0xCC, 0x79, 0xA7, 0xFF},
	{0x56, 0xB4, 0xE9, 0xFF}, {0xD5, 0x5E, 0x00, 0xFF}, {0x4D, 0x4D, 0x4D, 0xFF}, {0xF0, 0xE4, 0x42, 0xFF},
}

// MachineColor is machine i's colour on every chart of a class.
func MachineColor(i int) color.NRGBA { return machineColors[i%len(machineColors)] }

// ClassLetter is machine i's short name on a chart: A, B, … Z, then AA.
func ClassLetter(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return ClassLetter(i/26-1) + ClassLetter(i%26)
}
