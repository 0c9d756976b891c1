//go:build !nogui

package ui

import (
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/charts/export"
	"localitylab/charts/live"
	"localitylab/handout"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/sweep"
	"localitylab/launch"
	"localitylab/presets"
	"localitylab/workloads"
)

// sweepJob is the Sweep tab: the setup on the left run at each value of one
// parameter, the chart of each backing's cost per entity growing point by point,
// the table per point, the lesson's sweep claims with what the sweep answers, and
// the sweep's own buttons. The left panel's setup is the run made at every point;
// the sweep locks it while it runs, as a live run does. How a sweep runs is in
// sweeprun.go.
type sweepJob struct {
	kit         // the window as the tab sees it (host.go)
	jobDefaults // no keys of its own, nothing to follow in the large text

	root     fyne.CanvasObject
	param    *widget.Select
	values   *widget.Entry
	defaults *widget.Button
	buttons  struct{ run, cancel, export, handout, save, open *widget.Button }
	progress *progressBar
	status   *widget.Label // the status line's words about the sweep, kept in the tab
	chart    *live.SweepChart
	table    *SummaryTable
	claims   *sweepClaims
	body     sweepBody // where the chart, the claims and the table sit (sweeplayout.go)

	workload, lesson string // what param and values were last filled in for
	quiet            bool   // param is being set from code: its callback must not react

	live     *sweep.Live // the sweep started last; kept after its end; nil after Open
	pump     pump
	sweeping bool
	shown    *result.Sweep // the sweep on screen: live snapshot or opened file
}

// noSweep is what the chart and table say before any sweep.
const noSweep = "No sweep yet: choose a parameter and its values, then Run sweep (Space)."

func newSweepJob(k kit) *sweepJob {
	j := &sweepJob{kit: k}
	f := k.files
	j.param = widget.NewSelect(nil, func(string) { j.paramChosen() })
	j.values = widget.NewEntry()
	j.values.SetPlaceHolder("values, e.g. 1000, 10k, 1M")
	j.values.OnSubmitted = func(string) { k.win.Canvas().Unfocus() }
	j.defaults = widget.NewButton("Defaults", j.fillDefaults)
	b := &j.buttons
	b.run = widget.NewButtonWithIcon("Run sweep", theme.MediaPlayIcon(), j.start)
	b.run.Importance = widget.HighImportance
	b.cancel = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), j.cancel)
	b.export = widget.NewButtonWithIcon("Export…", theme.DocumentSaveIcon(), func() { f.export(j) })
	b.save = widget.NewButtonWithIcon("Save sweep…", theme.DocumentSaveIcon(), func() { f.save(j) })
	b.handout = widget.NewButtonWithIcon("Handout…", theme.DocumentPrintIcon(), func() { f.handout(j) })
	b.open = widget.NewButtonWithIcon("Open sweep…", theme.FolderOpenIcon(), func() { f.openDialog(j) })
	j.progress = newProgressBar()
	j.status = widget.NewLabel("")
	j.status.Truncation = fyne.TextTruncateEllipsis
	j.chart = live.NewSweepChart(noSweep)
	j.table = NewSummaryTable(noSweep)
	j.table.SetStackedHeaders(true)
	j.table.SetBlankColumns([]string{"value", "ns/entity per backing (95% CI)", "fastest", "rounds"})
	j.claims = newSweepClaims()

	form := container.NewBorder(nil, nil,
		container.NewHBox(widget.NewLabel("Sweep"), j.param, widget.NewLabel("over")),
		j.defaults, j.values)
	buttons := container.NewHBox(b.run, b.cancel, widget.NewSeparator(), b.export, b.save, b.open)
	top := container.NewVBox(form, buttons, container.NewBorder(nil, nil, nil, nil, j.progress), j.status)
	j.root = j.body.build(j, top)
	return j
}

func (j *sweepJob) places() places                  { return places{tab: j.root, menu: j.menu()} }
func (j *sweepJob) busy() bool                      { return j.sweeping }
func (j *sweepJob) fromFlags(o launch.Options) bool { return o.Sweep }

// menu is the sweep's actions, which also bring its tab to the front.
func (j *sweepJob) menu() *fyne.Menu {
	f := j.files
	show := func() { j.host.bringFront(j) }
	front := func(fn func()) func() {
		return func() {
			show()
			fn()
		}
	}
	exportAs, _ := exportAsMenu(f, "Export sweep as", j, sweepFormats, front)
	return fyne.NewMenu("Sweep",
		fyne.NewMenuItem("Show the sweep", show),
		fyne.NewMenuItem("Run sweep", front(j.start)),
		fyne.NewMenuItem("Cancel sweep", j.cancel),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Open sweep…", front(func() { f.openDialog(j) })),
		fyne.NewMenuItem("Save sweep…", front(func() { f.save(j) })),
		exportAs,
	)
}

// setupChanged follows another setup: the parameters of its workload, and, for a
// sweep lesson, its parameter and values; otherwise the values are kept while the
// workload and parameter are, so that a person's list is not lost.
func (j *sweepJob) setupChanged(s presets.Preset, e setupEvent) {
	if e != setupReplaced {
		return
	}
	spec, err := workloads.Lookup(s.Workload)
	if err != nil {
		return
	}
	j.quiet = true
	j.param.SetOptions(sweep.Params(spec))
	switch {
	case s.Sweep != nil && s.Name != j.lesson:
		j.param.SetSelected(s.Sweep.Param)
		j.values.SetText(sweep.FormatValuesOf(s.Sweep.Param, s.Sweep.Values))
	case s.Workload != j.workload || j.param.Selected == "":
		j.param.SetSelected("entities")
		j.quiet = false
		j.fillDefaults()
	}
	j.quiet = false
	j.workload, j.lesson = s.Workload, s.Name
	j.claims.SetClaims(s.Claims, s.Sweep)
	if j.shown != nil {
		j.claims.ShowSweep(j.shown)
	}
}

// paramChosen fills in the new parameter's default values.
func (j *sweepJob) paramChosen() {
	j.win.Canvas().Unfocus()
	if !j.quiet {
		j.fillDefaults()
	}
}

// fillDefaults puts the chosen parameter's default values in the entry.
func (j *sweepJob) fillDefaults() {
	spec, err := workloads.Lookup(j.host.preset().Workload)
	if err != nil {
		return
	}
	if q, ok := sweep.Param(spec, j.param.Selected); ok {
		j.values.SetText(sweep.FormatValuesOf(q.Name, sweep.Defaults(spec, q)))
	}
}

// refresh enables what makes sense now.
func (j *sweepJob) refresh(measuring job, _ *menuSync) {
	b := &j.buttons
	enable(b.run, measuring == nil)
	enable(b.cancel, j.sweeping)
	has := j.shown != nil && len(j.shown.Points) > 0 && !j.sweeping // a sweep is written once it ends (or is cancelled)
	enable(b.export, has)
	enable(b.handout, has)
	enable(b.save, has)
	enable(b.open, !j.sweeping)
	enable(j.param, !j.sweeping)
	enable(j.values, !j.sweeping)
	enable(j.defaults, !j.sweeping)
}

// show puts s on the chart, the table and the claims; pending is the value being
// measured (NaN for none).
func (j *sweepJob) show(s *result.Sweep, pending float64) {
	j.shown = s
	j.chart.SetSweep(s, charts.ScaleAuto, pending)
	if len(s.Points) == 0 {
		j.table.SetMessage("No point measured yet.", false)
	} else {
		j.table.SetTable(charts.SweepPointsTable(s))
	}
	j.body.fitTable()
	j.claims.ShowSweep(s)
}

// clear empties the chart and the table, saying msg.
func (j *sweepJob) clear(msg string) {
	j.shown = nil
	j.chart.SetMessage(msg)
	j.table.SetMessage(msg, false)
	j.body.fitTable()
	j.claims.ShowSweep(nil)
	j.progress.SetValue(0)
	j.status.SetText("")
}

// output is what Export and Save write: the sweep as measured so far, or the one
// opened.
func (j *sweepJob) output() (output, error) {
	var s *result.Sweep
	switch {
	case j.sweeping:
		s = j.live.Snapshot()
	case j.shown != nil && len(j.shown.Points) > 0:
		s = j.shown
	default:
		return output{}, errors.New("there is no sweep yet: run one (Run sweep) or open a saved one (Open sweep…)")
	}
	setup := j.host.preset()
	return output{stem: "sweep-" + s.Param + "-" + s.Started.Local().Format("20060102-1504"), write: func(w io.Writer, f fileFormat) error {
		return export.SweepFormatNamed(f.Name).Write(w, s, sweepOptions(setup, s))
	}}, nil
}

// sweepOptions are what the page says beside the figures: the lesson's sweep claims
// with what the sweep measured.
func sweepOptions(setup presets.Preset, s *result.Sweep) charts.Options {
	var o charts.Options
	if s.Workload != setup.Workload {
		return o
	}
	for _, a := range presets.AnswerSweepClaims(setup.Claims, s) {
		o.Claims = append(o.Claims, charts.Claim{Source: a.Source, Text: a.Text, Answer: a.Answer.String()})
	}
	return o
}

// open shows the sweep saved at path, without running anything, in the sweep tab.
// The setup becomes the sweep's (workload, backings, parameters, and for a lesson's
// sweep the lesson and its claims) and the tab shows its parameter and values, so
// that Run sweep measures it again and its claims are answered. While a job measures
// it refuses, as opening a run does.
func (j *sweepJob) open(path string) {
	h := j.host
	if !h.idle("Cannot open a sweep now") {
		return
	}
	s, err := lab.LoadSweep(path)
	if err != nil {
		h.fail("Cannot open the sweep", err)
		return
	}
	if setup, ok := setupOfSweep(s, h.preset()); ok {
		h.applyPreset(setup)
	}
	j.quiet = true // the file's parameter and values, not the parameter's defaults
	j.param.SetSelected(s.Param)
	j.values.SetText(sweep.FormatValuesOf(s.Param, s.Values))
	j.quiet = false
	j.stop() // the last sweep is not this one
	j.show(s, math.NaN())
	j.progress.SetValue(1)
	h.bringFront(j)
	h.refresh()
	h.say(fmt.Sprintf("Opened %s: a sweep of %s over %d values on %s, measured %s. Nothing was run.",
		filepath.Base(path), s.Param, len(s.Values), s.Workload, s.Started.Local().Format("2 Jan 2006 15:04"))+j.body.arrived(j.claims.answers()), false)
}

// handoutPage is the handout of the sweep shown, with prediction (handout.go).
func (j *sweepJob) handoutPage(prediction string) (*handout.Page, error) {
	if j.shown == nil || j.sweeping || len(j.shown.Points) == 0 {
		return nil, errors.New("a handout needs a finished sweep: run the lesson's sweep first, or open a saved sweep of it")
	}
	l, err := lessonOf(j.shown.Title, j.shown.Workload, j.host.preset())
	if err != nil {
		return nil, err
	}
	return handout.FromSweep(l, j.shown, prediction)
}

// predictions are those typed under the sweep's claims.
func (j *sweepJob) predictions() string { return j.claims.predictions(j.host.preset().Sweep) }
