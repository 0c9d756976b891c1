//go:build !nogui

package ui

import (
	"context"
	"errors"
	"fmt"
	"math"

	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/sweep"
	"localitylab/presets"
)

// How a sweep runs: Run sweep checks the setup and the values and starts it; its pump
// brings a snapshot at each new point; Cancel drops the point being measured and
// keeps the points done.

// config is the sweep Run sweep starts: the setup as the left panel shows it, run
// at each of the values typed.
func (j *sweepJob) config() (sweep.Config, presets.Preset, error) {
	s, err := j.host.readPreset()
	if err != nil {
		return sweep.Config{}, s, fmt.Errorf("the setup: %w", err)
	}
	values, err := sweep.ParseValuesOf(j.param.Selected, j.values.Text)
	if err != nil {
		return sweep.Config{}, s, fmt.Errorf("values: %w", err)
	}
	counters, _ := j.host.counters()
	c := sweep.Config{Run: config(s, counters, *j.env), Param: j.param.Selected, Values: values}
	if s.Sweep == nil || s.Sweep.Param != c.Param {
		// The lesson's title names its own setup ("A million sprites"), which a sweep
		// of another parameter, or of a run lesson's, leaves: the sweep is named by
		// its workload, parameter and values instead.
		c.Run.Title = ""
	}
	return c, s, c.Check()
}

// start is Run sweep.
func (j *sweepJob) start() {
	h := j.host
	if j.sweeping || !h.mayStart(j) {
		return
	}
	cfg, s, err := j.config()
	cfg.Run.Probe = machineProbe(cfg.Run.Pages)
	var l *sweep.Live
	if err == nil {
		l, err = sweep.Start(context.Background(), cfg)
	}
	if err != nil {
		h.startFailed("The sweep cannot start", err)
		return
	}
	j.stop() // the last sweep, ended
	j.live, j.sweeping = l, true
	j.pump.start(*j.env, l, j.gatherer(l))
	j.clear("Starting…")
	j.body.started()
	h.started(s, fmt.Sprintf("Sweeping %s over %d values…", cfg.Param, len(cfg.Values)))
}

// toggle is the space bar in the sweep tab: start a sweep, or cancel the one
// running.
func (j *sweepJob) toggle() {
	if j.sweeping {
		j.cancel()
		return
	}
	j.start()
}

// cancel is Cancel: the point being measured is dropped, the points done stay.
func (j *sweepJob) cancel() {
	if j.sweeping {
		j.live.Stop()
		j.host.say("Cancelling the sweep…", false)
	}
}

// sweepUpdate is what the sweep's pump gathered for the widgets, copied out of the
// sweep so that the Fyne goroutine can use it while the sweep goes on.
type sweepUpdate struct {
	status sweep.Status
	snap   *result.Sweep // the points so far; nil when no point was added since the last update
	final  bool
	err    error
}

// gatherer returns what the pump calls at each of l's signals: the status, and a
// snapshot when a point was added or the sweep ended.
func (j *sweepJob) gatherer(l *sweep.Live) func(ended bool) func() {
	points := -1
	return func(ended bool) func() {
		u := sweepUpdate{status: l.Status()}
		if n := len(u.status.Done); n != points || ended {
			points = n
			u.snap = l.Snapshot()
		}
		if ended {
			u.final = true
			u.snap, u.err = l.Wait()
		}
		return func() { j.apply(u) }
	}
}

// apply shows an update from the pump, on the Fyne goroutine.
func (j *sweepJob) apply(u sweepUpdate) {
	st := u.status
	if u.snap != nil {
		pending := math.NaN()
		if !u.final && st.Point < st.Points {
			pending = float64(st.Value)
		}
		j.show(u.snap, pending)
	}
	if st.Points > 0 {
		j.progress.SetValue(sweepDone(st))
	}
	if u.final {
		j.finish(u)
		return
	}
	j.status.SetText(sweepProgress(st))
	j.host.say(sweepProgress(st), false)
}

// finish shows the end of a sweep, on the status line and on the tab's own.
func (j *sweepJob) finish(u sweepUpdate) {
	j.sweeping = false
	var msg, what string
	var err error
	var mm *lab.MismatchError
	switch {
	case errors.As(u.err, &mm):
		j.shown = nil
		j.table.SetMessage(noResult("sweep", u.err), true)
		j.body.fitTable()
		what, err = "Checksum mismatch", u.err
	case errors.Is(u.err, context.Canceled):
		msg = fmt.Sprintf("Sweep cancelled after %d of %d points; the points done are shown.", len(u.status.Done), u.status.Points)
		if len(u.status.Done) > 0 {
			msg += j.body.arrived(j.claims.answers())
		}
	case u.err != nil:
		what, err = "The sweep ended with an error", u.err
	default:
		msg = fmt.Sprintf("Sweep done: %d points in %s.", len(u.status.Done), units.Duration(float64(u.status.Elapsed))) + j.body.arrived(j.claims.answers())
	}
	if err != nil {
		j.host.fail(what, err)
		msg = failText(what, err)
	} else {
		j.host.say(msg, false)
	}
	j.status.SetText(msg)
	j.host.ended()
}

// stop stops the sweep, if any, and its pump; its point's workers are stopped as a
// run's are.
func (j *sweepJob) stop() <-chan struct{} {
	j.live = nil
	return j.pump.stop()
}

// final stops the sweep and returns what -quit-after saves: the points measured until
// now, the sweep shown, or why there is none.
func (j *sweepJob) final() func() outcome {
	l, s := j.live, j.shown
	j.stop()
	return func() outcome {
		var err error
		if l != nil {
			s, err = l.Wait()
			if errors.Is(err, context.Canceled) {
				err = nil
			}
		}
		o := outcome{err: err}
		if s != nil {
			o.save = func(path string) error { return result.SaveSweepJSON(path, s) }
			for _, p := range s.Points {
				for _, b := range p.Backings {
					if o.failed == "" {
						o.failed = b.Error
					}
				}
			}
		}
		return o
	}
}

// sweepDone is the share of the sweep's point runs done: over every pass, the points
// of the passes before this one and those this pass has reached (a pass runs every
// other one down, from the last point to the first).
func sweepDone(st sweep.Status) float64 {
	if st.Point >= st.Points || st.Passes == 0 {
		return float64(len(st.Done)) / float64(st.Points)
	}
	at := st.Point
	if st.Pass%2 == 1 {
		at = st.Points - 1 - st.Point
	}
	return float64(st.Pass*st.Points+at) / float64(st.Passes*st.Points)
}

// sweepProgress says where the sweep is, on one line.
func sweepProgress(st sweep.Status) string {
	head := fmt.Sprintf("Point %d of %d: %s = %s", st.Point+1, st.Points, st.Param, st.ValueName(st.Value))
	if st.Passes > 1 {
		head = fmt.Sprintf("Pass %d of %d, point %d of %d: %s = %s", st.Pass+1, st.Passes, st.Point+1, st.Points, st.Param,
			st.ValueName(st.Value))
	}
	switch {
	case st.Run.Backings == nil:
		return head + ": starting…"
	case st.Run.Phase == lab.Running:
		// The point's length is the budget's choice: its frame cap says nothing.
		return head + ": running, frame " + units.Count(float64(st.Run.Done)) + "."
	}
	return head + ": " + progress(st.Run)
}
