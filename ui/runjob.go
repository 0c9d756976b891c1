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

	"fyne.io/fyne/v2"

	"localitylab/charts"
	"localitylab/charts/export"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/memlayout"
	"localitylab/presets"
)

// runJob is the Live run tab: the setup run live, each backing in a worker process
// of its own, its figures filling the tab's charts, table and lesson as it goes
// (runpane.go); or a saved run opened from a file. Its controls are in
// runcontrol.go, what its pump brings in runupdate.go.
type runJob struct {
	w *window

	pane    *runPane
	buttons *runButtons
	items   *runMenuItems
	base    baseRun // a saved run shown under this one (comparerun.go)

	live      *lab.Live // the run started last; kept after its end for its last layouts; nil after Reset or Open
	pump      pump
	layoutOf  atomic.Int32 // the backing whose layout the pump copies; -1: none
	measuring bool         // the run is live: loading, running or paused
	phase     lab.Phase
	status    lab.Status  // the run's status as last shown
	shown     *result.Run // the run whose figures are shown: live snapshot or opened file
	invalid   error       // the shown run's checksums disagreed: it is not a result
	simAsked  bool        // the run started last asks for simulated misses at its end
	sim       *simulation // the simulation of the last run's misses in progress (simulate.go); nil: none
	find      *budgetFind // a budget claim's search in progress (budgetfind.go); nil: none
}

// noRun is what the table says with no run to show.
const noRun = "No run yet: press Run (Space), or open a saved run (Ctrl+O)."

func newRunJob(w *window) *runJob {
	j := &runJob{w: w}
	j.base.j = j
	j.layoutOf.Store(-1)
	j.pane = newRunPane(j.cancel, j.syncLayout)
	j.pane.lesson.onFind = j.findBudget
	j.buttons = newRunButtons(j)
	j.items = newRunMenuItems(j)
	return j
}

func (j *runJob) view() fyne.CanvasObject { return j.pane.root }
func (j *runJob) menu() *fyne.Menu        { return j.items.run }
func (j *runJob) busy() bool              { return j.measuring || j.simulating() || j.finding() }
func (j *runJob) start()                  { j.begin(false) }

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
	j.pane.clear(j.w.setup.preset, msg)
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
	setup := j.w.setup.preset
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

// open shows the run saved at path, without running anything: charts, table, notes
// and, when it came from a lesson, the claims with their answers. The setup becomes
// the run's, so that Run measures it again. While a job measures it refuses: the
// setup and the figures are that job's until it ends.
func (j *runJob) open(path string) {
	w := j.w
	if !w.idle("Cannot open a run now") {
		return
	}
	r, err := lab.LoadRun(path)
	if err != nil {
		w.status.fail("Cannot open the run", err)
		return
	}
	if s, ok := setupOfRun(r); ok {
		w.setup.apply(s)
	} else {
		j.clear("")
	}
	j.stop() // the last run's layouts are not this run's
	j.base.keep(r.Workload)
	j.shown, j.invalid = r, nil
	j.pane.showRun(r)
	w.bringFront(j)
	w.refresh()
	w.status.say(fmt.Sprintf("Opened %s: %s, measured %s on %s. Nothing was run.", filepath.Base(path),
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
	sim, find := j.stopSim(), j.stopFind()
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
	l, r, err, sim := j.live, j.shown, j.invalid, j.sim
	if l != nil && !j.measuring && r != nil && r.Counters.Simulated != nil {
		l = nil // the live run's own record lacks the simulation, done on a copy of it
	}
	j.stop()
	return func() outcome {
		if sim != nil {
			<-sim.done
			l, r = nil, sim.run
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
