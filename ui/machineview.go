//go:build !nogui

package ui

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/charts/live"
	"localitylab/charts/page"
	"localitylab/charts/raster"
	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/lab/probe"
	"localitylab/lab/result"
	"localitylab/launch"
)

// machineJob is the "This machine" tab: the machine measured on its own (package
// probe, through lab.Probe), its latency ladder and read bandwidth drawn as the
// probe's PNG draws them (charts.MachineCharts), its levels beside the caches the
// system reports, and what it says in words. The app takes the short probe once as
// it starts, off the Fyne goroutine, and keeps it (lab.Keep): every run and sweep
// the app saves carries it (machineProbe). Space probes again, the Full probe
// button takes the full one (a few seconds), Esc stops either; while one runs
// the tab is busy and no other job may measure, as the machine must be left alone.
type machineJob struct {
	kit
	jobDefaults
	p       *result.Probe // what the tab shows; nil until a probe ends or a file opens
	run     *machineRun   // the probe running, nil when none is
	heading *widget.Label
	hint    *widget.Label
	words   *widget.Label
	chart   *canvas.Raster
	img     *image.RGBA
	root    fyne.CanvasObject

	progress    *fyne.Container
	progressBar *progressBar
	progressMsg *widget.Label
}

// machineRun is a probe being taken.
type machineRun struct {
	cancel context.CancelFunc
	done   chan struct{} // closed when the probe has returned
}

var machineFormats = []fileFormat{
	{Name: "PNG", Doc: "the ladder, the bandwidth and the levels on one 1920×1080 picture", Ext: ".png"},
	{Name: "HTML", Doc: "a page: the ladder and the bandwidth to hover, the levels and the probe's record", Ext: ".html"},
	{Name: "JSON", Doc: "the probe's record (schema " + result.ProbeSchema + "), which localitylab probe -from draws", Ext: ".json"},
}

var machineWords = jobWords{noun: "probe", exportAs: "Export the probe as ", exported: "Exported the probe as ",
	whenBusy: "wait for it to end, or stop it (Esc in the This machine tab)", open: "Open a saved probe"}

// machineKind is the tab's entry in jobKinds.
var machineKind = jobKind{title: "This machine", icon: theme.InfoIcon, words: machineWords, formats: machineFormats,
	opens: result.IsProbeFile, make: func(k kit) job { return newMachineJob(k) }}

// machineProbe is the machine's probe a run or sweep the app starts carries: the
// one the app keeps for its page mode, nil where none was taken.
func machineProbe(pages lab.PagesMode) *result.Probe {
	if pages == "" {
		pages = lab.DefaultPages
	}
	return lab.KeptProbe(pages)
}

func newMachineJob(k kit) *machineJob {
	j := &machineJob{kit: k}
	j.heading = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	j.heading.Wrapping = fyne.TextWrapWord
	j.hint = widget.NewLabel("")
	j.hint.Wrapping = fyne.TextWrapWord
	j.words = widget.NewLabel("")
	j.words.Wrapping = fyne.TextWrapWord
	j.words.Selectable = true
	again := widget.NewButtonWithIcon("Probe again (Space)", theme.ViewRefreshIcon(), func() { j.measure(result.ProbeShort) })
	full := widget.NewButtonWithIcon("Full probe", theme.MediaPlayIcon(), func() { j.measure(result.ProbeFull) })
	export := widget.NewButtonWithIcon("Export…", theme.DocumentSaveIcon(), func() { k.files.export(j) })
	j.chart = canvas.NewRaster(j.draw)
	// The charts ask for little height: the levels' words under them wrap to eight
	// lines with large text, and a taller least height made the window taller than
	// a 1366×768 screen, its status line and buttons below the screen's edge.
	j.chart.SetMinSize(fyne.NewSize(480, 240))
	j.progressBar, j.progressMsg = newProgressBar(), widget.NewLabel("")
	stop := widget.NewButtonWithIcon("Stop (Esc)", theme.CancelIcon(), j.cancel)
	j.progress = container.NewBorder(nil, nil, nil, stop, container.NewVBox(j.progressMsg, j.progressBar))
	j.progress.Hide()
	top := container.NewVBox(container.NewHBox(again, full, widget.NewSeparator(), export), j.progress, j.heading)
	// The probe's conditions go with the levels under the charts, where they scroll
	// on a short screen, so that the charts keep the height.
	below := container.NewVBox(j.hint, j.words)
	j.root = container.NewBorder(top, nil, nil, nil, container.New(&chartOverWords{words: below}, j.chart, container.NewVScroll(below)))
	j.show()
	return j
}

func (j *machineJob) places() places { return places{tab: j.root, menu: j.menu()} }
func (j *machineJob) busy() bool     { return j.run != nil }
func (j *machineJob) start()         { j.measure(result.ProbeShort) }
func (j *machineJob) open(string)    {}

// fromFlags takes the short probe as the app opens, off the Fyne goroutine, so that
// the runs and sweeps it saves carry it; not when the command line starts a job at
// once or quits by itself (-run, -quit-after: demos and tests), whose job the probe
// would hold up. Tests (a worker of their own) start probes themselves.
func (j *machineJob) fromFlags(o launch.Options) bool {
	if j.env.worker == nil && !o.Run && o.QuitAfter == 0 {
		go j.env.doOnMain(func() { j.measure(result.ProbeShort) })
	}
	return false
}

// toggle is Space: probe again, or stop the probe running.
func (j *machineJob) toggle() {
	if j.run != nil {
		j.cancel()
		return
	}
	j.measure(result.ProbeShort)
}

func (j *machineJob) menu() *fyne.Menu {
	return fyne.NewMenu("Machine",
		fyne.NewMenuItem("Probe again", func() { j.measure(result.ProbeShort) }),
		fyne.NewMenuItem("Full probe", func() { j.measure(result.ProbeFull) }),
	)
}

// cancel is Esc: stop the probe running, if any; it ends with nothing kept.
func (j *machineJob) cancel() {
	if j.run != nil {
		j.run.cancel()
	}
}

func (j *machineJob) stop() <-chan struct{} {
	if j.run == nil {
		return nil
	}
	j.run.cancel()
	return j.run.done
}

func (j *machineJob) final() func() outcome { return finalAfter(j.stop()) }

// measure takes a probe of kind off the Fyne goroutine, in the page mode the setup
// gives runs by default, its progress on the tab; once it ends the app keeps it
// (lab.Keep) and the tab shows it. Another job measuring refuses it, as it refuses
// a run.
func (j *machineJob) measure(kind string) {
	if j.run != nil || !j.host.mayStart(j) {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	run := &machineRun{cancel: cancel, done: make(chan struct{})}
	j.run = run
	j.progressMsg.SetText("Probing the machine (" + kind + ")…")
	j.progressBar.SetValue(0)
	j.progress.Show()
	j.host.refresh()
	c := lab.ProbeConfig{Kind: kind, Pages: lab.DefaultPages, Worker: lab.ProbeWorker(j.env.worker), WorkerEnv: j.env.workerEnv,
		Progress: func(s probe.Step) {
			j.env.doOnMain(func() {
				j.progressMsg.SetText(fmt.Sprintf("Probing the machine (%s): %d of %d, %s", kind, s.Done, s.Of, s.What))
				j.progressBar.SetValue(float64(s.Done) / float64(max(s.Of, 1)))
			})
		}}
	go func() {
		defer close(run.done)
		p, err := lab.Probe(ctx, c)
		cancel()
		j.env.doOnMain(func() { j.ended(run, p, err) })
	}()
}

// ended shows the probe run took, or says why there is none.
func (j *machineJob) ended(run *machineRun, p *result.Probe, err error) {
	if j.run != run {
		return
	}
	j.run = nil
	j.progress.Hide()
	defer j.host.refresh()
	switch {
	case errors.Is(err, context.Canceled):
		j.host.say("The probe was stopped; the tab shows the last one.", false)
	case err != nil:
		j.host.fail("The probe failed", err)
	default:
		lab.Keep(lab.PagesMode(p.Pages.Mode), p)
		j.p = p
		j.host.say(fmt.Sprintf("Probed the machine in %s: runs and sweeps saved from now on carry it.",
			units.Duration(float64(p.DurationNS))), false)
	}
	j.show()
}

// show puts the probe, or what the tab still waits for, on the tab.
func (j *machineJob) show() {
	if j.p == nil {
		j.heading.SetText("This machine, measured on its own")
		j.hint.SetText("The latency of a load at each working set (the ladder: where each cache ends, and what a miss costs) " +
			"and one core's streaming read: what a backing's frames meet on this machine. The app takes the short probe as it " +
			"starts; Space probes again, Full probe takes a few seconds. No probe yet.")
		j.words.SetText("")
		j.chart.Refresh()
		return
	}
	j.heading.SetText(charts.ProbeHeadline(j.p))
	j.hint.SetText(charts.ProbeConditions(j.p))
	j.words.SetText(levelsText(j.p))
	j.chart.Refresh()
}

// levelsText is the levels' table and the probe's words, as text.
func levelsText(p *result.Probe) string {
	t := charts.ProbeLevelsTable(p)
	var b strings.Builder
	for _, r := range t.Rows {
		fmt.Fprintf(&b, "%s: plateau %s, size %s, %s a load, reported %s, read %s\n", r.Cells[0], r.Cells[1],
			orNone(r.Cells[2]), r.Cells[3], orNone(r.Cells[4]), r.Cells[5])
	}
	for _, w := range charts.ProbeWords(p) {
		b.WriteString(w + "\n")
	}
	return strings.TrimSpace(b.String())
}

func orNone(s string) string {
	if s == "" || s == "—" {
		return "—"
	}
	return s
}

// draw draws the probe's charts at the raster's size, with the text the size of
// the window's.
func (j *machineJob) draw(w, h int) image.Image {
	j.img = live.Sized(j.img, w, h)
	for i := range j.img.Pix {
		j.img.Pix[i] = 0xFF
	}
	if j.p == nil {
		return j.img
	}
	px := float64(theme.Size(theme.SizeNameText)) * float64(j.win.Canvas().Scale())
	raster.DrawProbeCharts(j.img, j.img.Rect, j.p, raster.NewPainter(max(8, px)))
	return j.img
}

// output is the probe as Export writes it.
func (j *machineJob) output() (output, error) {
	p := j.p
	if p == nil {
		return output{}, errors.New("no probe yet: Space takes one")
	}
	return output{stem: "probe-" + p.Taken.Format("2006-01-02-1504"),
		write: func(w io.Writer, f fileFormat) error {
			switch f.Name {
			case "PNG":
				return raster.WriteProbePNG(w, p, charts.Options{})
			case "HTML":
				return page.WriteProbeHTML(w, p, charts.Options{})
			case "JSON":
				return result.WriteProbeJSON(w, p)
			}
			return fmt.Errorf("a probe is not written as %s", f.Name)
		}}, nil
}

// chartOverWords lays out the charts over the probe's words (its conditions and
// levels), which take their whole height where the tab has the room and else
// scroll, keeping wordsKept lines in view and taking at most wordsShare of the
// height beyond them; the charts take the rest. As a
// border's bottom the words took all they needed first: with large text on a
// 1366×768 screen they left the charts a strip with no plot and the window taller
// than the screen.
type chartOverWords struct{ words fyne.CanvasObject }

// wordsShare is the most of the height the words take beyond wordsKept lines.
const (
	wordsKept  = 3
	wordsShare = 0.4
)

func (l *chartOverWords) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	chart, words := objs[0], objs[1]
	h := min(l.words.MinSize().Height, max(l.kept(), wordsShare*size.Height))
	chart.Move(fyne.NewPos(0, 0))
	chart.Resize(fyne.NewSize(size.Width, size.Height-h))
	words.Move(fyne.NewPos(0, size.Height-h))
	words.Resize(fyne.NewSize(size.Width, h))
}

// kept is the words' least height: wordsKept lines, or all of them if fewer.
func (l *chartOverWords) kept() float32 {
	return min(l.words.MinSize().Height, wordsKept*lineOfText()+2*theme.InnerPadding())
}

func (l *chartOverWords) MinSize(objs []fyne.CanvasObject) fyne.Size {
	c := objs[0].MinSize()
	return fyne.NewSize(c.Width, c.Height+l.kept())
}
