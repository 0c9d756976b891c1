//go:build !nogui

package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/memlayout"
	"localitylab/workloads/workload"
)

// update is what the run's pump gathered for the widgets. Everything in it was
// copied out of the run, so the Fyne goroutine can use it while the run goes on.
type update struct {
	status  lab.Status
	samples [][]result.Sample // per backing, the samples since the last update
	snap    *result.Run       // the run so far, summarised; nil between slow refreshes
	scene   *workload.Scene   // the latest preview; nil when there is none new
	layout  *memlayout.Layout // the chosen backing's latest layout; nil when none is chosen or there is none
	final   bool              // the run has ended: snap is the whole run, err what ended it
	err     error             // Wait's error: a *lab.MismatchError, the context's, or nil
}

// gatherer returns what the pump calls at each of l's signals, on its own goroutine:
// the samples since the last call for the charts, and, at most every slowEvery and
// at the end, what summarises the whole run so far.
func (j *runJob) gatherer(l *lab.Live) func(ended bool) func() {
	n := len(l.Config().Backings)
	cursors := make([]int, n)
	var lastSlow time.Time
	return func(ended bool) func() {
		now := time.Now()
		u := update{status: l.Status(), samples: make([][]result.Sample, n)}
		for i := range n {
			u.samples[i] = l.Samples(i, cursors[i], nil)
			cursors[i] += len(u.samples[i])
		}
		if ended || now.Sub(lastSlow) >= slowEvery {
			lastSlow = now
			var s workload.Scene
			if l.Scene(&s) {
				u.scene = &s
			}
			if i := int(j.layoutOf.Load()); i >= 0 {
				var lay memlayout.Layout
				if l.Layout(i, &lay) {
					u.layout = &lay
				}
			}
			if ended {
				u.final = true
				u.snap, u.err = l.Wait()
			} else {
				u.snap = l.Snapshot()
			}
		}
		return func() { j.apply(u) }
	}
}

// apply shows an update from the pump. It runs on the Fyne goroutine.
func (j *runJob) apply(u update) {
	j.phase, j.status = u.status.Phase, u.status
	j.pane.show(u, j.host.preset().Workload)
	if u.snap != nil {
		j.shown = u.snap
	}
	if u.final {
		j.finish(u)
		return
	}
	j.host.say(progress(u.status)+failures(u.status), anyFailed(u.status))
	j.host.refresh()
}

// finish shows the end of a run: a result, a stopped run's partial result, or, for
// a checksum mismatch, an error and no result at all.
func (j *runJob) finish(u update) {
	h := j.host
	j.measuring = false
	j.pane.scene.showLoading(false)
	var mm *lab.MismatchError
	switch {
	case errors.As(u.err, &mm):
		j.invalid = u.err
		j.pane.noResult(noResult("run", u.err))
		h.fail("Checksum mismatch", u.err)
	case errors.Is(u.err, context.Canceled) && u.status.Done == 0:
		j.shown = nil // loads and no frame: nothing to export or save
		h.say("Cancelled before any frame ran.", false)
	case errors.Is(u.err, context.Canceled):
		h.say(fmt.Sprintf("Stopped after %s of %s frames; what was measured is shown.", units.Count(float64(u.status.Done)), units.Count(float64(u.status.Frames))), false)
	case u.err != nil:
		h.fail("The run ended with an error", u.err)
	default:
		msg, more := doneMessage(u.status), ""
		if c := u.snap.Counters; c.Enabled && c.Note != "" {
			// Said once: the box is unticked, so the next runs do not try again and
			// end in the same long reason.
			msg += " No hardware counters on this machine: unticked, misses/frame stays n/a."
			more = counterNote(c.Note)
			h.noCounters()
		}
		if j.simAsked && j.live != nil {
			if !anyFailed(u.status) {
				j.sim.start(j.live, msg, more)
				return // it ends the job when done
			}
			msg += " No simulated misses: a worker failed."
		}
		h.sayMore(msg, more, anyFailed(u.status))
	}
	h.ended()
}

func anyFailed(st lab.Status) bool {
	for _, b := range st.Backings {
		if b.Err != nil {
			return true
		}
	}
	return false
}

// progress is the status line while a run is live, naming the fork in a run of
// several.
func progress(st lab.Status) string {
	line := phaseProgress(st)
	if st.Forks > 1 && st.Phase != lab.Starting {
		line = fmt.Sprintf("Fork %d of %d (fresh workers): %s", st.Fork+1, st.Forks, line)
	}
	return line
}

func phaseProgress(st lab.Status) string {
	switch st.Phase {
	case lab.Starting:
		return "Starting the worker processes…"
	case lab.Loading:
		for _, b := range st.Backings {
			if !b.Loaded && b.Err == nil {
				return fmt.Sprintf("Loading %s: %.0f%%…", b.Name, 100*b.Load)
			}
		}
		return "Loading…"
	case lab.Paused:
		return fmt.Sprintf("Paused after frame %s of %s. Space or Run resumes; S or → steps one frame.", units.Count(float64(st.Done)), units.Count(float64(st.Frames)))
	}
	return fmt.Sprintf("Running: frame %s of %s.", units.Count(float64(st.Done)), units.Count(float64(st.Frames)))
}

// counterNote says why the hardware counters read n/a, as a sentence.
func counterNote(note string) string {
	if !strings.HasPrefix(strings.ToLower(note), "hardware counters") {
		note = "hardware counters: " + note
	}
	return strings.ToUpper(note[:1]) + note[1:]
}

// failures lists the failed workers for the status line; the table and the chart
// legends say it too, but the status line is where a person looks first.
func failures(st lab.Status) string {
	msg := ""
	for _, b := range st.Backings {
		if b.Err != nil {
			msg += " " + firstLine(b.Err.Error()) + "."
		}
	}
	return msg
}

// doneMessage is the status line after a run that ran to its end.
func doneMessage(st lab.Status) string {
	return fmt.Sprintf("Done: %s frames per backing.", units.Count(float64(st.Done))) + failures(st)
}
