package ui

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"fyne.io/fyne/v2/dialog"

	"localitylab/lab"
	"localitylab/presets"
)

// previewEvery is how often the first backing's worker is asked for a scene: often
// enough that the camera visibly pans, rarely enough that the preview costs the run
// nothing worth measuring (it is drawn between frames, outside the timed part).
const previewEvery = 250 * time.Millisecond

// config turns a setup into the run the Run button starts.
func config(p presets.Preset, counters bool, e env) lab.Config {
	return lab.Config{
		Title:        p.Title,
		Workload:     p.Workload,
		Params:       p.Params.Clone(),
		Backings:     slices.Clone(p.Backings),
		Frames:       p.Frames,
		Warmup:       p.Warmup,
		Counters:     counters,
		Cache:        lab.CacheMode(cacheOf(p)),
		Pages:        lab.PagesMode(p.Pages),
		PreviewEvery: previewEvery,
		LayoutEvery:  layoutEvery,
		Worker:       e.worker,
		WorkerEnv:    e.workerEnv,
	}
}

// runOrResume is the Run button: it resumes a paused run, or starts a new one.
func (w *window) runOrResume() {
	switch {
	case w.live && w.phase == lab.Paused:
		w.ctl.live.Resume()
	case w.live:
		// Already loading or running.
	default:
		w.startRun(false)
	}
}

// toggle is the space bar: pause a live run, resume a paused one, or start one.
func (w *window) toggle() {
	if w.live && w.phase != lab.Paused {
		w.pause()
		return
	}
	w.runOrResume()
}

func (w *window) pause() {
	if w.live {
		w.ctl.live.Pause()
	}
}

// step runs one frame of every backing and pauses; with no run live, it starts one
// paused and steps it once its worlds are loaded.
func (w *window) step() {
	if !w.live && !w.startRun(true) {
		return
	}
	w.ctl.live.Step()
}

// reset stops the run, if any, and clears what it showed.
func (w *window) reset() {
	w.ctl.stop()
	w.live = false
	w.left.setEditable(true)
	w.clearResults("No run yet: press Run (Space), or open a saved run (Ctrl+O).")
	w.info.SetSetup(w.setup)
	w.say("Ready.", false)
	w.updateButtons()
}

// cancel interrupts a load (or a run): what was measured is kept on screen.
func (w *window) cancel() {
	if w.live {
		w.ctl.live.Stop()
		w.say("Cancelling…", false)
	}
}

// startRun starts the setup's run, paused or not, and reports whether it started.
// A run that cannot start (a mistake in the setup, not enough memory) leaves the
// window as it was and says why in a dialog and on the status line.
func (w *window) startRun(paused bool) bool {
	if w.sweep.ctl.live != nil {
		w.fail("Cannot run now", errors.New("a sweep is in progress: cancel it first (Esc in the Sweep tab)"))
		return false
	}
	s, err := w.readSetup()
	if err != nil {
		w.startErr = err
		w.fail("The setup has a mistake", err)
		return false
	}
	cfg := config(s, w.counters, w.env)
	if err := w.ctl.start(cfg, paused); err != nil {
		w.startErr = err
		var me *lab.MemoryError
		if errors.As(err, &me) {
			w.fail("Not enough memory for this run", fmt.Errorf("refused before loading: %w", err))
		} else {
			w.fail("The run cannot start", err)
		}
		return false
	}
	w.setup = s
	w.startErr = nil
	if w.auto == nil { // a scripted run (-quit-after) must not change what a person's next launch opens
		w.remember()
	}
	w.live, w.phase, w.file, w.invalid = true, lab.Starting, "", nil
	w.shown = nil
	w.keepBase(s.Workload)
	w.failed = make([]bool, len(cfg.Backings))
	for _, c := range w.charts {
		c.Reset(cfg.Backings, cfg.Warmup, cfg.Frames)
	}
	w.table.SetMessage("Loading…", false)
	w.info.SetSetup(s)
	w.preview.Clear("No preview yet: the world appears once frames run.")
	w.layout.reset(cfg.Backings, layoutEmpty)
	w.syncLayout()
	w.loading.Reset(cfg.Backings)
	w.showLoading(true)
	w.left.setEditable(false)
	w.say(fmt.Sprintf("Starting %d worker processes…", len(cfg.Backings)), false)
	w.updateButtons()
	if w.auto != nil {
		w.auto.started()
	}
	return true
}

// loadIdle reads the file at path with load, for an action that replaces the setup
// and the figures on screen: while a run is live it refuses, saying busy (they are
// the run's until it is reset), and a file it cannot read it reports under failed.
// ok is false when it did either.
func loadIdle[T any](w *window, path string, load func(string) (T, error), busy, failed string) (v T, ok bool) {
	if w.live {
		w.fail(busy, errors.New("a run is in progress: Reset it first (R)"))
		return v, false
	}
	v, err := load(path)
	if err != nil {
		w.fail(failed, err)
		return v, false
	}
	return v, true
}

// fail shows err in a dialog titled what, and on the status line.
func (w *window) fail(what string, err error) {
	w.say(what+": "+firstLine(err.Error()), true)
	dialog.ShowError(fmt.Errorf("%s: %w", what, err), w.win)
}

// clearResults empties the charts, table, preview and notes' figures.
func (w *window) clearResults(msg string) {
	w.shown, w.file, w.invalid, w.failed = nil, "", nil, nil
	for _, c := range w.charts {
		c.Reset(w.setup.Backings, w.setup.Warmup, w.setup.Frames)
	}
	w.table.SetMessage(msg, false)
	w.preview.Clear("No preview yet: the world appears once frames run.")
	w.layout.reset(w.setup.Backings, layoutEmpty)
	w.showLoading(false)
	w.info.ShowRun(nil)
}

func (w *window) showLoading(on bool) {
	if on {
		w.loading.box.Show()
		w.tabs.Hide()
		w.preview.Hide()
	} else {
		w.loading.box.Hide()
		w.tabs.Show()
		if !w.layoutShown() {
			w.preview.Show()
		}
	}
}

// updateButtons enables what makes sense in the current phase.
func (w *window) updateButtons() {
	p := w.left
	loading := w.live && (w.phase == lab.Starting || w.phase == lab.Loading)
	enable(p.run, (!w.live || w.phase == lab.Paused) && w.sweep.ctl.live == nil)
	p.run.SetText("Run")
	if w.live && w.phase == lab.Paused {
		p.run.SetText("Resume")
	}
	enable(p.pause, w.live && w.phase != lab.Paused) // pausing a load: load, then wait
	enable(p.step, !loading && w.sweep.ctl.live == nil)
	enable(p.reset, w.live || w.shown != nil)
	hasResult := w.shown != nil && w.invalid == nil
	enable(p.export, hasResult)
	enable(p.save, hasResult)
	if w.menu != nil {
		w.menu.sync(w)
	}
	w.sweep.updateButtons()
}

type enabler interface {
	Enable()
	Disable()
}

func enable(o enabler, on bool) {
	if on {
		o.Enable()
	} else {
		o.Disable()
	}
}
