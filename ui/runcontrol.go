//go:build !nogui

package ui

import (
	"context"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/lab"
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
	b.export = widget.NewButtonWithIcon("Export…", theme.DocumentSaveIcon(), func() { j.w.exportDialog(j) })
	b.save = widget.NewButtonWithIcon("Save run…", theme.DocumentSaveIcon(), func() { j.w.saveDialog(j) })
	b.handout = widget.NewButtonWithIcon("Handout…", theme.DocumentPrintIcon(), func() { j.w.handoutDialog(j) })
	b.box = container.NewVBox(widget.NewSeparator(),
		container.NewGridWithColumns(4, b.run, b.pause, b.step, b.reset),
		container.NewGridWithColumns(3, b.export, b.handout, b.save))
	return b
}

// runMenuItems are the run's menu entries: the Run menu, and the File menu's first
// part (the run in and out of files, and the saved run it is compared with).
type runMenuItems struct {
	run  *fyne.Menu
	file []*fyne.MenuItem

	toggle, step, reset, cancel, counters *fyne.MenuItem
	simulate                              *fyne.MenuItem
	export, save, clearBase               *fyne.MenuItem
	exports                               []*fyne.MenuItem
}

func newRunMenuItems(j *runJob) *runMenuItems {
	w := j.w
	m := &runMenuItems{}
	m.toggle = item("Run / pause", keySpace, j.toggle)
	m.step = item("Step one frame", keyStep, j.step)
	m.reset = item("Reset", keyReset, j.reset)
	m.cancel = item("Cancel loading", keyEsc, j.cancel)
	m.counters = fyne.NewMenuItem("Hardware counters", func() { w.setup.setCounters(!w.setup.counters) })
	m.simulate = fyne.NewMenuItem("Simulated misses", func() { w.setup.setSimulate(!w.setup.simulate) })
	m.run = fyne.NewMenu("Run", m.toggle, m.step, m.reset, m.cancel, fyne.NewMenuItemSeparator(), m.counters, m.simulate)

	m.export = item("Export…", keyExport, func() { w.exportDialog(j) })
	var exportAs *fyne.MenuItem
	exportAs, m.exports = exportAsMenu(w, "Export as", j, runFormats, nil)
	m.save = item("Save run…", keySave, func() { w.saveDialog(j) })
	m.clearBase = fyne.NewMenuItem("Clear the comparison", j.base.clear)
	m.file = []*fyne.MenuItem{
		item("Open run…", keyOpen, func() { w.openDialog(j) }), m.save, m.export, exportAs,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Compare with a saved run…", func() { w.files.open("Compare with a saved run", j.base.compareWith) }),
		m.clearBase,
	}
	return m
}

// sync makes the items follow the run.
func (m *runMenuItems) sync(j *runJob, s *menuSync) {
	has := j.shown != nil && j.invalid == nil
	s.set(&m.export.Disabled, !has)
	s.set(&m.save.Disabled, !has)
	for _, it := range m.exports {
		s.set(&it.Disabled, !has)
	}
	s.set(&m.cancel.Disabled, !j.measuring && !j.simulating())
	s.set(&m.reset.Disabled, j.buttons.reset.Disabled())
	s.set(&m.clearBase.Disabled, j.base.r == nil)
	s.set(&m.counters.Checked, j.w.setup.counters)
	s.set(&m.simulate.Checked, j.w.setup.simulate)
}

// refresh enables what makes sense in the run's phase, and while another job
// measures, nothing that would start a run.
func (j *runJob) refresh(s *menuSync) {
	b := j.buttons
	other := j.w.busy()
	free := other == nil || other.job == j
	loading := j.measuring && (j.phase == lab.Starting || j.phase == lab.Loading)
	paused := j.measuring && j.phase == lab.Paused
	enable(b.run, (!j.measuring || paused) && free && !j.simulating() && !j.finding())
	b.run.SetText("Run")
	if paused {
		b.run.SetText("Resume")
	}
	enable(b.pause, j.measuring && !paused) // pausing a load: load, then wait
	enable(b.step, !loading && free && !j.simulating() && !j.finding())
	enable(b.reset, (j.measuring || j.shown != nil) && free) // a sweep's setup is not the run's to unlock
	has := j.shown != nil && j.invalid == nil
	enable(b.export, has)
	enable(b.save, has)
	enable(b.handout, has && !j.measuring)
	j.pane.lesson.syncFind(other == nil, j.find)
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
	if !j.w.mayStart(j) {
		return
	}
	j.stop()
	j.measuring = false
	j.w.setup.setEditable(j.w.busy() == nil)
	j.clear(noRun)
	j.pane.lesson.SetSetup(j.w.setup.preset)
	j.w.status.say("Ready.", false)
	j.w.refresh()
}

// cancel interrupts a load (or a run): what was measured is kept on screen.
func (j *runJob) cancel() {
	if j.finding() {
		j.cancelFind()
		return
	}
	if j.simulating() {
		j.cancelSim()
		return
	}
	if j.measuring {
		j.live.Stop()
		j.w.status.say("Cancelling…", false)
	}
}

// begin starts the setup's run, paused or not, and reports whether it started. A run
// that cannot start (a mistake in the setup, not enough memory, a sweep measuring)
// leaves the window as it was and says why in a dialog and on the status line.
func (j *runJob) begin(paused bool) bool {
	w := j.w
	if !w.mayStart(j) {
		return false
	}
	if j.simulating() {
		w.status.say("The last run's misses are being simulated: Esc stops that first, keeping the run.", true)
		return false
	}
	if j.finding() {
		w.status.say("A budget search is running: Esc stops it first.", true)
		return false
	}
	s, err := w.setup.read()
	if err != nil {
		w.startFailed("The setup has a mistake", err)
		return false
	}
	cfg := config(s, w.setup.counters, w.env)
	cfg.StartPaused = paused
	cfg.Probe = machineProbe(cfg.Pages)
	start := w.env.start
	if start == nil {
		start = lab.Start
	}
	l, err := start(context.Background(), cfg)
	if err != nil {
		w.startFailed("The run cannot start", err)
		return false
	}
	j.stop() // the last run, ended: its pump and what it holds
	l.SetLayout(int(j.layoutOf.Load()))
	j.live = l
	j.pump.start(w.env, l, j.gatherer(l))
	j.measuring, j.phase, j.shown, j.invalid = true, lab.Starting, nil, nil
	j.simAsked = w.setup.simulate
	j.base.keep(s.Workload)
	j.pane.begin(cfg, s)
	j.syncLayout()
	w.started(s, fmt.Sprintf("Starting %d worker processes…", len(cfg.Backings)))
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
