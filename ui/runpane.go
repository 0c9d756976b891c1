//go:build !nogui

package ui

import (
	"image/color"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/charts/live"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/presets"
)

// runPane is what the Live run tab shows: the world's preview (or a backing's
// layout) beside the lesson and notes, the three charts under them, and the summary
// table at the bottom. It holds the widgets; what they show is the run job's.
type runPane struct {
	root   fyne.CanvasObject
	scene  *scenePane
	lesson *lessonPanel
	charts *chartRow
	table  *SummaryTable

	top, split  *container.Split // scene | lesson, and (scene | lesson) over the charts
	layoutRoom  bool             // the splits give the Layout tab its room
	large       bool             // large text: the charts get more of the height
	compact     bool             // the pane is short: one chart at a time, and more of the height
	topOpen     bool             // compact, but the user asked for the preview and lesson at their size
	tableH      float32          // the table's height when the pane was last laid out for it
	tableHidden bool             // the table gives its height to the Layout tab (compact)
	box         *fyne.Container  // root: the splits over the table
}

// The splits' shares: the preview beside the lesson over the charts, and, while the
// Layout tab is shown, more of both for the layout, whose facts and views need a
// pane of about 1000×600 at 1920×1080 to be read (half as much cut titles and made
// its views vanish).
// With large text the charts' legends and labels take more of their height, and the
// top's share goes down so that the plots stay about as tall as with normal text.
const (
	sceneShare, sceneShareLayout = 0.5, 0.68
	topShare, topShareLayout     = 0.55, 0.72
	topShareLarge                = 0.42
	topShareLayoutLarge          = 0.6  // the charts' legends and axes need their height too
	sceneShareLayoutLarge        = 0.76 // with less height, the layout's views need the width
)

// A pane (above the table) shorter than compactLines lines of text is compact: it
// shows one chart at a time, and the preview and lesson give way to it, down to the
// preview's tabs and note and the lesson's first line (topShareCompact; the check
// "Preview" beside the chart gives them their room back, and the split can be
// dragged). Three charts side by side need about a title, three legend rows,
// the axis labels and six lines of plot each; below that their plots were 30–45 px
// slivers (large text at 1366×768).
const (
	compactLines    = 17
	topShareCompact = 0
)

func newRunPane(cancelLoad, layoutChosen func()) *runPane {
	p := &runPane{
		lesson: newLessonPanel(),
		charts: newChartRow(),
		table:  NewSummaryTable(noRun),
	}
	p.charts.openTop = p.openTop
	p.charts.unfold = func() { p.scene.tabs.SelectIndex(0) }
	p.scene = newScenePane(cancelLoad, func() {
		p.fitLayout()
		layoutChosen()
	})
	top := container.NewHSplit(p.scene.root, p.lesson.scroll)
	top.Offset = sceneShare
	split := container.NewVSplit(top, p.charts.box)
	split.Offset = topShare
	p.top, p.split = top, split
	// The table takes the height of its rows, which is never much (six backings at
	// most), and the preview and the charts share the rest.
	// It leaves out its less needed columns where they do not fit (large text, a
	// small screen) rather than scroll them out of view.
	// On a screen too short for the charts' least height and every row, the table
	// keeps three rows and scrolls the rest (tableBelow).
	rows := container.NewVScroll(p.table)
	fit := &byHeight{set: p.setCompact}
	above := container.New(fit, split)
	p.box = container.New(&tableBelow{table: p.table, above: fit, hidden: func() bool { return p.tableHidden }},
		above, widget.NewSeparator(), rows)
	p.root = p.box
	return p
}

// fitLayout gives the Layout tab more of the pane when it comes to the front, and
// the preview its share back when it leaves; a choice of another backing in it
// leaves the splits where the user put them.
func (p *runPane) fitLayout() {
	on := p.scene.layoutShown()
	if p.top == nil || on == p.layoutRoom {
		return
	}
	p.layoutRoom = on
	p.share()
}

// setLarge gives the charts the height large text needs, or gives it back.
func (p *runPane) setLarge(on bool) {
	p.large = on
	p.share()
}

// setCompact shows one chart at a time and gives it more of the height, or puts
// the charts back side by side.
func (p *runPane) setCompact(on bool) {
	if on == p.compact {
		return
	}
	p.compact = on
	p.charts.setCompact(on)
	p.scene.setShort(on && !p.topOpen)
	p.share()
}

// openTop gives the preview and lesson their room (on) in a compact pane, or gives
// it to the chart.
func (p *runPane) openTop(on bool) {
	p.topOpen = on
	p.scene.setShort(p.compact && !on)
	p.share()
}

// share sets the splits for the tab in front, the text size and the pane's height.
// In a compact pane the Layout tab, whose facts and views need many lines, takes
// all of the height, the table's too, and the lesson's width (beside them, at
// 1366×768 with large text, its three views had no room left for their plots), and
// the charts fold to a line that brings them all back.
func (p *runPane) share() {
	p.charts.setFolded(p.compact && p.layoutRoom)
	// Hidden, the lesson gives the split its whole width: an offset of 1 alone
	// stops at the lesson's least width.
	if p.compact && p.layoutRoom {
		p.lesson.scroll.Hide()
	} else {
		p.lesson.scroll.Show()
	}
	hide := p.compact && p.layoutRoom
	defer func() {
		// After the splits' offsets: the pane is laid out again with them.
		if hide != p.tableHidden {
			p.tableHidden = hide
			p.relayout()
		}
	}()
	switch {
	case p.compact && p.layoutRoom:
		p.top.SetOffset(1)
		p.split.SetOffset(1)
	case p.compact && !p.layoutRoom && !p.topOpen:
		p.top.SetOffset(sceneShare)
		p.split.SetOffset(topShareCompact)
	case p.layoutRoom && p.large:
		p.top.SetOffset(sceneShareLayoutLarge)
		p.split.SetOffset(topShareLayoutLarge)
	case p.layoutRoom:
		p.top.SetOffset(sceneShareLayout)
		p.split.SetOffset(topShareLayout)
	case p.large:
		p.top.SetOffset(sceneShare)
		p.split.SetOffset(topShareLarge)
	default:
		p.top.SetOffset(sceneShare)
		p.split.SetOffset(topShare)
	}
}

// begin makes room for a new run of cfg: empty charts, the loading panel in front.
func (p *runPane) begin(cfg lab.Config, s presets.Preset) {
	p.charts.reset(cfg.Backings, cfg.Warmup, cfg.Frames, cfg.Plan())
	p.table.SetMessage("Loading…", false)
	p.lesson.SetSetup(s)
	p.scene.reset(cfg.Backings)
	p.scene.loading.Reset(cfg.Backings)
	p.scene.showLoading(true)
}

// show puts an update of the live run on the widgets; wl is the setup's workload.
func (p *runPane) show(u update, wl string) {
	for _, ss := range u.samples {
		p.charts.append(ss)
	}
	p.charts.markFailures(u.status)
	p.scene.loading.Show(u.status)
	loading := u.status.Phase == lab.Starting || u.status.Phase == lab.Loading
	p.scene.showLoading(loading && !u.final)
	if u.scene != nil {
		p.scene.preview.SetScene(u.scene, previewBacking(u.status), wl)
	}
	if u.layout != nil {
		p.scene.layout.show(u.layout)
	}
	if u.snap != nil {
		p.charts.fitGone(u.snap)
		p.table.SetRun(u.snap)
		p.fitTable()
		p.lesson.ShowRun(u.snap)
	}
}

// fitTable lays the pane out again when the table's height has changed: rows that
// arrive change no size Fyne watches, so without this the table kept the height of
// its "Loading…" line and showed its first row half under its scroll bar (1920×1080
// with large text and the Layout tab in front).
func (p *runPane) fitTable() {
	if p.scene.loading.box.Visible() {
		return // a layout now would show the preview's tab under the loading panel; the next update does it
	}
	if h := p.table.MinSize().Height; h != p.tableH {
		p.tableH = h
		p.relayout()
	}
}

// relayout lays the pane out again at its size. Not Refresh: that refreshes every
// widget under it too, and the scene's tabs would show the preview through the
// loading panel.
func (p *runPane) relayout() {
	if p.box != nil {
		p.box.Layout.Layout(p.box.Objects, p.box.Size())
	}
}

// previewBacking is whose scene the run sends: the first backing still alive.
func previewBacking(st lab.Status) string {
	for _, b := range st.Backings {
		if b.Err == nil {
			return b.Name
		}
	}
	return ""
}

// showRun shows a finished run from a file.
func (p *runPane) showRun(r *result.Run) {
	p.charts.setRun(r)
	p.table.SetRun(r)
	p.fitTable()
	p.lesson.ShowRun(r)
	p.scene.preview.Clear("A saved run: its preview is not saved with it.")
}

// noResult says msg where the figures were: the run's figures are no result.
func (p *runPane) noResult(msg string) {
	p.table.SetMessage(msg, true)
	p.lesson.ShowRun(nil)
}

// clear empties the charts, table, preview and notes' figures for setup s.
func (p *runPane) clear(s presets.Preset, msg string) {
	plan := lab.Config{Frames: s.Frames, Warmup: s.Warmup, Forks: s.Forks}.Plan()
	p.charts.reset(s.Backings, s.Warmup, s.Frames, plan)
	p.table.SetMessage(msg, false)
	p.scene.reset(s.Backings)
	p.scene.showLoading(false)
	p.lesson.ShowRun(nil)
}

// chartRow is the live charts of the row (charts.RowMetrics) side by side; the
// View menu's budget line and axis apply to all. In a short row (large text on a
// laptop's screen) three charts side by side leave each a sliver of plot under its
// title and legend, so the row shows one chart at a time across its width, with a
// picker of the others beside it (compact). A chart that gives way for the run
// shown (charts.Gone: the allocations while nothing allocates) leaves its room to
// the others, and a line beside them says why.
type chartRow struct {
	box     *fyne.Container
	grid    *fyne.Container  // the charts shown, side by side
	metrics []*charts.Metric // the row's, in order
	charts  []*live.Chart    // one per metric
	failed  []bool           // backings already marked failed
	gone    []bool           // per metric: it gave way for the run shown
	notes   []*widget.Label  // per metric that may give way, the line that stands for it; else nil
	none    *fyne.Container  // the notes, beside the charts

	compact bool               // one chart at a time
	picked  *charts.Metric     // the chart shown while compact
	pick    *widget.RadioGroup // which chart, while compact
	top     *widget.Check      // "Preview": the preview's and lesson's room back, while compact
	picks   []*widget.Label    // per metric that may give way, its note in two words in the picker; else nil
	pickBox *fyne.Container
	openTop func(bool) // the check's effect, the pane's

	folded  bool            // only foldBar shows: the Layout tab has the height
	foldBar *fyne.Container // says the charts gave way, with a button to bring them back
	unfold  func()          // the button's effect, the pane's
}

func newChartRow() *chartRow {
	ms := charts.RowMetrics()
	r := &chartRow{grid: container.NewGridWithColumns(len(ms)), metrics: ms, picked: ms[0], gone: make([]bool, len(ms))}
	notes := container.NewVBox()
	var column []fyne.CanvasObject // the picker's: the radios, the notes in two words, the check
	for _, m := range ms {
		c := live.NewChart(m)
		r.charts = append(r.charts, c)
		r.grid.Add(c)
		var note, short *widget.Label
		if m.Gone != nil {
			note, short = widget.NewLabel(m.Gone.App), widget.NewLabel(m.Gone.Pick)
			note.Wrapping = fyne.TextWrapWord
			notes.Add(note)
			column = append(column, short)
		}
		r.notes, r.picks = append(r.notes, note), append(r.picks, short)
	}
	r.none = container.New(&fixedWidth{w: 200}, notes)
	r.none.Hide()
	r.pick = widget.NewRadioGroup(nil, func(s string) {
		if i := slices.IndexFunc(ms, func(m *charts.Metric) bool { return m.Short == s }); i >= 0 {
			r.picked = ms[i]
			r.arrange()
		}
	})
	r.pick.Required = true
	r.top = widget.NewCheck("Preview", func(on bool) {
		if r.openTop != nil {
			r.openTop(on)
		}
	})
	// No heading over the picker: its column must stay shorter than a chart, or the
	// table under the row loses a line.
	column = append([]fyne.CanvasObject{r.pick}, append(column, widget.NewSeparator(), r.top)...)
	r.pickBox = container.NewVBox(column...)
	r.pickBox.Hide()
	show := widget.NewButton("Show the charts", func() {
		if r.unfold != nil {
			r.unfold()
		}
	})
	r.foldBar = container.NewHBox(widget.NewLabel("Charts, lesson and table give way to the layout."), show)
	r.foldBar.Hide()
	r.box = container.NewBorder(r.foldBar, nil, r.pickBox, r.none, r.grid)
	return r
}

// setFolded shows only the line that brings the charts back (on), or the charts.
func (r *chartRow) setFolded(on bool) {
	if on == r.folded {
		return
	}
	r.folded = on
	r.arrange()
}

// setCompact shows one chart at a time (on) or all side by side.
func (r *chartRow) setCompact(on bool) {
	if on == r.compact {
		return
	}
	r.compact = on
	r.arrange()
}

// shown lists the charts the row shows: all but those that gave way, and of those
// only the picked one while compact.
func (r *chartRow) shown() []*charts.Metric {
	var ms []*charts.Metric
	for i, m := range r.metrics {
		if !r.gone[i] {
			ms = append(ms, m)
		}
	}
	if r.compact {
		if !slices.Contains(ms, r.picked) {
			r.picked = ms[0]
		}
		return []*charts.Metric{r.picked}
	}
	return ms
}

// arrange shows the charts of shown, the picker while compact, and the notes of
// the charts that gave way.
func (r *chartRow) arrange() {
	if r.folded {
		r.foldBar.Show()
		r.grid.Hide()
		r.pickBox.Hide()
		r.none.Hide()
		r.box.Refresh()
		return
	}
	r.foldBar.Hide()
	r.grid.Show()
	ms := r.shown()
	for i, c := range r.charts {
		setVisible(c, slices.Contains(ms, r.metrics[i]))
		if r.notes[i] != nil {
			setVisible(r.notes[i], r.gone[i])
			setVisible(r.picks[i], r.gone[i])
		}
	}
	r.grid.Layout = layout.NewGridLayoutWithColumns(len(ms))
	// While compact the notes' column would narrow the one chart: the picker says
	// them in two words instead.
	setVisible(r.none, slices.Contains(r.gone, true) && !r.compact)
	if r.compact {
		var opts []string
		for i, m := range r.metrics {
			if !r.gone[i] {
				opts = append(opts, m.Short)
			}
		}
		r.pick.Options = opts
		r.pick.Selected = r.picked.Short
		r.pick.Refresh()
		r.pickBox.Show()
	} else {
		r.pickBox.Hide()
	}
	r.box.Refresh()
}

// setVisible shows o (on) or hides it.
func setVisible(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}

// fitGone gives the room of each chart that gives way for run (charts.Gone: the
// allocations chart while no backing has allocated in a measured frame, a flat
// line on a 0–1 axis) to the others, and says so in a line. With nothing measured
// yet every chart is shown.
func (r *chartRow) fitGone(run *result.Run) {
	for i, m := range r.metrics {
		r.gone[i] = run != nil && m.GoneFor(run)
	}
	r.arrange()
}

// reset empties the charts for a run of backings in the forks of plan.
func (r *chartRow) reset(backings []string, warmup, frames int, plan []result.Fork) {
	r.failed = make([]bool, len(backings))
	r.fitGone(nil)
	for _, c := range r.charts {
		c.Reset(backings, warmup, frames)
		c.SetForks(plan)
	}
}

// append adds one backing's samples since the last update.
func (r *chartRow) append(ss []result.Sample) {
	if len(ss) == 0 {
		return
	}
	for _, c := range r.charts {
		c.AppendMany(ss)
	}
}

// markFailures marks, once, each backing whose worker failed in every legend (the
// table marks it through the snapshot). The others carry on.
func (r *chartRow) markFailures(st lab.Status) {
	for i, b := range st.Backings {
		if b.Err == nil || i >= len(r.failed) || r.failed[i] {
			continue
		}
		r.failed[i] = true
		for _, c := range r.charts {
			c.SetFailed(i, firstLine(b.Err.Error()))
		}
	}
}

func (r *chartRow) setRun(run *result.Run) {
	for _, c := range r.charts {
		c.SetRun(run)
	}
	r.fitGone(run)
}

func (r *chartRow) setBase(base *result.Run) {
	for _, c := range r.charts {
		c.SetBase(base)
	}
}

func (r *chartRow) setBudget(d time.Duration) {
	for _, c := range r.charts {
		c.SetBudget(d)
	}
}

func (r *chartRow) setScale(s charts.Scale) {
	for _, c := range r.charts {
		c.SetScale(s)
	}
}

// byHeight lays out its one object over the whole of its size, and tells set whether
// that size, less what the hidden table gave it (given), is shorter than
// compactLines lines of the theme's text: the table hidden in a compact pane must
// not make the pane tall enough to be wide again, and show the table.
type byHeight struct {
	set   func(short bool)
	given float32
}

func (l *byHeight) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.set(size.Height-l.given < compactLines*lineOfText())
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

func (l *byHeight) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

// lineOfText is the height of a line of the current theme's text.
func lineOfText() float32 {
	return canvas.NewText("Mg", color.Black).MinSize().Height
}

// tableBelow lays out the run pane (and the Sweep tab): the splits above, a
// separator, and the table (in a scroll) below at the height of all its rows when the
// pane has it, else at what is left above the splits' least height or 40% of the
// pane, whichever is less, and never less than four lines; the scroll shows the rest.
type tableBelow struct {
	table *SummaryTable
	// hidden, if set, says the table gives its height to the splits (the Layout
	// tab in a compact pane); above is then told how much it was given.
	hidden func() bool
	above  *byHeight
}

// tableRowsKept is how many rows (the header among them) the table keeps in view;
// tableShare the most of the pane's height it takes beyond them, so that a sweep's
// ten rows with large text leave the chart above its height.
const (
	tableRowsKept = 4
	tableShare    = 0.4
)

func (l *tableBelow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	top, sep, rows := objs[0], objs[1], objs[2]
	sepH := sep.MinSize().Height
	full := l.table.MinSize().Height
	h := min(full, max(l.least(), min(size.Height-top.MinSize().Height-sepH, tableShare*size.Height)))
	if l.hidden != nil {
		l.above.given = 0
		if l.hidden() {
			sep.Hide()
			rows.Hide()
			l.above.given = h + sepH
			h, sepH = 0, 0
		} else {
			sep.Show()
			rows.Show()
		}
	}
	topH := size.Height - h - sepH
	top.Move(fyne.NewPos(0, 0))
	top.Resize(fyne.NewSize(size.Width, topH))
	sep.Move(fyne.NewPos(0, topH))
	sep.Resize(fyne.NewSize(size.Width, sepH))
	rows.Move(fyne.NewPos(0, topH+sepH))
	rows.Resize(fyne.NewSize(size.Width, h))
}

// least is the table's height kept in view: its first rows, or all of it if less.
func (l *tableBelow) least() float32 {
	pad, lineH, _ := l.table.lineHeight()
	head := l.table.headH(pad, lineH)
	return min(l.table.MinSize().Height, head+(tableRowsKept-1)*lineH)
}

func (l *tableBelow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	top, sep, rows := objs[0].MinSize(), objs[1].MinSize(), objs[2].MinSize()
	return fyne.NewSize(max(top.Width, rows.Width), top.Height+sep.Height+l.least())
}
