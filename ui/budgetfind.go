//go:build !nogui

package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/internal/units"
	"localitylab/presets"
	"localitylab/workloads/workload"
)

// A frame-budget claim ("the pan stutters") answered on the machine in front of the
// class. Under such a claim the lesson panel has a button, "Find the size on this
// machine", that runs the search `sweep -find-budget` runs (presets.FindBudget: the
// claim's slower backing alone, a few short runs at sizes the search chooses, from the
// setup's entities) off the Fyne goroutine. While it runs the run job is busy — the
// setup is locked and nothing else measures beside it — the claim shows which size is
// being measured and which run of at most how many, and the button (or Esc) cancels
// it. At its end the claim shows presets' sentence, the one the command prints; a
// search stopped before it bracketed the size lists what it measured; a worker's
// failure says so in a dialog and under the claim.

// budgetFind is a search in progress.
type budgetFind struct {
	claim   presets.Claim
	params  workload.Params // the setup's, to keep the answer only while they hold
	cancel  context.CancelFunc
	done    chan struct{} // closed when the search has returned
	stopped bool          // Cancel or Esc stopped it
	last    string        // the last run measured, in words
}

// findButtonText is the control's label when no search runs; findCancelText while one does.
const (
	findButtonText = "Find the size on this machine"
	findCancelText = "Cancel the search (Esc)"
)

// finding reports whether a budget search is running.
func (j *runJob) finding() bool { return j.find != nil }

// findBudget starts the search for claim c, or cancels it when it is the one running.
func (j *runJob) findBudget(c presets.Claim) {
	w := j.w
	if j.find != nil {
		if j.find.claim.Text == c.Text {
			j.cancelFind()
		}
		return
	}
	if !w.mayStart(j) {
		return
	}
	if j.measuring || j.simulating() {
		w.status.say("A run is in progress: stop it first (Esc), then search.", true)
		return
	}
	s, err := w.setup.read()
	if err != nil {
		w.startFailed("The setup has a mistake", err)
		return
	}
	cfg := config(s, false, w.env)
	ctx, cancel := context.WithCancel(context.Background())
	f := &budgetFind{claim: c, params: s.Params.Clone(), cancel: cancel, done: make(chan struct{})}
	j.find = f
	j.pane.lesson.showFound(c, "", false)
	j.pane.lesson.showFinding(c, fmt.Sprintf("Starting the search for where %s misses the %s budget…", c.Slower, units.Duration(float64(presets.Budget))))
	w.started(s, fmt.Sprintf("Searching where %s misses the frame budget on this machine: Esc cancels.", c.Slower))
	e := w.env
	go func() {
		found, err := presets.FindBudget(ctx, cfg, c.Slower, presets.BudgetRuns, e.probe, func(st presets.BudgetStep) {
			e.doOnMain(func() { j.findProgress(f, st) })
		})
		cancel()
		close(f.done)
		e.doOnMain(func() { j.findEnded(f, found, err) })
	}()
}

// findProgress shows where search f is, if it is still the job's.
func (j *runJob) findProgress(f *budgetFind, st presets.BudgetStep) {
	if j.find != f || f.stopped {
		return
	}
	if st.Done {
		f.last = stepWords(st)
		return
	}
	msg := fmt.Sprintf("Measuring %s alone at %s entities: run %d of at most %d (%d forks of %d frames each).",
		st.Backing, units.Count(float64(st.N)), st.Run, st.Runs, presets.BudgetForks, presets.BudgetFrames/presets.BudgetForks)
	if f.last != "" {
		msg += " Last: " + f.last + "."
	}
	j.pane.lesson.showFinding(f.claim, msg)
	j.w.status.say(msg+" Esc cancels.", false)
}

// stepWords says what a run of the search measured.
func stepWords(st presets.BudgetStep) string {
	n := units.Count(float64(st.N))
	switch {
	case st.TooBig != nil:
		return n + " entities do not fit in this machine's memory"
	case st.Probe.Stutters():
		return fmt.Sprintf("%s entities, p95 %s, misses the budget", n, units.Duration(st.Probe.P95))
	}
	return fmt.Sprintf("%s entities, p95 %s, keeps it", n, units.Duration(st.Probe.P95))
}

// findEnded shows what search f found, if it is still the job's (Reset and quitting
// drop it).
func (j *runJob) findEnded(f *budgetFind, found presets.BudgetFound, err error) {
	if j.find != f {
		return
	}
	j.find = nil
	l := j.pane.lesson
	l.showFinding(f.claim, "")
	c := f.claim
	switch {
	case err == nil:
		l.keepFound(c, found.BudgetText(c.Slower, "entities"), f.params)
		j.w.status.say("The search for "+c.Slower+" has ended: its answer is under the claim.", false)
	case f.stopped || errors.Is(err, context.Canceled):
		l.showFound(c, "The search was stopped. "+measuredWords(found, c.Slower)+". Press “"+findButtonText+"” to search again.", false)
		j.w.status.say("Search stopped.", false)
	default:
		l.showFound(c, "The search for "+c.Slower+" failed: "+err.Error()+". "+measuredWords(found, c.Slower)+".", true)
		j.w.status.fail("The search for "+c.Slower+" failed", err)
	}
	j.w.ended()
}

// measuredWords lists what a search of backing measured before it stopped; where it
// had already bracketed the size, its sentence says so.
func measuredWords(f presets.BudgetFound, backing string) string {
	if f.Found() {
		return "What it had found by then: " + strings.TrimSuffix(f.BudgetText(backing, "entities"), ".")
	}
	if len(f.Probes) == 0 {
		return "Nothing was measured"
	}
	var each []string
	for _, p := range f.Probes {
		each = append(each, stepWords(presets.BudgetStep{N: p.N, Probe: p}))
	}
	return "It measured " + strings.Join(each, "; ")
}

// cancelFind is Cancel or Esc during the search: it stops after the run in progress,
// whose workers are told to end.
func (j *runJob) cancelFind() {
	j.find.stopped = true
	j.find.cancel()
	j.pane.lesson.showFinding(j.find.claim, "Stopping the search…")
	j.w.status.say("Stopping the search…", false)
}

// stopFind drops the search, if any, and returns a channel closed once its workers
// are gone (nil: none).
func (j *runJob) stopFind() <-chan struct{} {
	f := j.find
	if f == nil {
		return nil
	}
	j.find = nil
	f.cancel()
	j.pane.lesson.showFinding(f.claim, "")
	return f.done
}

// findRow is what a budget claim has beyond a prediction: the search's button, where
// it is, and what it found.
type findRow struct {
	button   *widget.Button
	progress *widget.Label
	found    *widget.Label
}

// keptFound is a search's answer as the lesson panel keeps it: for the setup's
// parameters other than the entities the search chose itself (another moving % is
// another answer).
type keptFound struct {
	text   string
	params workload.Params
}

// addFind adds, under budget claim c, the search's button and the labels for its
// progress and its answer; an answer found before for the same parameters shows again.
func (p *lessonPanel) addFind(c presets.Claim) *findRow {
	r := &findRow{progress: wrapped(""), found: wrapped("")}
	r.button = widget.NewButtonWithIcon(findButtonText, theme.SearchIcon(), func() { p.onFind(c) })
	r.found.TextStyle.Italic = true
	r.progress.Hide()
	r.found.Hide()
	p.box.Add(wrapped("Whether it stutters depends on the machine: the search runs " + c.Slower +
		" alone at a few sizes it chooses and says from how many entities its frames miss the budget here."))
	p.box.Add(container.NewHBox(r.button))
	p.box.Add(r.progress)
	p.box.Add(r.found)
	if k, ok := p.found[c.Text]; ok && sameBut(k.params, p.setup.Params, "entities") {
		setShown(r.found, k.text)
	}
	return r
}

// sameBut reports whether a and b hold the same parameters but for skip.
func sameBut(a, b workload.Params, skip string) bool {
	for k, v := range a {
		if k != skip && b[k] != v {
			return false
		}
	}
	for k, v := range b {
		if k != skip && a[k] != v {
			return false
		}
	}
	return true
}

// findOf is claim c's search row, or nil.
func (p *lessonPanel) findOf(c presets.Claim) *findRow {
	for _, r := range p.claims {
		if r.find != nil && r.claim.Text == c.Text {
			return r.find
		}
	}
	return nil
}

// showFinding shows where the search of c is ("": hide it).
func (p *lessonPanel) showFinding(c presets.Claim, msg string) {
	if r := p.findOf(c); r != nil {
		setShown(r.progress, msg)
	}
}

// showFound shows what the search of c ended with, in red when it failed; it is not
// kept for another setup.
func (p *lessonPanel) showFound(c presets.Claim, text string, failed bool) {
	delete(p.found, c.Text)
	if r := p.findOf(c); r != nil {
		r.found.Importance = widget.MediumImportance
		if failed {
			r.found.Importance = widget.DangerImportance
		}
		setShown(r.found, text)
	}
}

// keepFound shows the search's answer for c and keeps it while the setup's
// parameters (but the entities) stay as they were for the search.
func (p *lessonPanel) keepFound(c presets.Claim, text string, params workload.Params) {
	p.showFound(c, text, false)
	p.found[c.Text] = keptFound{text: text, params: params}
}

// syncFind enables the search buttons: each while nothing measures; the one of the
// search running, as its Cancel.
func (p *lessonPanel) syncFind(free bool, running *budgetFind) {
	for _, r := range p.claims {
		if r.find == nil {
			continue
		}
		mine := running != nil && running.claim.Text == r.claim.Text
		r.find.button.SetText(findButtonText)
		if mine {
			r.find.button.SetText(findCancelText)
		}
		enable(r.find.button, mine || (free && running == nil))
	}
}

// syncKept shows each kept answer while params (but the entities) are those it was
// found with, and hides it otherwise.
func (p *lessonPanel) syncKept(params workload.Params) {
	for _, r := range p.claims {
		if r.find == nil {
			continue
		}
		if k, ok := p.found[r.claim.Text]; ok {
			if sameBut(k.params, params, "entities") {
				setShown(r.find.found, k.text)
			} else {
				setShown(r.find.found, "")
			}
		}
	}
}
