//go:build !nogui

package ui

import (
	"context"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/lab"
	"localitylab/launch"
	"localitylab/presets"
)

// The run's controls: the buttons under the setup, the Run menu and the run's part
// of the File menu, the keys only a run has (S or → steps, R resets), and what each
// does.

// runButtons are the run's buttons and Export and Save, under the setup, where they
// stay in view however long the parameter list is.
type runButtons struct {
	box                                   fyne.CanvasObject
	run, pause, step, reset, export, save *widget.Button
	handout                               *widget.Button
}

func newRunButtons(j *runJob) *runButtons {
	b := &runButtons{}
	b.run = widget.NewButtonWithIcon("Run", theme.MediaPlayIcon(), j.runOrResume)
	b.run.Importance = widget.HighImportance
	b.pause = widget.NewButtonWithIcon("Pause", theme.MediaPauseIcon(), j.pause)
	b.step = widget.NewButtonWithIcon("Step", theme.MediaSkipNextIcon(), j.step)
	b.reset = widget.NewButtonWithIcon("Reset", theme.MediaReplayIcon(), j.reset)
	b.export = widget.NewButtonWithIcon("Export…", theme.DocumentSaveIcon(), func() { j.files.export(j) })
	b.save = widget.NewButtonWithIcon("Save run…", theme.DocumentSaveIcon(), func() { j.files.save(j) })
	b.handout = widget.NewButtonWithIcon("Handout…", theme.DocumentPrintIcon(), func() { j.files.handout(j) })
	b.box = container.NewVBox(widget.NewSeparator(),
		container.NewGridWithColumns(4, b.run, b.pause, b.step, b.reset),
		container.NewGridWithColumns(3, b.export, b.handout, b.save))
	return b
}

// runMenuItems are the run's menu entries: the Run menu, the File menu's first
// part (the run in and out of files, and the saved run it is compared with), and
// the View menu's budget line and frame-time axis, which its charts draw.
type runMenuItems struct {
	run  *fyne.Menu
	file []*fyne.MenuItem
	view []*fyne.MenuItem

	toggle, step, reset, cancel, counters *fyne.MenuItem
	simulate                              *fyne.MenuItem
	export, save, clearBase               *fyne.MenuItem
	exports                               []*fyne.MenuItem
	budgets, scales                       []*fyne.MenuItem // one of each group is checked
	budget, scale                         int              // which
}

func newRunMenuItems(j *runJob) *runMenuItems {
	h, f := j.host, j.files
	m := &runMenuItems{}
	m.toggle = item("Run / pause", keySpace, j.toggle)
	m.step = item("Step one frame", keyStep, j.step)
	m.reset = item("Reset", keyReset, j.reset)
	m.cancel = item("Cancel loading", keyEsc, j.cancel)
	m.counters = fyne.NewMenuItem("Hardware counters", func() {
		hw, sim := h.counters()
		h.setCounters(!hw, sim)
	})
	m.simulate = fyne.NewMenuItem("Simulated misses", func() {
		hw, sim := h.counters()
		h.setCounters(hw, !sim)
	})
	m.run = fyne.NewMenu("Run", m.toggle, m.step, m.reset, m.cancel, fyne.NewMenuItemSeparator(), m.counters, m.simulate)

	m.export = item("Export…", keyExport, func() { f.export(j) })
	var exportAs *fyne.MenuItem
	exportAs, m.exports = exportAsMenu(f, "Export as", j, runFormats, nil)
	m.save = item("Save run…", keySave, func() { f.save(j) })
	m.clearBase = fyne.NewMenuItem("Clear the comparison", j.base.clear)
	m.file = []*fyne.MenuItem{
		item("Open run…", keyOpen, func() { f.openDialog(j) }), m.save, m.export, exportAs,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Compare with a saved run…", func() { f.openFile("Compare with a saved run", j.base.compareWith) }),
		m.clearBase,
	}
	m.addView(j)
	return m
}

// addView makes the View menu's items: the budget line and the frame-time axis of
// the run's charts, each a group of which one item is checked.
func (m *runMenuItems) addView(j *runJob) {
	for i, b := range []struct {
		label string
		d     time.Duration
	}{{"Budget line: 16.7 ms (60 fps)", 0}, {"Budget line: 33.3 ms (30 fps)", charts.Budget30}, {"No budget line", -1}} {
		m.budgets = append(m.budgets, fyne.NewMenuItem(b.label, func() {
			j.pane.charts.setBudget(b.d)
			m.budget = i
			j.host.refresh()
		}))
	}
	for i, s := range []charts.Scale{charts.ScaleAuto, charts.ScaleLinear, charts.ScaleLog} {
		m.scales = append(m.scales, fyne.NewMenuItem("Frame-time axis: "+s.String(), func() {
			j.pane.charts.setScale(s)
			m.scale = i
			j.host.refresh()
		}))
	}
	m.budgets[0].Checked, m.scales[0].Checked = true, true
	m.view = append(append(append(m.view, m.budgets...), fyne.NewMenuItemSeparator()), m.scales...)
}

// sync makes the items follow the run.
func (m *runMenuItems) sync(j *runJob, s *menuSync) {
	has := j.shown != nil && j.invalid == nil
	s.set(&m.export.Disabled, !has)
	s.set(&m.save.Disabled, !has)
	for _, it := range m.exports {
		s.set(&it.Disabled, !has)
	}
	s.set(&m.cancel.Disabled, !j.measuring && !j.sim.running())
	s.set(&m.reset.Disabled, j.buttons.reset.Disabled())
	s.set(&m.clearBase.Disabled, !j.base.shown())
	hw, sim := j.host.counters()
	s.set(&m.counters.Checked, hw)
	s.set(&m.simulate.Checked, sim)
	for i, it := range m.budgets {
		s.set(&it.Checked, i == m.budget)
	}
	for i, it := range m.scales {
		s.set(&it.Checked, i == m.scale)
	}
}

// refresh enables what makes sense in the run's phase, and while another job
// measures, nothing that would start a run.
func (j *runJob) refresh(measuring job, s *menuSync) {
	b := j.buttons
	free := measuring == nil || measuring == j
	loading := j.measuring && (j.phase == lab.Starting || j.phase == lab.Loading)
	paused := j.measuring && j.phase == lab.Paused
	simulating, finding := j.sim.running(), j.search.running()
	enable(b.run, (!j.measuring || paused) && free && !simulating && !finding)
	b.run.SetText("Run")
	if paused {
		b.run.SetText("Resume")
	}
	enable(b.pause, j.measuring && !paused) // pausing a load: load, then wait
	enable(b.step, !loading && free && !simulating && !finding)
	enable(b.reset, (j.measuring || j.shown != nil) && free) // a sweep's setup is not the run's to unlock
	has := j.shown != nil && j.invalid == nil
	enable(b.export, has)
	enable(b.save, has)
	enable(b.handout, has && !j.measuring)
	j.pane.lesson.syncFind(measuring == nil, j.search.current())
	j.items.sync(j, s)
}

// key handles the plain keys only a run has.
func (j *runJob) key(name fyne.KeyName) {
	switch name {
	case fyne.KeyS, fyne.KeyRight:
		if !j.buttons.step.Disabled() {
			j.step()
		}
	case fyne.KeyR:
		j.reset()
	}
}

// runOrResume is the Run button: it resumes a paused run, or starts a new one.
func (j *runJob) runOrResume() {
	switch {
	case j.measuring && j.phase == lab.Paused:
		j.live.Resume()
	case j.measuring:
		// Already loading or running.
	default:
		j.begin(false)
	}
}

// toggle is the space bar: pause a live run, resume a paused one, or start one.
func (j *runJob) toggle() {
	if j.measuring && j.phase != lab.Paused {
		j.pause()
		return
	}
	j.runOrResume()
}

func (j *runJob) pause() {
	if j.measuring {
		j.live.Pause()
	}
}

// step runs one frame of every backing and pauses; with no run live, it starts one
// paused and steps it once its worlds are loaded.
func (j *runJob) step() {
	if !j.measuring && !j.begin(true) {
		return
	}
	j.live.Step()
}

// reset stops the run, if any, and clears what it showed. While a sweep measures it
// is refused: the setup is the sweep's then, and stays locked until the sweep ends.
func (j *runJob) reset() {
	if !j.host.mayStart(j) {
		return
	}
	j.stop()
	j.measuring = false
	j.clear(noRun)
	j.pane.lesson.SetSetup(j.host.preset())
	j.host.say("Ready.", false)
	j.host.refresh() // the setup unlocks: nothing measures now
}

// cancel interrupts a load (or a run): what was measured is kept on screen.
func (j *runJob) cancel() {
	switch {
	case j.search.running():
		j.search.cancel()
	case j.sim.running():
		j.sim.cancel()
	case j.measuring:
		j.live.Stop()
		j.host.say("Cancelling…", false)
	}
}

// findBudget is a budget claim's button: it starts the search for claim c
// (budgetfind.go), or cancels it when it is the one running. A run in progress is
// stopped first.
func (j *runJob) findBudget(c presets.Claim) {
	switch {
	case j.search.running():
		j.search.cancelOf(c)
	case !j.host.mayStart(j):
	case j.measuring || j.sim.running():
		j.host.say("A run is in progress: stop it first (Esc), then search.", true)
	default:
		j.search.start(c)
	}
}

// begin starts the setup's run, paused or not, and reports whether it started. A run
// that cannot start (a mistake in the setup, not enough memory, a sweep measuring)
// leaves the window as it was and says why in a dialog and on the status line.
func (j *runJob) begin(paused bool) bool {
	h := j.host
	if !h.mayStart(j) {
		return false
	}
	if j.sim.running() {
		h.say("The last run's misses are being simulated: Esc stops that first, keeping the run.", true)
		return false
	}
	if j.search.running() {
		h.say("A budget search is running: Esc stops it first.", true)
		return false
	}
	s, err := h.readPreset()
	if err != nil {
		h.startFailed("The setup has a mistake", err)
		return false
	}
	counters, simulate := h.counters()
	cfg := config(s, counters, *j.env)
	cfg.StartPaused = paused
	cfg.Probe = machineProbe(cfg.Pages)
	start := j.env.start
	if start == nil {
		start = lab.Start
	}
	l, err := start(context.Background(), cfg)
	if err != nil {
		h.startFailed("The run cannot start", err)
		return false
	}
	j.stop() // the last run, ended: its pump and what it holds
	l.SetLayout(int(j.layoutOf.Load()))
	j.live = l
	j.pump.start(*j.env, l, j.gatherer(l))
	j.measuring, j.phase, j.shown, j.invalid = true, lab.Starting, nil, nil
	j.simAsked = simulate
	j.base.keep(s.Workload)
	j.pane.begin(cfg, s)
	j.syncLayout()
	msg := fmt.Sprintf("Starting %d worker processes…", len(cfg.Backings))
	if n := launch.SlowNotice(cfg, &s); n != "" {
		// Said before any frame, as the command line does: the wait is expected.
		h.started(s, "")
		h.sayMore(msg+" Slow: over a minute expected (Details).", "Slow: "+n+".", false)
		return true
	}
	h.started(s, msg)
	return true
}

type enabler interface {
	Enable()
	Disable()
}

func enable(o enabler, on bool) {
	if on {
		o.Enable()
	} else {
		o.Disable()
	}
}
