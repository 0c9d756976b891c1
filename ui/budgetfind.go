//go:build !nogui

package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"

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

// budgetSearch is the Live run tab's part that runs the search. It reaches the
// window through host, and shows itself under the claim through findView.
type budgetSearch struct {
	h    host
	e    *env
	view findView
	cur  *budgetFind // in progress; nil: none
}

// findView is where a search shows itself: the lesson panel, under its claim
// (findrow.go).
type findView interface {
	showFinding(c presets.Claim, msg string)                        // where the search is ("": hide it)
	showFound(c presets.Claim, text string, failed bool)            // what it ended with, not kept
	keepFound(c presets.Claim, text string, params workload.Params) // its answer, kept while params hold
}

func newBudgetSearch(h host, e *env, v findView) *budgetSearch {
	return &budgetSearch{h: h, e: e, view: v}
}

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

// running reports whether a search is running; current is that search, or nil.
func (s *budgetSearch) running() bool        { return s.cur != nil }
func (s *budgetSearch) current() *budgetFind { return s.cur }

// cancelOf cancels the search running when it is claim c's.
func (s *budgetSearch) cancelOf(c presets.Claim) {
	if s.cur != nil && s.cur.claim.Text == c.Text {
		s.cancel()
	}
}

// start runs the search for claim c on the setup as the panel shows it.
func (s *budgetSearch) start(c presets.Claim) {
	setup, err := s.h.readPreset()
	if err != nil {
		s.h.startFailed("The setup has a mistake", err)
		return
	}
	cfg := config(setup, false, *s.e)
	ctx, cancel := context.WithCancel(context.Background())
	f := &budgetFind{claim: c, params: setup.Params.Clone(), cancel: cancel, done: make(chan struct{})}
	s.cur = f
	s.view.showFound(c, "", false)
	s.view.showFinding(c, fmt.Sprintf("Starting the search for where %s misses the %s budget…", c.Slower, units.Duration(float64(presets.Budget))))
	s.h.started(setup, fmt.Sprintf("Searching where %s misses the frame budget on this machine: Esc cancels.", c.Slower))
	e := *s.e
	go func() {
		found, err := presets.FindBudget(ctx, cfg, c.Slower, presets.BudgetRuns, e.probe, func(st presets.BudgetStep) {
			e.doOnMain(func() { s.progress(f, st) })
		})
		cancel()
		close(f.done)
		e.doOnMain(func() { s.ended(f, found, err) })
	}()
}

// progress shows where search f is, if it is still the current one.
func (s *budgetSearch) progress(f *budgetFind, st presets.BudgetStep) {
	if s.cur != f || f.stopped {
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
	s.view.showFinding(f.claim, msg)
	s.h.say(msg+" Esc cancels.", false)
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

// ended shows what search f found, if it is still the current one (Reset and
// quitting drop it).
func (s *budgetSearch) ended(f *budgetFind, found presets.BudgetFound, err error) {
	if s.cur != f {
		return
	}
	s.cur = nil
	v := s.view
	v.showFinding(f.claim, "")
	c := f.claim
	switch {
	case err == nil:
		v.keepFound(c, found.BudgetText(c.Slower, "entities"), f.params)
		s.h.say("The search for "+c.Slower+" has ended: its answer is under the claim.", false)
	case f.stopped || errors.Is(err, context.Canceled):
		v.showFound(c, "The search was stopped. "+measuredWords(found, c.Slower)+". Press “"+findButtonText+"” to search again.", false)
		s.h.say("Search stopped.", false)
	default:
		v.showFound(c, "The search for "+c.Slower+" failed: "+err.Error()+". "+measuredWords(found, c.Slower)+".", true)
		s.h.fail("The search for "+c.Slower+" failed", err)
	}
	s.h.ended()
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

// cancel is Cancel or Esc during the search: it stops after the run in progress,
// whose workers are told to end.
func (s *budgetSearch) cancel() {
	s.cur.stopped = true
	s.cur.cancel()
	s.view.showFinding(s.cur.claim, "Stopping the search…")
	s.h.say("Stopping the search…", false)
}

// stop drops the search, if any, and returns a channel closed once its workers are
// gone (nil: none).
func (s *budgetSearch) stop() <-chan struct{} {
	f := s.cur
	if f == nil {
		return nil
	}
	s.cur = nil
	f.cancel()
	s.view.showFinding(f.claim, "")
	return f.done
}
