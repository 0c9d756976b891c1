package ui

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"localitylab/internal/units"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/sweep"
)

// sweepUpdate is what the sweep's pump gathered for the widgets, copied out of the
// sweep so that the Fyne goroutine can use it while the sweep goes on.
type sweepUpdate struct {
	status sweep.Status
	snap   *result.Sweep // the points so far; nil when no point was added since the last update
	final  bool
	err    error
}

// sweepController owns the sweep in progress, as controller owns a live run: it
// starts it and runs a pump that turns the sweep's update signals into updates
// applied on the Fyne goroutine, one at a time, never making the sweep wait.
type sweepController struct {
	env   env
	apply func(sweepUpdate)
	start func(context.Context, sweep.Config) (*sweep.Live, error) // nil: sweep.Start (tests replace it)

	following[*sweep.Live]
}

func (c *sweepController) begin(cfg sweep.Config) error {
	c.stop()
	start := c.start
	if start == nil {
		start = sweep.Start
	}
	l, err := start(context.Background(), cfg)
	if err != nil {
		return err
	}
	c.follow(l, c.pump)
	return nil
}

// pump gathers updates from l until it ends or quit is closed.
func (c *sweepController) pump(l *sweep.Live, quit <-chan struct{}) {
	points := -1
	for {
		ended, ok := nextSignal(quit, l.Done(), l.Updates())
		if !ok {
			return
		}
		u := sweepUpdate{status: l.Status()}
		if n := len(u.status.Done); n != points || ended {
			points = n
			u.snap = l.Snapshot()
		}
		if ended {
			u.final = true
			u.snap, u.err = l.Wait()
		}
		if !handOver(c.env, quit, func() { c.apply(u) }) || ended {
			return
		}
		select { // the chart need not move more often than a live chart does
		case <-quit:
			return
		case <-time.After(chartEvery):
		}
	}
}

// start is Run sweep: it checks the setup and the values, and starts the sweep.
func (m *sweepMode) start() {
	w := m.w
	if w.live {
		w.fail("Cannot sweep now", errors.New("a run is in progress: Reset it first (R)"))
		return
	}
	if m.ctl.live != nil {
		return
	}
	cfg, s, err := m.config()
	if err == nil {
		err = m.ctl.begin(cfg)
	}
	if err != nil {
		w.startErr = err
		w.fail("The sweep cannot start", err)
		return
	}
	w.setup, w.startErr = s, nil
	if w.auto == nil {
		w.remember()
	}
	m.clear("Starting…")
	w.left.setEditable(false)
	w.updateButtons()
	m.updateButtons()
	w.say(fmt.Sprintf("Sweeping %s over %d values…", cfg.Param, len(cfg.Values)), false)
	if w.auto != nil {
		w.auto.started()
	}
}

// stop is Cancel: the point being measured is dropped, the points done stay.
func (m *sweepMode) stop() {
	if m.ctl.live != nil {
		m.ctl.live.Stop()
		m.w.say("Cancelling the sweep…", false)
	}
}

// apply shows an update from the pump, on the Fyne goroutine.
func (m *sweepMode) apply(u sweepUpdate) {
	st := u.status
	if u.snap != nil {
		pending := math.NaN()
		if !u.final && st.Point < st.Points {
			pending = float64(st.Value)
		}
		m.show(u.snap, pending)
	}
	if st.Points > 0 {
		m.progress.SetValue(sweepDone(st))
	}
	if u.final {
		m.finish(u)
		return
	}
	m.status.SetText(sweepProgress(st))
	m.w.say(sweepProgress(st), false)
}

// finish shows the end of a sweep.
func (m *sweepMode) finish(u sweepUpdate) {
	w := m.w
	m.ctl.live, m.ctl.quit = nil, nil
	w.left.setEditable(true)
	var mm *lab.MismatchError
	switch {
	case errors.As(u.err, &mm):
		m.shown = nil
		m.table.SetMessage("No result: "+u.err.Error()+". A sweep whose backings did different work is a bug to report, not a measurement.", true)
		w.fail("Checksum mismatch", u.err)
	case errors.Is(u.err, context.Canceled):
		w.say(fmt.Sprintf("Sweep cancelled after %d of %d points; the points done are shown.", len(u.status.Done), u.status.Points), false)
	case u.err != nil:
		w.fail("The sweep ended with an error", u.err)
	default:
		w.say(fmt.Sprintf("Sweep done: %d points in %s.", len(u.status.Done), units.Duration(float64(u.status.Elapsed))), false)
	}
	m.status.SetText(w.status.Text)
	m.updateButtons()
	w.updateButtons()
	if w.auto != nil {
		w.auto.ended()
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
	head := fmt.Sprintf("Point %d of %d: %s = %s", st.Point+1, st.Points, st.Param, sweep.ValueText(float64(st.Value), st.Unit))
	if st.Passes > 1 {
		head = fmt.Sprintf("Pass %d of %d, point %d of %d: %s = %s", st.Pass+1, st.Passes, st.Point+1, st.Points, st.Param,
			sweep.ValueText(float64(st.Value), st.Unit))
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
