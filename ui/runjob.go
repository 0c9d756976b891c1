//go:build !nogui

package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sync/atomic"
	"time"

	"localitylab/charts"
	"localitylab/charts/export"
	"localitylab/handout"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/launch"
	"localitylab/memlayout"
	"localitylab/presets"
)

// runJob is the Live run tab: the setup run live, each backing in a worker process
// of its own, its figures filling the tab's charts, table and lesson as it goes
// (runpane.go); or a saved run opened from a file. Its controls are in
// runcontrol.go, what its pump brings in runupdate.go. A budget claim's search
// (budgetfind.go) and the simulation of a run's misses (simulate.go) are parts of
// their own, which the tab starts and stops.
type runJob struct {
	kit // the window as the tab sees it (host.go)

	pane    *runPane
	buttons *runButtons
	items   *runMenuItems
	base    *baseRun      // a saved run shown under this one (comparerun.go)
	search  *budgetSearch // a budget claim's search (budgetfind.go)
	sim     *simulator    // the simulation of the last run's misses (simulate.go)

	live      *lab.Live // the run started last; kept after its end for its last layouts; nil after Reset or Open
	pump      pump
	layoutOf  atomic.Int32 // the backing whose layout the pump copies; -1: none
	measuring bool         // the run is live: loading, running or paused
	phase     lab.Phase
	status    lab.Status  // the run's status as last shown
	shown     *result.Run // the run whose figures are shown: live snapshot or opened file
	invalid   error       // the shown run's checksums disagreed: it is not a result
	simAsked  bool        // the run started last asks for simulated misses at its end
}

// noRun is what the table says with no run to show.
const noRun = "No run yet: press Run (Space), or open a saved run (Ctrl+O)."

func newRunJob(k kit) *runJob {
	j := &runJob{kit: k}
	j.layoutOf.Store(-1)
	j.pane = newRunPane(j.cancel, j.syncLayout)
	j.base = newBaseRun(k.host, j.pane, func() *result.Run {
		if j.invalid != nil {
			return nil
		}
		return j.shown
	})
	j.search = newBudgetSearch(k.host, k.env, j.pane.lesson)
	j.sim = newSimulator(k.host, k.env, j.pane.scene, func(r *result.Run) {
		j.shown = r
		j.pane.table.SetRun(r)
		j.pane.lesson.ShowRun(r)
	})
	j.pane.lesson.onFind = j.findBudget
	j.buttons = newRunButtons(j)
	j.items = newRunMenuItems(j)
	return j
}

func (j *runJob) places() places {
	return places{tab: j.pane.root, setup: j.buttons.box, menu: j.items.run, file: j.items.file, view: j.items.view}
}

func (j *runJob) busy() bool       { return j.measuring || j.sim.running() || j.search.running() }
func (j *runJob) start()           { j.begin(false) }
func (j *runJob) setLarge(on bool) { j.pane.setLarge(on) }

// fromFlags opens the Layout view on -layout's backing and shows -compare's run as
// the base; the tab is in front unless another asks.
func (j *runJob) fromFlags(o launch.Options) bool {
	if o.Layout != "" {
		j.pane.scene.showLayout(o.Layout)
	}
	if o.Compare != "" {
		j.base.compareWith(o.Compare)
	}
	return false
}

// setupChanged follows the setup panel: the lesson and notes show the setup, and the
// figures of an earlier run are cleared when the setup is another, since they answer
// another question.
func (j *runJob) setupChanged(s presets.Preset, e setupEvent) {
	switch e {
	case setupReplaced:
		j.pane.lesson.SetSetup(s)
		j.clear(noRun)
	case backingsEdited:
		j.pane.lesson.SetSetup(s)
		if j.shown != nil {
			j.pane.lesson.ShowRun(j.shown)
		}
	case paramsEdited:
		j.pane.lesson.ShowConditions(s.Params)
	}
}

// clear empties the figures, saying msg where the table's rows were.
func (j *runJob) clear(msg string) {
	j.shown, j.invalid = nil, nil
	j.pane.clear(j.host.preset(), msg)
}

// output is what Export and Save write: the live run as measured so far, or the run
// shown. A run whose checksums disagreed is no result and is never written.
func (j *runJob) output() (output, error) {
	var r *result.Run
	switch {
	case j.invalid != nil:
		return output{}, fmt.Errorf("the run has no result to write: %w", j.invalid)
	case j.measuring:
		r = j.live.Snapshot()
	case j.shown != nil:
		r = j.shown
	default:
		return output{}, errors.New("there is no run yet: run one (Space) or open a saved one (Ctrl+O)")
	}
	setup := j.host.preset()
	return output{stem: runStem(r, setup), write: func(w io.Writer, f fileFormat) error {
		return export.FormatNamed(f.Name).Write(w, r, runOptions(setup, r))
	}}, nil
}

// runStem is the file name an export dialog proposes: what was run and when.
func runStem(r *result.Run, setup presets.Preset) string {
	stem := setup.Name
	if stem == "" {
		stem = r.Workload
	}
	if stem == "" {
		stem = "run"
	}
	when := time.Now()
	if !r.Started.IsZero() {
		when = r.Started.Local()
	}
	return stem + "-" + when.Format("20060102-1504")
}

// runOptions are what an exported page says beside the figures: the lesson's claims
// with what r measured, as the lesson panel shows them.
func runOptions(setup presets.Preset, r *result.Run) charts.Options {
	var o charts.Options
	if r == nil || r.Workload != setup.Workload {
		return o
	}
	for _, c := range presets.AnswerClaims(setup.Claims, r) {
		o.Claims = append(o.Claims, charts.Claim{Source: c.Source, Text: c.Text, Answer: c.Answer.String()})
	}
	if len(o.Claims) > 0 {
		o.ClaimsNote = presets.ConditionsNote(setup.Lesson, r.Workload, r.Params, "this run")
	}
	return o
}

// handoutPage is the handout of the run shown, with prediction (handout.go).
func (j *runJob) handoutPage(prediction string) (*handout.Page, error) {
	if j.shown == nil || j.invalid != nil || j.measuring {
		return nil, errors.New("a handout needs a finished run: run the lesson first, or open a saved run of it")
	}
	l, err := lessonOf(j.shown.Title, j.shown.Workload, j.host.preset())
	if err != nil {
		return nil, err
	}
	return handout.FromRun(l, j.shown, prediction)
}

// predictions are those typed under the lesson's claims.
func (j *runJob) predictions() string { return j.pane.lesson.predictions() }

// open shows the run saved at path, without running anything: charts, table, notes
// and, when it came from a lesson, the claims with their answers. The setup becomes
// the run's, so that Run measures it again. While a job measures it refuses: the
// setup and the figures are that job's until it ends.
func (j *runJob) open(path string) {
	h := j.host
	if !h.idle("Cannot open a run now") {
		return
	}
	r, err := lab.LoadRun(path)
	if err != nil {
		h.fail("Cannot open the run", err)
		return
	}
	if s, ok := setupOfRun(r); ok {
		h.applyPreset(s)
	} else {
		j.clear("")
	}
	j.stop() // the last run's layouts are not this run's
	j.base.keep(r.Workload)
	j.shown, j.invalid = r, nil
	j.pane.showRun(r)
	h.bringFront(j)
	h.refresh()
	h.say(fmt.Sprintf("Opened %s: %s, measured %s on %s. Nothing was run.", filepath.Base(path),
		joinNames(backingNames(r)), r.Started.Local().Format("2 Jan 2006 15:04"), r.Host.CPU), false)
}

func backingNames(r *result.Run) []string {
	out := make([]string, len(r.Backings))
	for i, b := range r.Backings {
		out[i] = b.Name
	}
	return out
}

// stop stops the run, if any, and its pump; its workers end in the background.
func (j *runJob) stop() <-chan struct{} {
	sim, find := j.sim.stop(), j.search.stop()
	j.live = nil
	return both(both(j.pump.stop(), sim), find)
}

// both returns a channel closed once a and b are (a nil one counts as closed).
func both(a, b <-chan struct{}) <-chan struct{} {
	if a == nil || b == nil {
		if a == nil {
			return b
		}
		return a
	}
	out := make(chan struct{})
	go func() {
		<-a
		<-b
		close(out)
	}()
	return out
}

// final stops the run and returns what -quit-after saves: the live run as measured
// until now (stopped, not failed), the run shown, or why there is none. A
// simulation in progress stops, and the run is saved with what it simulated; a
// finished one is saved with its simulated misses.
func (j *runJob) final() func() outcome {
	l, r, err, sim := j.live, j.shown, j.invalid, j.sim.current()
	if l != nil && !j.measuring && r != nil && r.Counters.Simulated != nil {
		l = nil // the live run's own record lacks the simulation, done on a copy of it
	}
	j.stop()
	return func() outcome {
		if sim != nil {
			l, r = nil, sim.wait()
		}
		if l != nil {
			r, err = l.Wait()
			if errors.Is(err, context.Canceled) {
				err = nil
			}
		}
		o := outcome{err: err}
		if r != nil {
			o.save = func(path string) error { return result.SaveJSON(path, r) }
			for _, b := range r.Backings {
				if o.failed == "" {
					o.failed = b.Error
				}
			}
		}
		return o
	}
}

// syncLayout tells the run which backing's layout to ask for: the chosen one while
// the Layout tab shows, none otherwise, so that a hidden view costs the workers
// nothing. What the run already has of the chosen backing is shown at once (after a
// run, every backing's last layout).
func (j *runJob) syncLayout() {
	sc := j.pane.scene
	i := sc.layout.chosen()
	if !sc.layoutShown() {
		i = -1
	}
	j.layoutOf.Store(int32(i))
	if j.live == nil {
		return
	}
	j.live.SetLayout(i)
	if i < 0 {
		return
	}
	var lay memlayout.Layout
	if j.live.Layout(i, &lay) {
		sc.layout.view.SetLayout(&lay)
		return
	}
	if b := sc.layout.backings[i]; sc.layout.view.Backing() != b {
		sc.layout.view.Clear("Waiting for " + b + "'s layout…")
	}
}

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
		Forks:        p.Forks,
		Counters:     counters,
		Cache:        lab.CacheMode(cacheOf(p)),
		Pages:        lab.PagesMode(p.Pages),
		PreviewEvery: previewEvery,
		LayoutEvery:  layoutEvery,
		Worker:       e.worker,
		WorkerEnv:    e.workerEnv,
	}
}
