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
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"localitylab/presets"
)

// appID names the app to the desktop and keys its preferences; FyneApp.toml carries
// the same ID for `fyne package`.
const appID = "io.github.localitylab"

// Main opens the app with the app's flags (see flags) and returns the exit status
// once the window is closed. A bad flag or preset is reported on stderr with status
// 2 before any window opens; after that, errors show in the window.
func Main(args []string) int {
	return run(args, os.Stdout, os.Stderr)
}

func run(args []string, stdout, stderr io.Writer) int {
	f, err := parseFlags(args, stdout)
	if errors.Is(err, errHelp) {
		return exitOK
	}
	if err != nil {
		fmt.Fprintln(stderr, "localitylab:", err)
		return exitUsage
	}
	var chosen *presets.Preset
	if f.preset != "" {
		p, err := presets.Lookup(f.preset)
		if err == nil {
			p, err = f.apply(p)
		}
		if err != nil {
			fmt.Fprintln(stderr, "localitylab: -preset:", err)
			return exitUsage
		}
		chosen = &p
	}
	if err := checkDisplay(runtime.GOOS, os.Getenv); err != nil {
		fmt.Fprintln(stderr, "localitylab:", err)
		return exitFailed
	}
	a := app.NewWithID(appID)
	s, note := initialSetup(a.Preferences(), chosen)
	if chosen == nil {
		if s, err = f.apply(s); err != nil {
			fmt.Fprintln(stderr, "localitylab:", err)
			return exitUsage
		}
	}
	large := f.large || a.Preferences().Bool(prefLarge)
	w := newWindow(a, s, large, env{})
	if note != "" {
		w.say(note, true)
	}
	if f.quitAfter > 0 {
		w.auto = &autoQuit{w: w, after: f.quitAfter, screenshot: f.screenshot, save: f.save, stderr: stderr}
		w.auto.arm()
	}
	if f.run {
		w.startRun(false)
	}
	w.win.ShowAndRun()
	return w.exitCode
}

// initialSetup is the setup the window opens on: the one -preset named, else the
// one remembered from last time, else the default lesson. note says why a
// remembered setup was not used, if it was not.
func initialSetup(p fyne.Preferences, chosen *presets.Preset) (presets.Preset, string) {
	if chosen != nil {
		return *chosen, ""
	}
	s, ok, err := remembered(p)
	if err != nil {
		return presets.Default(), "The setup remembered from last time could not be used (" + err.Error() + "); opened the default lesson."
	}
	if ok {
		return s, ""
	}
	return presets.Default(), ""
}
