package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/charts/live"
	"localitylab/lab/result"
	"localitylab/lab/sweep"
	"localitylab/presets"
	"localitylab/scenarios"
)

// sweepMode is the window's second tab, beside the live run: the setup on the left
// run at each value of one parameter, the chart of each backing's cost per entity
// growing point by point, the table per point, the lesson's sweep claims with what
// the sweep answers, and the sweep's own buttons (run, cancel, export, save, open).
// The left panel's setup is the run made at every point; the sweep locks it while it
// runs, as a live run does.
type sweepMode struct {
	w *window

	param            *widget.Select
	values           *widget.Entry
	defaults         *widget.Button
	run, cancel      *widget.Button
	export, save     *widget.Button
	open             *widget.Button
	progress         *widget.ProgressBar
	status           *widget.Label
	chart            *live.SweepChart
	table            *SummaryTable
	claims           *sweepClaims
	view             fyne.CanvasObject
	workload, lesson string // what param and values were last filled in for

	ctl   *sweepController
	shown *result.Sweep // the sweep on screen: live snapshot or opened file
	file  string        // the file an opened sweep came from
	quiet bool          // param is being set from code: its callback must not react
}

// noSweep is what the chart and table say before any sweep.
const noSweep = "No sweep yet: choose a parameter and its values, then Run sweep (Space)."

func newSweepMode(w *window) *sweepMode {
	m := &sweepMode{w: w, ctl: &sweepController{env: w.env}}
	m.ctl.apply = m.apply
	m.param = widget.NewSelect(nil, func(string) { m.paramChosen() })
	m.values = widget.NewEntry()
	m.values.SetPlaceHolder("values, e.g. 1000, 10k, 1M")
	m.values.OnSubmitted = func(string) { w.win.Canvas().Unfocus() }
	m.defaults = widget.NewButton("Defaults", m.fillDefaults)
	m.run = widget.NewButtonWithIcon("Run sweep", theme.MediaPlayIcon(), m.start)
	m.run.Importance = widget.HighImportance
	m.cancel = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), m.stop)
	m.export = widget.NewButtonWithIcon("Export…", theme.DocumentSaveIcon(), m.exportDialog)
	m.save = widget.NewButtonWithIcon("Save sweep…", theme.DocumentSaveIcon(), m.saveDialog)
	m.open = widget.NewButtonWithIcon("Open sweep…", theme.FolderOpenIcon(), m.openDialog)
	m.progress = widget.NewProgressBar()
	m.status = widget.NewLabel("")
	m.status.Truncation = fyne.TextTruncateEllipsis
	m.chart = live.NewSweepChart(noSweep)
	m.table = NewSummaryTable(noSweep)
	m.table.SetBlankColumns([]string{"value", "ns/entity per backing (95% CI)", "fastest", "rounds"})
	m.claims = newSweepClaims()

	form := container.NewBorder(nil, nil,
		container.NewHBox(widget.NewLabel("Sweep"), m.param, widget.NewLabel("over")),
		m.defaults, m.values)
	buttons := container.NewHBox(m.run, m.cancel, widget.NewSeparator(), m.export, m.save, m.open)
	top := container.NewVBox(form, buttons, container.NewBorder(nil, nil, nil, nil, m.progress), m.status)
	body := container.NewHSplit(m.chart, m.claims.scroll)
	body.Offset = 0.72
	m.view = container.NewBorder(top, container.NewVBox(widget.NewSeparator(), container.NewHScroll(m.table)), nil, nil, body)
	m.updateButtons()
	return m
}

// setupChanged follows the left panel: the parameters of the setup's workload, and,
// for a sweep lesson, its parameter and values; otherwise the values are kept while
// the workload and parameter are, so that a person's list is not lost.
func (m *sweepMode) setupChanged(s presets.Preset) {
	spec, err := scenarios.Lookup(s.Workload)
	if err != nil {
		return
	}
	var names []string
	for _, q := range spec.Params {
		names = append(names, q.Name)
	}
	m.quiet = true
	m.param.SetOptions(names)
	switch {
	case s.Sweep != nil && s.Name != m.lesson:
		m.param.SetSelected(s.Sweep.Param)
		m.values.SetText(sweep.FormatValues(s.Sweep.Values))
	case s.Workload != m.workload || m.param.Selected == "":
		m.param.SetSelected("entities")
		m.quiet = false
		m.fillDefaults()
	}
	m.quiet = false
	m.workload, m.lesson = s.Workload, s.Name
	m.claims.SetClaims(s.Claims, s.Sweep)
	if m.shown != nil {
		m.claims.ShowSweep(m.shown)
	}
}

// paramChosen fills in the new parameter's default values.
func (m *sweepMode) paramChosen() {
	m.w.win.Canvas().Unfocus()
	if !m.quiet {
		m.fillDefaults()
	}
}

// fillDefaults puts the chosen parameter's default values in the entry.
func (m *sweepMode) fillDefaults() {
	spec, err := scenarios.Lookup(m.w.setup.Workload)
	if err != nil {
		return
	}
	if q, ok := spec.Param(m.param.Selected); ok {
		m.values.SetText(sweep.FormatValues(sweep.Defaults(spec, q)))
	}
}

// config is the sweep Run sweep starts: the setup as the left panel shows it, run
// at each of the values typed.
func (m *sweepMode) config() (sweep.Config, presets.Preset, error) {
	s, err := m.w.readSetup()
	if err != nil {
		return sweep.Config{}, s, fmt.Errorf("the setup: %w", err)
	}
	values, err := sweep.ParseValues(m.values.Text)
	if err != nil {
		return sweep.Config{}, s, fmt.Errorf("values: %w", err)
	}
	c := sweep.Config{Run: config(s, m.w.counters, m.w.env), Param: m.param.Selected, Values: values}
	return c, s, c.Check()
}

// show puts s on the chart, the table and the claims; pending is the value being
// measured (NaN for none).
func (m *sweepMode) show(s *result.Sweep, pending float64) {
	m.shown = s
	m.chart.SetSweep(s, charts.ScaleAuto, pending)
	if len(s.Points) == 0 {
		m.table.SetMessage("No point measured yet.", false)
	} else {
		m.table.SetTable(charts.SweepPointsTable(s))
	}
	m.claims.ShowSweep(s)
}

// clear empties the chart and the table.
func (m *sweepMode) clear(msg string) {
	m.shown, m.file = nil, ""
	m.chart.SetMessage(msg)
	m.table.SetMessage(msg, false)
	m.claims.ShowSweep(nil)
	m.progress.SetValue(0)
	m.status.SetText("")
}

// updateButtons enables what makes sense now.
func (m *sweepMode) updateButtons() {
	sweeping := m.ctl.live != nil
	enable(m.run, !sweeping && !m.w.live)
	enable(m.cancel, sweeping)
	has := m.shown != nil && len(m.shown.Points) > 0
	enable(m.export, has)
	enable(m.save, has)
	enable(m.open, !sweeping)
	enable(m.param, !sweeping)
	enable(m.values, !sweeping)
	enable(m.defaults, !sweeping)
}

// active reports whether the sweep tab is the one shown, so that the keys act on it.
func (m *sweepMode) active() bool {
	return m.w.runTabs != nil && m.w.runTabs.Selected() == m.w.sweepTab
}

// showTab brings the sweep tab to the front.
func (m *sweepMode) showTab() {
	if m.w.runTabs != nil {
		m.w.runTabs.Select(m.w.sweepTab)
	}
}

// toggle is the space bar in the sweep tab: start a sweep, or cancel the one
// running.
func (m *sweepMode) toggle() {
	if m.ctl.live != nil {
		m.stop()
		return
	}
	m.start()
}

// modeTabs puts the live run's view and the sweep's in two tabs, the live run first.
func (w *window) modeTabs(liveRun fyne.CanvasObject) fyne.CanvasObject {
	w.sweep = newSweepMode(w)
	w.sweepTab = container.NewTabItemWithIcon("Sweep", theme.ListIcon(), w.sweep.view)
	w.runTabs = container.NewAppTabs(container.NewTabItemWithIcon("Live run", theme.MediaPlayIcon(), liveRun), w.sweepTab)
	w.runTabs.OnSelected = func(*container.TabItem) { w.win.Canvas().Unfocus() }
	return w.runTabs
}
