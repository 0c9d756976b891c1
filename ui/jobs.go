//go:build !nogui

package ui

import (
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"localitylab/charts/export"
	"localitylab/handout"
	"localitylab/lab/result"
	"localitylab/launch"
	"localitylab/presets"
)

// The window's tabs are its jobs: each kind of result it measures or opens has a tab
// of its own, listed once in jobKinds in the order the tabs show, and files of its
// own. The window treats every kind alike through the job interface — Space and
// Esc, Export, Save and Open (export.go), -quit-after (autoquit.go), and the rule
// that one job measures at a time (window.go) are each written once — and a job
// reaches the window only through host (host.go), never another tab's fields, so
// that a new kind, such as a comparison of saved runs, is one entry here and files
// of its own rather than a twin of every file.

// jobKind is one entry of the registry: what the tab is called, what its results
// are called and written as, and the job behind it.
type jobKind struct {
	title   string
	icon    func() fyne.Resource
	words   jobWords
	formats []fileFormat
	// opens reports whether a file is this kind's result; nil takes what no other
	// kind claims (the run, whose reader then says what is wrong with a broken file).
	opens func(path string) bool
	// addsFiles: Open in its tab hands it the file, whatever the file holds (the
	// class adds a machine's run or sweep); otherwise a file opens in its kind's tab.
	addsFiles bool
	make      func(k kit) job
}

// jobKinds are the window's tabs, in order.
var jobKinds = []jobKind{
	{title: "Live run", icon: theme.MediaPlayIcon, words: runWords, formats: runFormats,
		make: func(k kit) job { return newRunJob(k) }},
	{title: "Sweep", icon: theme.ListIcon, words: sweepWords, formats: sweepFormats, opens: result.IsSweepFile,
		make: func(k kit) job { return newSweepJob(k) }},
	{title: "Class", icon: theme.ComputerIcon, words: classWords, formats: classFormats, opens: func(string) bool { return false },
		addsFiles: true, make: func(k kit) job { return newClassJob(k) }},
	machineKind,
}

var (
	runWords = jobWords{noun: "run", exportAs: "Export as ", exported: "Exported ", whenBusy: "Reset it first (R)",
		open: "Open a saved run"}
	sweepWords = jobWords{noun: "sweep", exportAs: "Export the sweep as ", exported: "Exported the sweep as ",
		whenBusy: "cancel it first (Esc in the Sweep tab)", open: "Open a saved sweep"}
	runFormats   = formatsOf(export.Formats)
	sweepFormats = formatsOf(export.SweepFormats)
)

// jobWords are what the shared dialogs and messages call a kind's result.
type jobWords struct {
	noun     string // "run": "Cannot run now", "Open a saved run", "the run did not start"
	exportAs string // the export file dialog's title, before the format: "Export as "
	exported string // the status line after an export, before the format: "Exported "
	whenBusy string // what to do before anything else can start or open while it measures
	open     string // the Open dialog's title in its tab
	noSave   string // why Save writes nothing, for a kind with no JSON file of its own ("": it has one)
}

// A job is what a tab does. Its methods are called on the Fyne goroutine.
type job interface {
	places() places // its widgets and menu items, asked for once as the window is built

	start()                                  // the -run flag: measure the setup as the panel shows it
	toggle()                                 // Space: start, pause, resume or cancel
	cancel()                                 // Esc
	key(name fyne.KeyName)                   // the kind's other plain keys
	busy() bool                              // it is measuring: the setup is locked and no other job may start
	setupChanged(presets.Preset, setupEvent) // the setup panel changed
	refresh(measuring job, m *menuSync)      // enable what makes sense now (measuring: the job measuring, or nil)
	setLarge(on bool)                        // the text became large (projector) or normal
	fromFlags(o launch.Options) (front bool) // take what the command line asks of this kind; front: show its tab

	output() (output, error) // what Export and Save write now, or why there is nothing
	open(path string)        // show the result saved at path
	stop() <-chan struct{}   // stop measuring; the channel closes once the workers have ended (nil: none)
	final() func() outcome   // stop, and wait for what -quit-after saves (the func runs off the Fyne goroutine)
}

// places are where a job's widgets and menu items go in the window.
type places struct {
	tab   fyne.CanvasObject // the tab's content
	setup fyne.CanvasObject // under the setup panel, where it stays in view; nil: nothing (the run's buttons)
	menu  *fyne.Menu        // the kind's own menu, between File and View; nil: none
	file  []*fyne.MenuItem  // its items at the head of the File menu
	view  []*fyne.MenuItem  // its items in the View menu, after Large text
}

// handouter is a job whose result prints as a handout (handout.go): a lesson's
// run or sweep.
type handouter interface {
	handoutPage(prediction string) (*handout.Page, error) // the page of its result, or why there is none
	predictions() string                                  // what was typed in its prediction boxes, a line each
}

// jobTab is a job as the window holds it: its kind, its tab and where its parts go.
type jobTab struct {
	jobKind
	job    job
	item   *container.TabItem
	places places
}

// tabOf is j's tab among tabs; a job with no tab is a bug.
func tabOf(tabs []*jobTab, j job) *jobTab {
	for _, t := range tabs {
		if t.job == j {
			return t
		}
	}
	panic("ui: a job with no tab")
}

// format returns the kind's format of that name; a name outside its list is a bug.
func (t *jobTab) format(name string) fileFormat {
	for _, f := range t.formats {
		if f.Name == name {
			return f
		}
	}
	panic("ui: no " + name + " format for a " + t.words.noun)
}

// hasFormat reports whether the kind writes a format of that name.
func (t *jobTab) hasFormat(name string) bool {
	for _, f := range t.formats {
		if f.Name == name {
			return true
		}
	}
	return false
}

// fileFormat is one kind of file a result is exported to, as the dialogs and menus
// list it: export.FileFormat without its writer, which differs by kind.
type fileFormat struct{ Name, Doc, Ext string }

func formatsOf[T any](fs []export.FileFormat[T]) []fileFormat {
	out := make([]fileFormat, len(fs))
	for i, f := range fs {
		out[i] = fileFormat{f.Name, f.Doc, f.Ext}
	}
	return out
}

// output is a job's result as Export and Save write it: the figures as measured so
// far, or as opened.
type output struct {
	stem  string                                     // the file name a dialog proposes, without its extension
	write func(w io.Writer, format fileFormat) error // writes it in one of its kind's formats
}

// outcome is a job's last result as -quit-after finds it, once the job has stopped.
type outcome struct {
	save   func(path string) error // writes it as JSON (-save); nil when there is none
	err    error                   // why there is no result: a checksum mismatch, or another error that ended it
	failed string                  // the first worker's error, "" when none failed
}

// setupEvent says what changed in the setup panel.
type setupEvent int

const (
	setupReplaced  setupEvent = iota // another setup: a preset, a workload, a file; earlier figures no longer apply
	backingsEdited                   // the backings chosen
	paramsEdited                     // a parameter, the frames or the warm-up, as typed and valid
	countersEdited                   // the hardware counters or the simulated misses switched
)

// noResult is what a job's table says instead of figures after a checksum mismatch.
func noResult(noun string, err error) string {
	return "No result: " + err.Error() + ". A " + noun + " whose backings did different work is a bug to report, not a measurement."
}
