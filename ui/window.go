//go:build !nogui

package ui

import (
	"context"
	"errors"
	"fmt"
	"sync"
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
// start and an end change outside the job — and each part owns its own state. Its
// fields are touched only on the Fyne goroutine; the jobs' pumps hand their updates
// over through env.do.
type window struct {
	app fyne.App
	win fyne.Window
	env env

	setup  *setupPanel
	status *statusLine
	files  fileDialogs
	tabs   []*jobTab          // in jobKinds' order
	tabBar *container.AppTabs // the tabs' widget: which job is in front
	run    *runJob            // the Live run tab, which the File menu, -compare and -layout address
	sweep  *sweepJob          // the Sweep tab, which -sweep brings to the front
	class  *classJob          // the Class tab, which -compare with three files or more fills
	menu   *menuBar
	large  bool

	startErr error     // why the last job could not start, if it could not (-quit-after's status)
	auto     *autoQuit // -quit-after, when given
	exitCode int
	quitting bool // the app was told to quit

	// printing is cancelled as the window closes, which stops a browser printing a
	// handout (handout.WritePDF) with everything it started; prints counts those
	// running, which the closing waits for.
	printing   context.Context
	stopPrints context.CancelFunc
	prints     sync.WaitGroup
}

// newWindow builds the window on app a, showing setup s.
func newWindow(a fyne.App, s presets.Preset, large bool, e env) *window {
	w := &window{app: a, env: e, large: large}
	w.printing, w.stopPrints = context.WithCancel(context.Background())
	a.Settings().SetTheme(newLabTheme(large))
	w.win = a.NewWindow("Locality Lab")
	w.status = newStatusLine(w.win)
	w.files = newFileDialogs(w.win, w.status, a.Preferences())
	w.build()
	w.setup.fitWidth(a.Settings().Theme().Size(theme.SizeNameText))
	w.run.pane.setLarge(large)
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
	for _, k := range jobKinds {
		t := &jobTab{jobKind: k, job: k.make(w)}
		t.item = container.NewTabItemWithIcon(k.title, k.icon(), t.job.view())
		w.tabs = append(w.tabs, t)
		w.tabBar.Append(t.item)
	}
	w.tabBar.OnSelected = func(*container.TabItem) { w.win.Canvas().Unfocus() }
	w.setup = newSetupPanel(w.win, w.status, w.files, w.idle, w.run.buttons.box, w.setupChanged)
	body := container.NewBorder(nil, nil, w.setup.root, nil, w.tabBar)
	w.win.SetContent(container.NewBorder(nil, container.NewVBox(widget.NewSeparator(), w.status.box), nil, nil, body))
}

// front is the job whose tab is in front: the one the keys act on.
func (w *window) front() *jobTab { return w.tabs[w.tabBar.SelectedIndex()] }

// bringFront shows j's tab.
func (w *window) bringFront(j job) { w.tabBar.Select(w.tabOf(j).item) }

func (w *window) tabOf(j job) *jobTab {
	for _, t := range w.tabs {
		if t.job == j {
			return t
		}
	}
	panic("ui: a job with no tab")
}

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
		w.status.fail("Cannot "+w.tabOf(j).words.noun+" now", errors.New("a "+b.words.noun+" is in progress: "+b.words.whenBusy))
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
// locked; the status line says msg; -quit-after's clock starts again.
func (w *window) started(s presets.Preset, msg string) {
	w.setup.preset, w.startErr = s, nil
	if w.auto == nil {
		w.setup.remember(w.app.Preferences())
	}
	w.setup.setEditable(false)
	w.status.say(msg, false)
	w.refresh()
	if w.auto != nil {
		w.auto.started()
	}
}

// ended is what every job's end changes outside the job: the setup unlocks, and
// -quit-after, which has nothing more to wait for, quits.
func (w *window) ended() {
	w.setup.setEditable(true)
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

// refresh enables in every job what makes sense now, and redraws the menu when an
// item changed.
func (w *window) refresh() {
	var m menuSync
	for _, t := range w.tabs {
		t.job.refresh(&m)
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
	w.stopPrints()
	printed := make(chan struct{})
	go func() {
		w.prints.Wait()
		close(printed)
	}()
	select { // a stopped print returns at once, its browser killed
	case <-printed:
	case <-time.After(5 * time.Second):
	}
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
