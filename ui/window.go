package ui

import (
	"strings"
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

// The window's size: it fits a 1600×1000 screen with the desktop's bars and frame,
// and its content still fits 1280×800 (the tests check the minimum size).
var defaultSize = fyne.NewSize(1560, 940)

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

	left    *leftPanel
	preview *Preview
	loading *loadingPanel
	stack   *fyne.Container // the preview, or the loading panel in front of it
	charts  []*live.Chart
	table   *SummaryTable
	info    *infoPanel
	status  *widget.Label

	shown    *result.Run // the run whose figures are shown: live snapshot or reopened file
	file     string      // the file a reopened run came from
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
	a.Settings().SetTheme(newLabTheme(large))
	w.win = a.NewWindow("Locality Lab")
	w.build()
	w.left.fitWidth(a.Settings().Theme().Size(theme.SizeNameText))
	w.applySetup(s)
	w.win.SetMainMenu(w.mainMenu())
	w.bindKeys()
	w.win.Resize(defaultSize)
	w.win.SetOnClosed(w.closed)
	return w
}

// build lays the window out: setup on the left; in the centre the preview beside
// the lesson and notes, the three charts under them, the summary table at the
// bottom; a status line under everything.
func (w *window) build() {
	w.left = w.newLeftPanel()
	w.preview = NewPreview("No preview yet: the world appears once frames run.")
	w.loading = newLoadingPanel(w.cancel)
	w.stack = container.NewStack(w.preview, w.loading.box)
	w.loading.box.Hide()
	for _, m := range charts.Metrics {
		w.charts = append(w.charts, live.NewChart(m))
	}
	w.table = NewSummaryTable("No run yet: press Run (Space), or open a saved run (Ctrl+O).")
	w.info = newInfoPanel()
	w.status = widget.NewLabel("Ready.")
	w.status.Truncation = fyne.TextTruncateEllipsis

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
	body := container.NewBorder(nil, nil, w.left.root, nil, centre)
	w.win.SetContent(container.NewBorder(nil, container.NewVBox(widget.NewSeparator(), w.status), nil, nil, body))
}

// say puts msg on the status line; an error is shown in the danger colour.
func (w *window) say(msg string, isErr bool) {
	w.status.Importance = widget.MediumImportance
	if isErr {
		w.status.Importance = widget.DangerImportance
	}
	w.status.SetText(msg)
}

// setLarge switches the projector mode at run time.
func (w *window) setLarge(on bool) {
	w.large = on
	w.app.Settings().SetTheme(newLabTheme(on))
	w.app.Preferences().SetBool(prefLarge, on)
	w.left.fitWidth(w.app.Settings().Theme().Size(theme.SizeNameText))
	if w.menu != nil {
		w.menu.large.Checked = on
		w.win.MainMenu().Refresh()
	}
}

// firstLine is an error on one line, for a table row or the status line: a worker
// error's stderr lines follow its reason after a dash.
func firstLine(s string) string {
	s = strings.Replace(s, "; last stderr lines:\n\t", " — ", 1)
	return strings.ReplaceAll(strings.TrimSpace(s), "\n\t", " | ")
}

// closed stops a live run when the user closes the window, so that no worker
// outlives the app, and remembers the setup.
func (w *window) closed() {
	if w.auto == nil {
		w.remember()
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
