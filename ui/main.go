//go:build !nogui

// Package ui is Locality Lab's window: pick a preset or a workload and backings, run
// them live, watch the preview, the three charts and the summary table fill in, read
// why each backing wins or loses, and export the comparison.
//
// The window measures nothing itself and runs no workload code: runs are the lab's
// (each backing in a worker process of its own), pictures are the charts package's,
// and this package only arranges them, forwards the buttons, and moves the run's
// figures onto the screen a few times a second without ever making the run wait.
package ui

import (
	"fmt"
	"io"
	"log"
	"os"
	"reflect"
	"runtime"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"localitylab/launch"
	"localitylab/presets"
)

// appID names the app to the desktop and keys its preferences; FyneApp.toml carries
// the same ID for `fyne package`.
const appID = "io.github.localitylab"

// Main opens the app with the options the command line parsed and checked, and
// returns the exit status once the window is closed. Only a mistake that needs the
// remembered setup to be seen is reported here (status 2, before the window opens);
// after that, errors show in the window.
func Main(o launch.Options) int {
	return run(o, os.Stderr)
}

func run(o launch.Options, stderr io.Writer) int {
	if err := checkDisplay(runtime.GOOS, os.Getenv); err != nil {
		fmt.Fprintln(stderr, "localitylab:", err)
		return launch.Status(err) // no display: a failure, not bad input
	}
	log.SetOutput(newQuietLog(log.Writer())) // before the app reads its preferences
	a := app.NewWithID(appID)
	s, note := initialSetup(a.Preferences(), o.Setup)
	if o.Setup == nil && o.Compare != "" {
		s = setupToCompare(o.Compare, s)
	}
	if o.Setup == nil {
		var err error
		if s, err = o.Overrides.Apply(s); err != nil {
			fmt.Fprintln(stderr, "localitylab:", err)
			return launch.Status(err) // bad input (launch.UsageError)
		}
	}
	w := newWindow(a, s, startLarge(a.Preferences(), o), env{})
	if a.Preferences().Bool(prefNoCounters) {
		w.setup.setCounters(false) // found missing before: not tried, and not said, again
	}
	w.setup.setCountersFrom(o.Counters)
	if note != "" {
		w.status.say(note, true)
	}
	var front job // the first tab the flags ask for (-sweep, a class's -compare)
	for _, t := range w.tabs {
		if t.job.fromFlags(o) && front == nil {
			front = t.job
		}
	}
	if front != nil {
		w.bringFront(front)
	}
	if o.QuitAfter > 0 {
		w.auto = &autoQuit{w: w, after: o.QuitAfter, screenshot: o.Screenshot, save: o.Save, stderr: stderr}
		w.auto.arm()
	}
	if o.Run {
		w.front().job.start()
	}
	w.win.Show()
	fitScreen(w.win)
	a.Run()
	return w.exitCode
}

// startLarge is whether the window opens with large text: as -large says when it
// was given (-large=false undoes a remembered Ctrl+L), else as it was last time.
func startLarge(p fyne.Preferences, o launch.Options) bool {
	if o.LargeSet {
		return o.Large
	}
	return p.Bool(prefLarge)
}

// initialSetup is the setup the window opens on: the one -preset named, else the
// one remembered from last time, else the course's first lesson. note says why a
// remembered setup was not used, if it was not.
func initialSetup(p fyne.Preferences, chosen *presets.Preset) (presets.Preset, string) {
	if chosen != nil {
		return *chosen, ""
	}
	s, ok, err := remembered(p)
	if err != nil {
		return presets.FirstLesson(), "The setup remembered from last time could not be used (" + err.Error() + "); opened the course's first lesson."
	}
	if ok {
		return refreshLesson(s)
	}
	return presets.FirstLesson(), ""
}

// refreshLesson gives a remembered setup of a built-in lesson that lesson's current
// title, text, claims and sweep, keeping the backings and parameters the user chose:
// the setup is remembered whole, and a lesson corrected in a newer version must not
// go on showing its old text and claims on a student's machine. note says so when
// anything was replaced.
func refreshLesson(s presets.Preset) (presets.Preset, string) {
	if !presets.IsBuiltin(s.Name) {
		return s, "" // a setup of the user's own: Lookup would read a file of that name
	}
	b, err := presets.Lookup(s.Name)
	if err != nil || b.Workload != s.Workload {
		return s, ""
	}
	if b.Title == s.Title && b.Lesson == s.Lesson && reflect.DeepEqual(b.Claims, s.Claims) && reflect.DeepEqual(b.Sweep, s.Sweep) {
		return s, ""
	}
	s.Title, s.Lesson, s.Claims, s.Sweep = b.Title, b.Lesson, b.Claims, b.Sweep
	return s, "The lesson " + b.Name + " has been updated since it was last open: its text and claims are the current ones; your backings and parameters are kept."
}
