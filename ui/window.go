package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/charts/live"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/presets"
)

// window is the app's one window and everything it shows. Its fields are touched only
// on the Fyne goroutine; the controller's pump hands its updates over through
// env.do.
type window struct {
	app fyne.App
	win fyne.Window
	env env
	ctl *controller

	setup    presets.Preset  // what the left panel shows, as last applied
	claims   []presets.Claim // the lesson's claims, those about unchosen backings included
	counters bool
	large    bool

	left      *leftPanel
	preview   *Preview
	layout    *layoutPanel
	tabs      *container.AppTabs // the preview and the layout
	layoutTab *container.TabItem
	loading   *loadingPanel
	stack     *fyne.Container // the tabs, or the loading panel in front of them
	charts    []*live.Chart
	table     *SummaryTable
	info      *infoPanel
	status    *widget.Label // the status line's text
	statusBar *statusBar
	sweep     *sweepMode         // the Sweep tab
	runTabs   *container.AppTabs // the live run and the sweep
	sweepTab  *container.TabItem

	shown    *result.Run // the run whose figures are shown: live snapshot or reopened file
	file     string      // the file a reopened run came from
	base     *result.Run // a saved run shown under it for comparison (comparerun.go), or nil
	baseFile string      // the file base came from
	invalid  error       // the shown run's checksums disagreed: it is not a result
	phase    lab.Phase
	status0  lab.Status // the run's status as last shown
	live     bool       // a run is live (loading, running or paused)
	failed   []bool     // backings already marked failed
	startErr error      // why the last run could not start, if it could not
	menu     *menuItems

	auto     *autoQuit // -quit-after, when given
	exitCode int
	quitting bool // the app was told to quit
}

// newWindow builds the window on app a, showing setup s.
func newWindow(a fyne.App, s presets.Preset, large bool, e env) *window {
	w := &window{app: a, env: e, counters: true, large: large}
	w.ctl = &controller{env: e, apply: w.apply}
	w.ctl.layoutOf.Store(-1)
	a.Settings().SetTheme(newLabTheme(large))
	w.win = a.NewWindow("Locality Lab")
	w.build()
	w.left.fitWidth(a.Settings().Theme().Size(theme.SizeNameText))
	w.applySetup(s)
	w.win.SetMainMenu(w.mainMenu())
	w.bindKeys()
	w.win.Resize(fallbackSize) // main fits it to the screen once the window is shown
	w.win.SetOnClosed(w.closed)
	return w
}

// build lays the window out: setup on the left; in the centre the preview (or, in a
// tab of its own, the layout of one backing) beside the lesson and notes, the three charts under them, the summary table at the
// bottom; a status line under everything.
func (w *window) build() {
	w.left = w.newLeftPanel()
	w.preview = NewPreview("No preview yet: the world appears once frames run.")
	w.layout = newLayoutPanel(func(int) { w.syncLayout() })
	w.layoutTab = container.NewTabItem("Layout", w.layout.root)
	w.tabs = container.NewAppTabs(container.NewTabItem("Preview", w.preview), w.layoutTab)
	w.tabs.OnSelected = func(*container.TabItem) { w.syncLayout() }
	w.loading = newLoadingPanel(w.cancel)
	w.stack = container.NewStack(w.tabs, w.loading.box)
	w.loading.box.Hide()
	for _, m := range charts.Metrics {
		w.charts = append(w.charts, live.NewChart(m))
	}
	w.table = NewSummaryTable("No run yet: press Run (Space), or open a saved run (Ctrl+O).")
	w.info = newInfoPanel()
	w.statusBar = newStatusBar(w.win)
	w.status = w.statusBar.label

	top := container.NewHSplit(w.stack, w.info.scroll)
	top.Offset = 0.5
	row := container.NewGridWithColumns(len(w.charts))
	for _, c := range w.charts {
		row.Add(c)
	}
	split := container.NewVSplit(top, row)
	split.Offset = 0.55
	// The table takes the height of its rows, which is never much (six backings at
	// most), and the preview and the charts share the rest.
	centre := container.NewBorder(nil, container.NewVBox(widget.NewSeparator(), container.NewHScroll(w.table)), nil, nil, split)
	body := container.NewBorder(nil, nil, w.left.root, nil, w.modeTabs(centre))
	w.win.SetContent(container.NewBorder(nil, container.NewVBox(widget.NewSeparator(), w.statusBar.box), nil, nil, body))
}

// closed stops a live run when the user closes the window, so that no worker
// outlives the app, and remembers the setup.
func (w *window) closed() {
	if w.auto == nil {
		w.remember()
	}
	if l := w.sweep.ctl.live; l != nil {
		w.sweep.ctl.stop()
		select { // its point's workers are stopped as a run's are
		case <-l.Done():
		case <-time.After(5 * time.Second):
		}
	}
	if w.ctl.live != nil {
		l := w.ctl.live
		w.ctl.stop()
		select { // the lab kills a worker that does not stop when told
		case <-l.Done():
		case <-time.After(5 * time.Second):
		}
	}
}
