//go:build !nogui

package ui

import (
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"localitylab/charts/export"
	"localitylab/lab/result"
	"localitylab/presets"
)

// The window's tabs are its jobs: each kind of result it measures or opens has a tab
// of its own, listed once in jobKinds in the order the tabs show. The window treats
// every kind alike through the job interface — Space and Esc, Export, Save and Open
// (export.go), -quit-after (autoquit.go), and the rule that one job measures at a
// time (window.go) are each written once — so that a new kind, such as a comparison
// of saved runs, is one entry here and files of its own rather than a twin of every
// file.

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
	make  func(w *window) job
}

// jobKinds are the window's tabs, in order.
var jobKinds = []jobKind{
	{title: "Live run", icon: theme.MediaPlayIcon, words: runWords, formats: runFormats,
		make: func(w *window) job { w.run = newRunJob(w); return w.run }},
	{title: "Sweep", icon: theme.ListIcon, words: sweepWords, formats: sweepFormats, opens: result.IsSweepFile,
		make: func(w *window) job { w.sweep = newSweepJob(w); return w.sweep }},
	{title: "Class", icon: theme.ComputerIcon, words: classWords, formats: classFormats, opens: func(string) bool { return false },
		make: func(w *window) job { w.class = newClassJob(w); return w.class }},
	machineKind,
}

var (
	runWords   = jobWords{noun: "run", exportAs: "Export as ", exported: "Exported ", whenBusy: "Reset it first (R)"}
	sweepWords = jobWords{noun: "sweep", exportAs: "Export the sweep as ", exported: "Exported the sweep as ",
		whenBusy: "cancel it first (Esc in the Sweep tab)"}
	runFormats   = formatsOf(export.Formats)
	sweepFormats = formatsOf(export.SweepFormats)
)

// jobWords are what the shared dialogs and messages call a kind's result.
type jobWords struct {
	noun     string // "run": "Cannot run now", "Open a saved run", "the run did not start"
	exportAs string // the export file dialog's title, before the format: "Export as "
	exported string // the status line after an export, before the format: "Exported "
	whenBusy string // what to do before anything else can start or open while it measures
}

// A job is what a tab does. Its methods are called on the Fyne goroutine.
type job interface {
	view() fyne.CanvasObject // the tab's content
	menu() *fyne.Menu        // the kind's own menu, between File and View

	start()                                  // the -run flag: measure the setup as the panel shows it
	toggle()                                 // Space: start, pause, resume or cancel
	cancel()                                 // Esc
	key(name fyne.KeyName)                   // the kind's other plain keys
	busy() bool                              // it is measuring: the setup is locked and no other job may start
	setupChanged(presets.Preset, setupEvent) // the setup panel changed
	refresh(m *menuSync)                     // enable what makes sense now: buttons and menu items

	output() (output, error) // what Export and Save write now, or why there is nothing
	open(path string)        // show the result saved at path
	stop() <-chan struct{}   // stop measuring; the channel closes once the workers have ended (nil: none)
	final() func() outcome   // stop, and wait for what -quit-after saves (the func runs off the Fyne goroutine)
}

// jobTab is a job as the window holds it: its kind and its tab.
type jobTab struct {
	jobKind
	job  job
	item *container.TabItem
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
