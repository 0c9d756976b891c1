package ui

import (
	"context"
	"slices"
	"time"

	"fyne.io/fyne/v2"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/presets"
	"localitylab/scenarios"
	"localitylab/scenarios/workload"
)

// previewEvery is how often the first backing's worker is asked for a scene: often
// enough that the camera visibly pans, rarely enough that the preview costs the run
// nothing worth measuring (it is drawn between frames, outside the timed part).
const previewEvery = 250 * time.Millisecond

// env holds what tests change about how the app reaches the world outside: the
// worker command, how a run starts, and how a goroutine hands work to the Fyne
// goroutine. The zero value is the real app.
type env struct {
	worker    []string                                             // nil: this executable's hidden worker subcommand
	workerEnv []string                                             // extra environment for the workers
	start     func(context.Context, lab.Config) (*lab.Live, error) // nil: lab.Start
	do        func(func())                                         // nil: fyne.Do
}

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
		PreviewEvery: previewEvery,
		Worker:       e.worker,
		WorkerEnv:    e.workerEnv,
	}
}

// keepClaims drops the claims about backings the setup no longer compares, so that
// a setup the user narrowed still validates as a preset and still shows the claims
// it can answer.
func keepClaims(p presets.Preset) presets.Preset {
	var kept []presets.Claim
	for _, c := range p.Claims {
		if slices.Contains(p.Backings, c.Slower) && slices.Contains(p.Backings, c.Faster) {
			kept = append(kept, c)
		}
	}
	p.Claims = kept
	return p
}

// inOrder returns the chosen backings in the order the app shows all six.
func inOrder(chosen map[string]bool) []string {
	var out []string
	for _, b := range workload.Backings {
		if chosen[b] {
			out = append(out, b)
		}
	}
	return out
}

// doOnMain runs fn on the Fyne goroutine.
func (e env) doOnMain(fn func()) {
	if e.do != nil {
		e.do(fn)
		return
	}
	fyne.Do(fn)
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
	for _, b := range r.Backings {
		s.Backings = append(s.Backings, b.Name)
	}
	for k, v := range r.Params {
		if q, ok := spec.Param(k); ok && v != q.Default {
			s.Params[k] = v
		}
	}
	for _, b := range presets.Builtin() {
		if b.Title == r.Title && b.Workload == r.Workload {
			s.Name, s.Lesson, s.Claims = b.Name, b.Lesson, b.Claims
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
