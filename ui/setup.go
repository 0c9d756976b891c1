//go:build !nogui

package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"localitylab/charts"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/presets"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// The setup is what every job measures: a preset, as the left panel shows it. This
// file holds what the panel's choices make of it, how it is read back, and the
// setup of a saved run.

// apply makes s the setup: the panel shows it, and the jobs hear that the setup is
// another one (the lesson and notes show it, earlier figures are cleared, since
// they answer another question).
func (p *setupPanel) apply(s presets.Preset) {
	p.claims = s.Claims
	p.preset = keepClaims(s)
	p.show(p.preset)
	p.changed(p.preset, setupReplaced)
}

// presetChosen handles the picker.
func (p *setupPanel) presetChosen(title string) {
	p.unfocus()
	p.showFullTitle(fyne.CurrentApp().Settings().Theme().Size(theme.SizeNameText))
	p.showStep()
	if p.quiet {
		return
	}
	for _, b := range p.builtins {
		if pickerLabel(b) == title {
			p.apply(b)
			p.status.say(fmt.Sprintf("Preset %q: %s on %s.", b.Name, b.Workload, joinNames(b.Backings)), false)
			return
		}
	}
}

// workloadChosen starts a setup of its own on another workload: its parameters at
// their defaults, the chosen backings kept. The lesson was about the old workload
// and goes.
func (p *setupPanel) workloadChosen(name string) {
	p.unfocus()
	if p.quiet || name == p.preset.Workload {
		return
	}
	spec, err := workloads.Lookup(name)
	if err != nil {
		panic("ui: the workload picker offered " + name)
	}
	s := p.preset
	s.Name, s.Title, s.Lesson, s.Claims = "", spec.Title, "", nil
	s.Workload, s.Params = name, nil
	s.Backings = nil
	for _, b := range p.chosen(p.preset.Backings) {
		if spec.CheckBacking(b) == nil { // a backing of one's own may not implement it
			s.Backings = append(s.Backings, b)
		}
	}
	if len(s.Backings) == 0 {
		s.Backings = []string{workload.SoA}
	}
	p.apply(s)
}

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
func (p *setupPanel) cacheChosen(mode string) {
	p.unfocus()
	if p.quiet || mode == "" {
		return
	}
	p.preset.Cache = mode
	if mode == cacheWarm {
		p.preset.Cache = "" // the default, as presets leave it
	}
	what := "warm: each frame finds the caches as the backing's own last frame left them"
	if mode == cacheCold {
		what = "cold: the caches are emptied before every frame (slower runs; every backing starts from memory)"
	}
	p.status.say("Caches "+what+".", false)
}

// pageModes are the page modes as the setup panel shows them (and presets spell
// them).
var pageModes = []string{string(lab.PagesSystem), string(lab.PagesHuge), string(lab.PagesSmall)}

// pagesOf is s's page mode, the lab's default when the preset leaves it out.
func pagesOf(s presets.Preset) string {
	if s.Pages == "" {
		return string(lab.DefaultPages)
	}
	return s.Pages
}

// pagesChosen is the Pages setting: the memory pages every worker's heap gets.
func (p *setupPanel) pagesChosen(mode string) {
	p.unfocus()
	if p.quiet || mode == "" {
		return
	}
	p.preset.Pages = mode
	if mode == string(lab.DefaultPages) {
		p.preset.Pages = "" // the default, as presets leave it
	}
	what := map[string]string{
		string(lab.PagesSystem): "system: each heap gets the pages the system gives it, as any Go program",
		string(lab.PagesHuge):   "huge: each worker asks for 2 MiB pages over its heap after its load",
		string(lab.PagesSmall):  "small: huge pages are turned off for the workers, so their heaps sit in 4 KiB pages",
	}[mode]
	p.status.say("Pages "+what+".", false)
}

// backingsChanged follows the checks; at least one backing must stay chosen, and
// no more than a run takes.
func (p *setupPanel) backingsChanged() {
	p.unfocus()
	if p.quiet {
		return
	}
	chosen := p.chosen(p.preset.Backings)
	if len(chosen) == 0 {
		p.recheck(p.preset.Backings) // put the last one back
		p.status.say("backings: choose at least one.", true)
		return
	}
	if len(chosen) > workload.MaxPerRun {
		p.recheck(p.preset.Backings) // take the last one off
		p.status.say(fmt.Sprintf("backings: at most %d in one run; untick one first.", workload.MaxPerRun), true)
		return
	}
	s := p.preset
	s.Backings, s.Claims = chosen, p.claims
	s.Params, s.Frames, s.Warmup = p.formValues(s)
	p.preset = keepClaims(s)
	p.changed(p.preset, backingsEdited)
	p.status.say("Backings: "+joinNames(chosen)+".", false)
}

// formValues returns the form's values, or s's own where the form has mistakes.
func (p *setupPanel) formValues(s presets.Preset) (map[string]int64, int, int) {
	params, frames, warmup, err := p.form.Values()
	if err != nil {
		return s.Params, s.Frames, s.Warmup
	}
	return params, frames, warmup
}

// paramsChanged reports a mistake in the form as it is typed; a valid form
// becomes the setup.
func (p *setupPanel) paramsChanged() {
	if p.quiet {
		return
	}
	params, frames, warmup, err := p.form.Values()
	if err != nil {
		p.status.say(err.Error(), true)
		return
	}
	p.preset.Params, p.preset.Frames, p.preset.Warmup = params, frames, warmup
	p.changed(p.preset, paramsEdited)
	if p.status.showsError() {
		p.status.say("Parameters are valid.", false)
	}
}

// read returns the setup as the panel shows it, or every mistake in it.
func (p *setupPanel) read() (presets.Preset, error) {
	s := p.preset
	s.Backings, s.Claims = p.chosen(p.preset.Backings), p.claims
	params, frames, warmup, err := p.form.Values()
	if err != nil {
		return s, err
	}
	s.Params, s.Frames, s.Warmup = params, frames, warmup
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
	s := savedSetup{title: r.Title, workload: r.Workload, params: r.Params, cache: r.Cache,
		forks: len(r.Forks), frames: r.Frames, warmup: r.Warmup}
	for _, b := range r.Backings {
		s.backings = append(s.backings, b.Name)
		for _, p := range b.PagesByFork() {
			if s.pages == "" {
				s.pages = p.Mode
			}
		}
	}
	return s.preset()
}

// setupOfSweep is the setup that would measure the sweep s again: as setupOfRun's,
// with the parameter swept and its values (the Sweep tab shows them) and, for a
// sweep lesson's file, that lesson with its sweep claims. A sweep chooses each
// point's length by its time budget, so the run's length is the lesson's, or the
// one the setup had (current).
func setupOfSweep(sw *result.Sweep, current presets.Preset) (presets.Preset, bool) {
	s := savedSetup{title: sw.Title, workload: sw.Workload, params: sw.Params, cache: sw.Cache,
		pages: sw.Pages, forks: sw.Forks, backings: sw.Backings, frames: current.Frames, warmup: current.Warmup,
		sweep: &presets.Sweep{Param: sw.Param, Values: sw.Values}}
	if b, ok := presets.BuiltinTitled(sw.Title, sw.Workload); ok {
		s.frames, s.warmup = b.Frames, b.Warmup
	}
	return s.preset()
}

// savedSetup is what a saved run or sweep records of the setup that measured it.
type savedSetup struct {
	title, workload, cache, pages string
	backings                      []string
	params                        map[string]int64
	forks, frames, warmup         int
	sweep                         *presets.Sweep
}

func (v savedSetup) preset() (presets.Preset, bool) {
	spec, err := workloads.Lookup(v.workload)
	if err != nil {
		return presets.Preset{}, false
	}
	s := presets.Preset{Schema: presets.Schema, Title: v.title, Workload: v.workload,
		Backings: v.backings, Frames: v.frames, Warmup: v.warmup, Params: workload.Params{}}
	if v.cache == cacheCold {
		s.Cache = cacheCold
	}
	if v.forks > 0 {
		s.Forks = v.forks
	}
	s.Pages = v.pages
	for k, x := range v.params {
		if q, ok := spec.Param(k); ok && x != q.Default {
			s.Params[k] = x
		}
	}
	if b, ok := presets.BuiltinTitled(v.title, v.workload); ok {
		s.Name, s.Lesson, s.Claims = b.Name, b.Lesson, b.Claims
		if b.Sweep != nil && v.sweep != nil { // a sweep lesson's claims are about its sweep
			s.Sweep = v.sweep
		}
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

// setupToCompare is the setup -compare opens on: the saved run's own (workload,
// backings, parameters, lesson), so that the base and the runs made beside it
// measure the same thing whatever was remembered from last time. A file that cannot
// be read or set up leaves s, and the window says why when it compares.
func setupToCompare(path string, s presets.Preset) presets.Preset {
	r, err := lab.LoadRun(path)
	if err != nil {
		return s
	}
	if own, ok := setupOfRun(r); ok {
		return own
	}
	return s
}
