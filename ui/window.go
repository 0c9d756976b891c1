//go:build !nogui

package ui

import (
	"errors"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/lab"
	"localitylab/presets"
)

// window is the app's one window: the setup panel on the left, a tab per job
// (jobs.go) beside it, the status line under everything. It holds the parts and
// what is common to every job — which one is in front, which one measures, what a
// start and an end change outside the job — and each part owns its own state; the
// jobs see it only as their host (host.go). Its fields are touched only on the Fyne
// goroutine; the jobs' pumps hand their updates over through env.do.
type window struct {
	app fyne.App
	win fyne.Window
	env env

	setup   *setupPanel
	status  *statusLine
	files   fileDialogs
	results *resultFiles       // Export, Save, Open and the handout, for every kind
	tabs    []*jobTab          // in jobKinds' order
	tabBar  *container.AppTabs // the tabs' widget: which job is in front
	menu    *menuBar
	large   bool
	locked  bool // the setup is locked: a job measures it

	startErr error     // why the last job could not start, if it could not (-quit-after's status)
	auto     *autoQuit // -quit-after, when given
	exitCode int
	quitting bool // the app was told to quit
}

// newWindow builds the window on app a, showing setup s.
func newWindow(a fyne.App, s presets.Preset, large bool, e env) *window {
	w := &window{app: a, env: e, large: large}
	a.Settings().SetTheme(newLabTheme(large))
	w.win = a.NewWindow("Locality Lab")
	w.status = newStatusLine(w.win)
	w.files = newFileDialogs(w.win, w.status, a.Preferences())
	w.results = newResultFiles(w.win, w.files, w.status)
	w.build()
	w.setup.fitWidth(a.Settings().Theme().Size(theme.SizeNameText))
	for _, t := range w.tabs {
		t.job.setLarge(large)
	}
	w.menu = newMenuBar(w)
	w.win.SetMainMenu(w.menu.main)
	w.setup.apply(s)
	bindKeys(w)
	w.win.Resize(fallbackSize) // main fits it to the screen once the window is shown
	w.win.SetOnClosed(w.closed)
	return w
}

// build makes the jobs in the registry's order, a tab each, and lays the window out.
func (w *window) build() {
	w.tabBar = container.NewAppTabs()
	k := kit{host: w, files: w.results, win: w.win, env: &w.env}
	var under []fyne.CanvasObject // what the jobs put under the setup panel
	for _, kind := range jobKinds {
		t := &jobTab{jobKind: kind, job: kind.make(k)}
		t.places = t.job.places()
		t.item = container.NewTabItemWithIcon(kind.title, kind.icon(), t.places.tab)
		w.tabs = append(w.tabs, t)
		w.tabBar.Append(t.item)
		if t.places.setup != nil {
			under = append(under, t.places.setup)
		}
	}
	w.results.tabs = w.tabs
	w.tabBar.OnSelected = func(*container.TabItem) { w.win.Canvas().Unfocus() }
	var buttons fyne.CanvasObject = container.NewVBox(under...)
	if len(under) == 1 {
		buttons = under[0]
	}
	w.setup = newSetupPanel(w.win, w.status, w.files, w.idle, buttons, w.setupChanged)
	body := container.NewBorder(nil, nil, w.setup.root, nil, w.tabBar)
	w.win.SetContent(container.NewBorder(nil, container.NewVBox(widget.NewSeparator(), w.status.box), nil, nil, body))
}

// front is the job whose tab is in front: the one the keys act on.
func (w *window) front() *jobTab { return w.tabs[w.tabBar.SelectedIndex()] }

// bringFront shows j's tab.
func (w *window) bringFront(j job) { w.tabBar.Select(tabOf(w.tabs, j).item) }

// busy is the job measuring now, or nil: one at a time, since a second would share
// the machine with the first's measurement.
func (w *window) busy() *jobTab {
	for _, t := range w.tabs {
		if t.job.busy() {
			return t
		}
	}
	return nil
}

// mayStart reports whether j may start now, and says why not when another job is
// measuring.
func (w *window) mayStart(j job) bool {
	if b := w.busy(); b != nil && b.job != j {
		w.status.fail("Cannot "+tabOf(w.tabs, j).words.noun+" now", errors.New("a "+b.words.noun+" is in progress: "+b.words.whenBusy))
		return false
	}
	return true
}

// idle reports whether no job is measuring, and otherwise refuses what (an action
// that replaces the setup or a job's figures) with the reason.
func (w *window) idle(what string) bool {
	if b := w.busy(); b != nil {
		w.status.fail(what, errors.New("a "+b.words.noun+" is in progress: "+b.words.whenBusy))
		return false
	}
	return true
}

// startFailed says why a job could not start, in a dialog titled what, and keeps it
// for -quit-after's exit status. A run too big for the memory is refused before any
// worker loads, and says so whichever job asked for it.
func (w *window) startFailed(what string, err error) {
	w.startErr = err
	var me *lab.MemoryError
	if errors.As(err, &me) {
		w.status.fail("Not enough memory for this run", fmt.Errorf("refused before loading: %w", err))
		return
	}
	w.status.fail(what, err)
}

// started is what every job's start changes outside the job: the setup it measures
// becomes the setup, is remembered for the next launch (unless the run is scripted,
// -quit-after, which must not change what a person's next launch opens) and is
// locked (refresh); the status line says msg; -quit-after's clock starts again.
func (w *window) started(s presets.Preset, msg string) {
	w.setup.preset, w.startErr = s, nil
	if w.auto == nil {
		w.setup.remember(w.app.Preferences())
	}
	w.status.say(msg, false)
	w.refresh()
	if w.auto != nil {
		w.auto.started()
	}
}

// ended is what every job's end changes outside the job: the setup unlocks
// (refresh), and -quit-after, which has nothing more to wait for, quits.
func (w *window) ended() {
	w.refresh()
	if w.auto != nil {
		w.auto.ended()
	}
}

// setupChanged passes a change of the setup panel on to every job.
func (w *window) setupChanged(s presets.Preset, e setupEvent) {
	if e == setupReplaced && w.busy() != nil {
		panic("ui: changing the setup while a job measures it")
	}
	for _, t := range w.tabs {
		t.job.setupChanged(s, e)
	}
	w.refresh()
}

// refresh locks the setup while a job measures it and unlocks it once none does,
// enables in every job what makes sense now, and redraws the menu when an item
// changed.
func (w *window) refresh() {
	var measuring job
	if b := w.busy(); b != nil {
		measuring = b.job
	}
	if locked := measuring != nil; locked != w.locked {
		w.locked = locked
		w.setup.setEditable(!locked)
	}
	var m menuSync
	for _, t := range w.tabs {
		t.job.refresh(measuring, &m)
	}
	if w.menu != nil {
		w.menu.sync(&m)
	}
}

// closed stops every job when the user closes the window, so that no worker outlives
// the app, and remembers the setup.
func (w *window) closed() {
	if w.auto == nil {
		w.setup.remember(w.app.Preferences())
	}
	w.results.stopPrints()
	for _, t := range w.tabs {
		if done := t.job.stop(); done != nil {
			select { // the lab kills a worker that does not stop when told
			case <-done:
			case <-time.After(5 * time.Second):
			}
		}
	}
}

// quit closes the window as its close button does: the jobs stop, the setup is
// remembered, and the app ends.
func (w *window) quit() { w.win.Close() }
