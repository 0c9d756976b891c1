package ui

import (
	"fmt"

	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/lab/result"
	"localitylab/presets"
	"localitylab/scenarios"
	"localitylab/scenarios/workload"
)

// The setup is what Run measures: a preset, as the left panel shows it. This file
// holds what the panel's choices make of it, how it is read back, and the setup of
// a saved run.

// applySetup makes s the setup: the left panel, the lesson and the notes show it,
// and the figures of an earlier run are cleared, since they answer another question.
func (w *window) applySetup(s presets.Preset) {
	if w.live {
		panic("ui: changing the setup while a run is live")
	}
	w.claims = s.Claims
	w.setup = keepClaims(s)
	w.left.show(w.setup)
	w.info.SetSetup(w.setup)
	w.sweep.setupChanged(w.setup)
	w.clearResults("No run yet: press Run (Space), or open a saved run (Ctrl+O).")
	w.updateButtons()
}

// presetChosen handles the picker.
func (w *window) presetChosen(title string) {
	w.win.Canvas().Unfocus()
	if w.left.quiet {
		return
	}
	for _, p := range w.left.builtins {
		if p.Title == title {
			w.applySetup(p)
			w.say(fmt.Sprintf("Preset %q: %s on %s.", p.Name, p.Workload, joinNames(p.Backings)), false)
			return
		}
	}
}

// workloadChosen starts a setup of its own on another workload: its parameters at
// their defaults, the chosen backings kept. The lesson was about the old workload
// and goes.
func (w *window) workloadChosen(name string) {
	w.win.Canvas().Unfocus()
	if w.left.quiet || name == w.setup.Workload {
		return
	}
	spec, err := scenarios.Lookup(name)
	if err != nil {
		panic("ui: the workload picker offered " + name)
	}
	s := w.setup
	s.Name, s.Title, s.Lesson, s.Claims = "", spec.Title, "", nil
	s.Workload, s.Params = name, nil
	s.Backings = nil
	for _, b := range w.left.chosen(w.setup.Backings) {
		if spec.CheckBacking(b) == nil { // a backing of one's own may not implement it
			s.Backings = append(s.Backings, b)
		}
	}
	if len(s.Backings) == 0 {
		s.Backings = []string{workload.SoA}
	}
	w.applySetup(s)
}

// backingsChanged follows the checks; at least one backing must stay chosen.
// The cache modes as the setup panel shows them (and presets spell them).
const (
	cacheWarm = "warm"
	cacheCold = "cold"
)

// cacheOf is s's cache mode, warm when the preset leaves it out.
func cacheOf(s presets.Preset) string {
	if s.Cache == cacheCold {
		return cacheCold
	}
	return cacheWarm
}

// cacheChosen is the Caches setting: warm (each frame finds the caches as the
// backing's own last frame left them) or cold (emptied before every frame).
func (w *window) cacheChosen(mode string) {
	w.win.Canvas().Unfocus()
	if w.left.quiet || mode == "" {
		return
	}
	w.setup.Cache = mode
	if mode == cacheWarm {
		w.setup.Cache = "" // the default, as presets leave it
	}
	what := "warm: each frame finds the caches as the backing's own last frame left them"
	if mode == cacheCold {
		what = "cold: the caches are emptied before every frame (slower runs; every backing starts from memory)"
	}
	w.say("Caches "+what+".", false)
}

func (w *window) backingsChanged() {
	w.win.Canvas().Unfocus()
	if w.left.quiet {
		return
	}
	chosen := w.left.chosen(w.setup.Backings)
	if len(chosen) == 0 {
		w.left.recheck(w.setup.Backings) // put the last one back
		w.say("backings: choose at least one.", true)
		return
	}
	if len(chosen) > workload.MaxPerRun {
		w.left.recheck(w.setup.Backings) // take the last one off
		w.say(fmt.Sprintf("backings: at most %d in one run; untick one first.", workload.MaxPerRun), true)
		return
	}
	s := w.setup
	s.Backings, s.Claims = chosen, w.claims
	s.Params, s.Frames, s.Warmup = w.formValues(s)
	w.setup = keepClaims(s)
	w.info.SetSetup(w.setup)
	if w.shown != nil {
		w.info.ShowRun(w.shown)
	}
	w.say("Backings: "+joinNames(chosen)+".", false)
}

// formValues returns the form's values, or s's own where the form has mistakes.
func (w *window) formValues(s presets.Preset) (map[string]int64, int, int) {
	p, frames, warmup, err := w.left.form.Values()
	if err != nil {
		return s.Params, s.Frames, s.Warmup
	}
	return p, frames, warmup
}

// paramsChanged reports a mistake in the form as it is typed; a valid form
// becomes the setup.
func (w *window) paramsChanged() {
	if w.left.quiet {
		return
	}
	p, frames, warmup, err := w.left.form.Values()
	if err != nil {
		w.say(err.Error(), true)
		return
	}
	w.setup.Params, w.setup.Frames, w.setup.Warmup = p, frames, warmup
	w.info.ShowConditions(p)
	if w.status.Importance == widget.DangerImportance {
		w.say("Parameters are valid.", false)
	}
}

// readSetup returns the setup as the panel shows it, or every mistake in it.
func (w *window) readSetup() (presets.Preset, error) {
	s := w.setup
	s.Backings, s.Claims = w.left.chosen(w.setup.Backings), w.claims
	p, frames, warmup, err := w.left.form.Values()
	if err != nil {
		return s, err
	}
	s.Params, s.Frames, s.Warmup = p, frames, warmup
	s = keepClaims(s)
	if s.Schema == "" {
		s.Schema = presets.Schema
	}
	if s.Title == "" {
		s.Title = s.Workload
	}
	if err := s.Validate(); err != nil {
		return s, err
	}
	return s, nil
}

func joinNames(names []string) string {
	if len(names) == 0 {
		return "no backing"
	}
	return charts.JoinAnd(names)
}

// keepClaims drops the claims about backings the setup no longer compares, so that
// a setup the user narrowed still validates as a preset and still shows the claims
// it can answer.
func keepClaims(p presets.Preset) presets.Preset {
	p.Claims = presets.ClaimsAbout(p.Claims, p.Backings)
	return p
}

// inOrder returns the chosen backings in the order the app shows them all.
func inOrder(chosen map[string]bool) []string {
	var out []string
	for _, b := range workload.AllBackings() {
		if chosen[b] {
			out = append(out, b)
		}
	}
	return out
}

// setupOfRun is the setup that would measure r again: its workload, backings,
// parameters and length, and, when its title is a built-in lesson's, that lesson
// with its claims. It reports false for a run this version cannot set up (a
// workload or backing it does not know).
func setupOfRun(r *result.Run) (presets.Preset, bool) {
	spec, err := scenarios.Lookup(r.Workload)
	if err != nil {
		return presets.Preset{}, false
	}
	s := presets.Preset{Schema: presets.Schema, Title: r.Title, Workload: r.Workload,
		Frames: r.Frames, Warmup: r.Warmup, Params: workload.Params{}}
	if r.Cache == cacheCold {
		s.Cache = cacheCold
	}
	for _, b := range r.Backings {
		s.Backings = append(s.Backings, b.Name)
		if b.Pages != nil && s.Pages == "" {
			s.Pages = b.Pages.Mode
		}
	}
	for k, v := range r.Params {
		if q, ok := spec.Param(k); ok && v != q.Default {
			s.Params[k] = v
		}
	}
	if b, ok := presets.BuiltinTitled(r.Title, r.Workload); ok {
		s.Name, s.Lesson, s.Claims = b.Name, b.Lesson, b.Claims
	}
	if s.Title == "" {
		s.Title = spec.Title
	}
	s = keepClaims(s)
	if s.Validate() != nil {
		return presets.Preset{}, false
	}
	return s, true
}
