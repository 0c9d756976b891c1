//go:build !nogui

package ui

import (
	"image/color"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/lab/compare"
	"localitylab/lab/result"
	"localitylab/presets/explain"
)

// SummaryTable is the table under the charts: one row per backing, fastest first,
// with the same cells as the PNG and the command line (charts.SummaryTable), a
// colour swatch per backing, and, under a failed backing's row, its error.
type SummaryTable struct {
	widget.BaseWidget

	table   charts.Table
	message string   // shown instead of rows: no run yet, or why there is no result
	failure bool     // the message is an error
	blank   []string // the header without rows; nil: a run's
	stacked bool     // headers break after their first word, a line each (SetStackedHeaders)

	base *result.Run // a saved run the rows are compared with ("vs base"), or nil

	// briefs are, by backing, the lines under its row that set its frame beside the
	// run's probe (explain.Brief); none for a run without a probe.
	briefs map[string][]string
}

var _ fyne.Widget = (*SummaryTable)(nil)

// NewSummaryTable returns a table that shows message until a run is set.
func NewSummaryTable(message string) *SummaryTable {
	t := &SummaryTable{message: message}
	t.ExtendBaseWidget(t)
	return t
}

// SetRun shows r's summary and, while a base run is set, each backing's change
// against it.
func (t *SummaryTable) SetRun(r *result.Run) {
	t.table, t.message, t.failure = charts.SummaryTable(r), "", false
	t.briefs = briefsOf(r)
	if t.base != nil {
		// The window asks for the comparison knowing what differs (it refuses another
		// workload), so every other difference is accepted here.
		if rep, err := compare.Compare(t.base, r, "base", "this run", compare.Kinds); err == nil {
			t.table = charts.AddVsBase(t.table, rep)
		}
	}
	t.Refresh()
}

// SetTable shows any table of the charts' shape: a sweep's, point by point.
func (t *SummaryTable) SetTable(tab charts.Table) {
	t.table, t.message, t.failure, t.briefs = tab, "", false, nil
	t.Refresh()
}

// briefsOf is each backing's lines of r beside its probe, by backing.
func briefsOf(r *result.Run) map[string][]string {
	if r == nil || r.Probe == nil {
		return nil
	}
	m := make(map[string][]string, len(r.Backings))
	for _, b := range r.Backings {
		if lines := explain.Brief(r, b.Name); len(lines) > 0 {
			m[b.Name] = lines
		}
	}
	return m
}

// Briefs returns the lines shown under the backing's row, for tests.
func (t *SummaryTable) Briefs(backing string) []string { return t.briefs[backing] }

// SetBase sets the saved run that SetRun compares with, or, with nil, none. It takes
// effect at the next SetRun.
func (t *SummaryTable) SetBase(r *result.Run) { t.base = r }

// SetMessage shows the header and msg instead of any rows: before a run, or when a
// run has no result to show (a checksum mismatch), in which case failure is true.
func (t *SummaryTable) SetMessage(msg string, failure bool) {
	t.table, t.briefs = charts.Table{}, nil
	t.message, t.failure = msg, failure
	t.Refresh()
}

// Rows returns the backings in the order shown, for tests and for the notes.
func (t *SummaryTable) Rows() []charts.Row { return t.table.Rows }

// Message returns what the table says instead of rows.
func (t *SummaryTable) Message() string { return t.message }

// SetBlankColumns sets the header shown with a message instead of rows, for a
// table of another shape than a run's.
func (t *SummaryTable) SetBlankColumns(cols []string) {
	t.blank = cols
	t.Refresh()
}

// SetStackedHeaders breaks each header after its first word: a sweep's columns are
// one per backing and figure ("ptrarray ns/entity (95% CI)", "ptrarray GC/frame"),
// and on one line their headers, not their figures, set the columns' widths, which
// pushed the GC columns off a 1920-pixel window. Stacked, the backing's name sits
// over the figure's.
func (t *SummaryTable) SetStackedHeaders(on bool) {
	t.stacked = on
	t.Refresh()
}

// columns are the headers: the charts' own, or, before any run, the same ones.
func (t *SummaryTable) columns() []string {
	switch {
	case len(t.table.Columns) > 0:
		return t.table.Columns
	case t.blank != nil:
		return t.blank
	}
	return charts.SummaryTable(&result.Run{}).Columns
}

// CreateRenderer links the table to its renderer; Fyne calls it.
func (t *SummaryTable) CreateRenderer() fyne.WidgetRenderer {
	r := &tableRenderer{t: t}
	r.rebuild()
	return r
}

// tableRenderer lays the cells out on a grid whose columns are as wide as their
// widest cell. The name and the error read left to right; figures align right, so
// that their magnitudes line up.
type tableRenderer struct {
	t       *SummaryTable
	header  []*canvas.Text
	under   []*canvas.Text // with stacked headers, each header's second line (nil: none)
	rows    []tableRow
	message *widget.Label
	objects []fyne.CanvasObject
}

type tableRow struct {
	shade  *canvas.Rectangle
	swatch *canvas.Rectangle
	cells  []*canvas.Text
	err    *widget.Label   // nil unless the backing failed
	notes  []*widget.Label // its frame beside the run's probe (SummaryTable.briefs)
}

// under is the height of what a row shows under its cells: its error and its notes.
// Each note is a label's height less pad: the labels' own padding keeps their text
// apart, and a pointer layout's two lines read as one block.
func (row *tableRow) under(pad float32) float32 {
	var h float32
	if row.err != nil {
		h += row.err.MinSize().Height
	}
	for _, n := range row.notes {
		h += n.MinSize().Height - pad
	}
	return h
}

// rebuild makes the canvas objects for the table's current content.
func (r *tableRenderer) rebuild() {
	th := r.t.Theme()
	fg := th.Color(theme.ColorNameForeground, theme.VariantLight)
	size := th.Size(theme.SizeNameText)
	r.header, r.under, r.rows, r.objects = nil, nil, nil, nil
	bold := func(s string) *canvas.Text {
		txt := canvas.NewText(s, fg)
		txt.TextStyle.Bold, txt.TextSize = true, size
		return txt
	}
	for _, c := range r.t.columns() {
		var second *canvas.Text
		if first, rest, ok := strings.Cut(c, " "); r.t.stacked && ok {
			c, second = first, bold(rest)
			r.objects = append(r.objects, second)
		}
		r.header = append(r.header, bold(c))
		r.under = append(r.under, second)
	}
	for i, row := range r.t.table.Rows {
		tr := tableRow{shade: canvas.NewRectangle(color.Transparent), swatch: canvas.NewRectangle(row.Color)}
		if i%2 == 1 {
			tr.shade.FillColor = th.Color(theme.ColorNameHover, theme.VariantLight)
		}
		r.objects = append(r.objects, tr.shade, tr.swatch)
		for _, c := range row.Cells {
			txt := canvas.NewText(c, fg)
			txt.TextSize = size
			tr.cells = append(tr.cells, txt)
			r.objects = append(r.objects, txt)
		}
		if row.Error != "" {
			tr.err = widget.NewLabel("failed: " + firstLine(row.Error))
			tr.err.Importance, tr.err.Truncation = widget.DangerImportance, fyne.TextTruncateEllipsis
			r.objects = append(r.objects, tr.err)
		}
		for _, line := range r.t.briefs[row.Backing] {
			n := widget.NewLabel(line)
			n.Truncation = fyne.TextTruncateEllipsis
			tr.notes = append(tr.notes, n)
			r.objects = append(r.objects, n)
		}
		r.rows = append(r.rows, tr)
	}
	for _, h := range r.header {
		r.objects = append(r.objects, h)
	}
	r.message = nil
	if r.t.message != "" {
		r.message = widget.NewLabel(r.t.message)
		r.message.Wrapping = fyne.TextWrapWord
		if r.t.failure {
			r.message.Importance = widget.DangerImportance
		}
		r.objects = append(r.objects, r.message)
	}
}

// optionalColumns are the columns a table too narrow for all of them leaves out, the
// first named first, so that large text or a small screen shows fewer columns whole
// rather than every column with the last ones cut off behind a scroll bar; the
// export and the command line keep them all.
var optionalColumns = []string{"huge pages", "interrupted", "GCs/1k frames", "GC/frame", "p99 with GC",
	charts.ForkColumn, "load time", "p99 frame", "bytes/entity", "allocs/frame"}

// shown returns, for a table width, which columns are shown: all of them when they
// fit, else all but the optional ones that must go, in their order.
func (r *tableRenderer) shown(width float32) []bool {
	pad, _, sw := r.metrics()
	widths := r.widths()
	on := make([]bool, len(widths))
	total := sw + 2*pad
	for i, w := range widths {
		on[i] = true
		total += w + 3*pad
	}
	for _, name := range optionalColumns {
		if total <= width {
			break
		}
		for i, c := range r.t.columns() {
			if c == name && i < len(on) && on[i] {
				on[i] = false
				total -= widths[i] + 3*pad
			}
		}
	}
	return on
}

// widths returns each column's width: its widest cell, header included.
func (r *tableRenderer) widths() []float32 {
	w := make([]float32, len(r.header))
	for i, h := range r.header {
		w[i] = h.MinSize().Width
		if u := r.under[i]; u != nil {
			w[i] = max(w[i], u.MinSize().Width)
		}
	}
	for _, row := range r.rows {
		for i, c := range row.cells {
			if i < len(w) {
				w[i] = max(w[i], c.MinSize().Width)
			}
		}
	}
	return w
}

// lineHeight is the height of one of the table's rows (see tableRenderer.metrics).
func (t *SummaryTable) lineHeight() (pad, lineH, sw float32) {
	return (&tableRenderer{t: t}).metrics()
}

func (r *tableRenderer) metrics() (pad, lineH, sw float32) {
	th := r.t.Theme()
	pad = th.Size(theme.SizeNamePadding)
	lineH = canvas.NewText("Mg", color.Black).MinSize().Height
	lineH = max(lineH, r.headerHeight()) + pad
	return pad, lineH, lineH * 0.55
}

// headH is the height of the header: a row's, or two lines where headers are stacked.
func (r *tableRenderer) headH(pad, lineH float32) float32 { return r.t.headH(pad, lineH) }

func (t *SummaryTable) headH(pad, lineH float32) float32 {
	if t.stacked && slices.ContainsFunc(t.columns(), func(c string) bool { return strings.Contains(c, " ") }) {
		return 2*lineH - pad
	}
	return lineH
}

func (r *tableRenderer) headerHeight() float32 {
	h := float32(0)
	for _, c := range r.header {
		h = max(h, c.MinSize().Height)
	}
	return h
}

func (r *tableRenderer) Layout(size fyne.Size) {
	pad, lineH, sw := r.metrics()
	widths := r.widths()
	on := r.shown(size.Width)
	gap := 3 * pad
	xs := make([]float32, len(widths))
	x := sw + 2*pad
	for i, w := range widths {
		xs[i] = x
		if on[i] {
			x += w + gap
		}
	}
	place := func(t *canvas.Text, i int, y float32) {
		if i >= len(on) || !on[i] {
			t.Hide()
			return
		}
		t.Show()
		w := t.MinSize().Width
		px := xs[i]
		if i > 0 { // figures align right
			px += widths[i] - w
		}
		t.Move(fyne.NewPos(px, y+(lineH-t.MinSize().Height)/2))
		t.Resize(t.MinSize())
	}
	headH := r.headH(pad, lineH)
	for i, h := range r.header {
		switch {
		case r.under[i] != nil: // the first word over the rest
			place(h, i, 0)
			place(r.under[i], i, headH-lineH)
		default: // one line, level with the stacked headers' last
			place(h, i, headH-lineH)
		}
	}
	y := headH
	for _, row := range r.rows {
		rowH := lineH + row.under(pad)
		row.shade.Move(fyne.NewPos(0, y))
		row.shade.Resize(fyne.NewSize(size.Width, rowH))
		row.swatch.Move(fyne.NewPos(pad, y+(lineH-sw)/2))
		row.swatch.Resize(fyne.NewSize(sw, sw))
		for i, c := range row.cells {
			place(c, i, y)
		}
		below := y + lineH - pad
		if row.err != nil {
			row.err.Move(fyne.NewPos(xs[0]-pad, below))
			row.err.Resize(fyne.NewSize(max(size.Width-xs[0], 0), row.err.MinSize().Height))
			below += row.err.MinSize().Height
		}
		for _, n := range row.notes {
			n.Move(fyne.NewPos(xs[0]-pad, below))
			n.Resize(fyne.NewSize(max(size.Width-xs[0], 0), n.MinSize().Height))
			below += n.MinSize().Height - pad
		}
		y += rowH
	}
	if r.message != nil {
		r.message.Move(fyne.NewPos(0, y))
		r.message.Resize(fyne.NewSize(size.Width, r.message.MinSize().Height))
	}
}

// MinSize is as wide as the columns that are never left out (see optionalColumns).
func (r *tableRenderer) MinSize() fyne.Size {
	pad, lineH, sw := r.metrics()
	w := sw + 2*pad
	for i, on := range r.shown(0) {
		if on {
			w += r.widths()[i] + 3*pad
		}
	}
	h := r.headH(pad, lineH)
	for _, row := range r.rows {
		h += lineH + row.under(pad)
	}
	if r.message != nil {
		h += r.message.MinSize().Height
	}
	return fyne.NewSize(w, h)
}

func (r *tableRenderer) Refresh() {
	r.rebuild()
	r.Layout(r.t.Size())
	canvas.Refresh(r.t)
}

func (r *tableRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *tableRenderer) Destroy()                     {}
