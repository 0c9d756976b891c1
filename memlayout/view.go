package memlayout

import "fmt"

// Kind says what a View shows and which of its fields hold it.
type Kind uint8

// The kinds of view.
const (
	// Scatter: Points, each an entity's address (as an offset from the lowest address
	// seen) against its position in the frame's visit order; Of entities were visited.
	Scatter Kind = iota + 1
	// Histogram: Bins of Unit ("bytes" for gaps, "entries" for entries per cell).
	Histogram
	// Strip: a slot table as Slots, each cell covering PerCell consecutive slots of Of.
	Strip
	// Bars: quantities against their capacity (a dense array's fill, a free list).
	Bars
	// Rows: per row of a grid, its vector's length, capacity and free slots; Rows holds
	// every PerCell-th row of Of.
	Rows
	// Heatmap: Heat, a count per cell over a rectangle of the world.
	Heatmap
	// Columns: a table's columns with their sizes and what the last frame read.
	Columns
	// Text: Lines of plain words, for what a structure does not let one see.
	Text
)

var kindNames = [...]string{"", "scatter", "histogram", "strip", "bars", "rows", "heatmap", "columns", "text"}

func (k Kind) valid() bool { return k >= Scatter && int(k) < len(kindNames) }

// String is the kind's name in JSON files.
func (k Kind) String() string {
	if k.valid() {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// View is one picture of the structure. Which fields hold data depends on Kind; the
// others stay empty.
type View struct {
	Kind  Kind
	Title string
	Note  string // one line under the view: how it was sampled, what it leaves out

	Of      int64 // Scatter: entities visited; Strip: slots; Rows: rows
	PerCell int64 // Strip: slots per cell; Rows: one row shown in every PerCell

	Points  []Point
	Bins    []Bin
	Unit    string // Histogram: what Lo and Hi count
	Slots   []Slot
	Bars    []Bar
	Rows    []Row
	Heat    Heat
	Columns []Column
	Lines   []string
}

// Point is one entity of a scatter: its position in the visit order and its address
// as an offset in bytes from the lowest address of the walk.
type Point struct {
	Index  int64
	Offset int64
}

// Bin is one bar of a histogram: Count values in [Lo, Hi).
type Bin struct {
	Lo, Hi int64
	Count  int64
}

// Slot is one cell of a strip: the share of its slots that are live (0 none, 255
// all) and the highest generation among them.
type Slot struct {
	Live uint8
	Gen  uint32
}

// Bar is a quantity against its capacity: "dense values 1,000 of 1,024".
type Bar struct {
	Label string
	Value int64
	Max   int64 // 0 when the quantity has no capacity to be measured against
	Unit  string
}

// Row is one row of a grid of per-row vectors.
type Row struct {
	Index          int64
	Len, Cap, Free int64
}

// Heat is a count per cell over a rectangle of the world, row-major, W×H cells. Each
// cell sums Block×Block cells of the structure (tiles, grid cells), so that a large
// grid fits in MaxHeat cells.
type Heat struct {
	W, H   int
	Counts []uint32
	Area   Rect   // the world rectangle the cells cover, in world units
	Mark   Rect   // the camera or window, drawn on top; empty when none
	Block  int    // structure cells per heat cell, along each axis
	Unit   string // what a count counts: "entities per tile", "entries per cell"
}

// Rect is a half-open rectangle [X0, X1) × [Y0, Y1) in world units.
type Rect struct{ X0, Y0, X1, Y1 int64 }

// Empty reports whether r covers nothing.
func (r Rect) Empty() bool { return r.X1 <= r.X0 || r.Y1 <= r.Y0 }

// Column is one column of a structure of arrays.
type Column struct {
	Name  string
	Elem  int64 // bytes per element
	Bytes int64 // bytes the column holds (its capacity)
	Rows  int64 // rows the table holds
	Read  int64 // rows of it the last frame read
	Hot   bool  // the last frame streamed every row of it
}

func (v *View) reset(k Kind, title string) {
	*v = View{Kind: k, Title: title,
		Points: v.Points[:0], Bins: v.Bins[:0], Slots: v.Slots[:0], Bars: v.Bars[:0], Rows: v.Rows[:0],
		Columns: v.Columns[:0], Lines: v.Lines[:0], Heat: Heat{Counts: v.Heat.Counts[:0]}}
}

func (v *View) copyFrom(s *View) {
	v.Note, v.Of, v.PerCell, v.Unit = s.Note, s.Of, s.PerCell, s.Unit
	v.Points = append(v.Points, s.Points...)
	v.Bins = append(v.Bins, s.Bins...)
	v.Slots = append(v.Slots, s.Slots...)
	v.Bars = append(v.Bars, s.Bars...)
	v.Rows = append(v.Rows, s.Rows...)
	v.Columns = append(v.Columns, s.Columns...)
	v.Lines = append(v.Lines, s.Lines...)
	counts := append(v.Heat.Counts, s.Heat.Counts...)
	v.Heat = s.Heat
	v.Heat.Counts = counts
}

// want panics unless v is of kind k: a store filling the wrong fields is a bug.
func (v *View) want(k Kind, op string) {
	if v.Kind != k {
		panic(fmt.Sprintf("memlayout: %s on a %v view", op, v.Kind))
	}
}

// Bar adds a bar.
func (v *View) Bar(label string, value, max int64, unit string) {
	v.want(Bars, "Bar")
	if len(v.Bars) >= MaxBars {
		panic("memlayout: too many bars")
	}
	v.Bars = append(v.Bars, Bar{Label: label, Value: value, Max: max, Unit: unit})
}

// Column adds a column of a table of rows rows, read of which the last frame read.
func (v *View) Column(name string, elem, bytes, rows, read int64, hot bool) {
	v.want(Columns, "Column")
	if len(v.Columns) >= MaxColumns {
		panic("memlayout: too many columns")
	}
	v.Columns = append(v.Columns, Column{Name: name, Elem: elem, Bytes: bytes, Rows: rows, Read: read, Hot: hot})
}

// Line adds a line of text.
func (v *View) Line(s string) {
	v.want(Text, "Line")
	if len(v.Lines) >= MaxLines {
		panic("memlayout: too many lines")
	}
	v.Lines = append(v.Lines, s)
}
