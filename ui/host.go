//go:build !nogui

package ui

import (
	"fyne.io/fyne/v2"

	"localitylab/presets"
)

// host is the window as its parts see it. A tab, the budget search or the
// simulation reaches the rest of the window only through these methods, never
// through another part's fields; the window (window.go) is the one host.
type host interface {
	// The status line.
	say(msg string, isErr bool)           // what the app is doing; an error in red
	sayMore(msg, more string, isErr bool) // the same, with a Details button that shows more
	fail(what string, err error)          // err in a dialog titled what, and on the line

	// The setup, which the left panel owns.
	preset() presets.Preset              // as last applied, edited or started
	readPreset() (presets.Preset, error) // as the panel shows it now, or every mistake in it
	applyPreset(s presets.Preset)        // make s the setup: a saved result was opened
	counters() (hardware, simulate bool) // what the ticks ask a run to count
	setCounters(hardware, simulate bool) // tick them, as a person would
	noCounters()                         // a run found no hardware counters: untick them, now and at later starts

	// One job measures at a time, and the setup is locked while one does.
	mayStart(j job) bool                  // whether j may start; if another measures, it says why not
	idle(what string) bool                // whether none measures; if one does, it refuses what
	startFailed(what string, err error)   // a job could not start: a dialog, and -quit-after's status
	started(s presets.Preset, msg string) // a job started measuring s
	ended()                               // the job measuring has ended
	refresh()                             // a job changed: every job's controls, the menu and the lock follow
	bringFront(j job)                     // show j's tab
}

var _ host = (*window)(nil)

// kit is what the window hands a job as it makes it: its interface, the dialogs
// every kind shares, the app's window (for a job's own dialogs and its canvas), and
// how the job reaches the world outside.
type kit struct {
	host  host
	files *resultFiles
	win   fyne.Window
	env   *env
}

// The window's side of host: the status line and the setup, as its parts ask.

func (w *window) say(msg string, isErr bool)           { w.status.say(msg, isErr) }
func (w *window) sayMore(msg, more string, isErr bool) { w.status.sayMore(msg, more, isErr) }
func (w *window) fail(what string, err error)          { w.status.fail(what, err) }
func (w *window) preset() presets.Preset               { return w.setup.preset }
func (w *window) readPreset() (presets.Preset, error)  { return w.setup.read() }
func (w *window) applyPreset(s presets.Preset)         { w.setup.apply(s) }
func (w *window) counters() (bool, bool)               { return w.setup.counters, w.setup.simulate }

// noCounters unticks the hardware counters and remembers that this machine has
// none, so that the next start does not tick them again.
func (w *window) noCounters() {
	w.setup.setCounters(false)
	w.app.Preferences().SetBool(prefNoCounters, true)
}

// setCounters ticks the hardware counters and the simulated misses; a tick that
// does not change does nothing.
func (w *window) setCounters(hardware, simulate bool) {
	w.setup.setCounters(hardware)
	w.setup.setSimulate(simulate)
}
