package ui

import (
	"context"
	"errors"
	"fmt"

	"localitylab/internal/units"
	"localitylab/lab"
)

// apply shows an update from the pump. It runs on the Fyne goroutine.
func (w *window) apply(u update) {
	w.phase, w.status0 = u.status.Phase, u.status
	for _, ss := range u.samples {
		if len(ss) == 0 {
			continue
		}
		for _, c := range w.charts {
			c.AppendMany(ss)
		}
	}
	w.markFailures(u.status)
	w.loading.Show(u.status)
	loading := u.status.Phase == lab.Starting || u.status.Phase == lab.Loading
	w.showLoading(loading && !u.final)
	if u.scene != nil {
		w.preview.SetScene(u.scene, w.previewBacking(u.status), w.setup.Workload)
	}
	if u.layout != nil {
		w.layout.show(u.layout)
	}
	if u.snap != nil {
		w.shown = u.snap
		w.table.SetRun(u.snap)
		w.info.ShowRun(u.snap)
	}
	if u.final {
		w.finish(u)
		return
	}
	w.say(progress(u.status)+failures(u.status), anyFailed(u.status))
	w.updateButtons()
}

// markFailures marks, once, each backing whose worker failed: its chart legend and,
// through the snapshot, its table row. The others carry on.
func (w *window) markFailures(st lab.Status) {
	for i, b := range st.Backings {
		if b.Err == nil || i >= len(w.failed) || w.failed[i] {
			continue
		}
		w.failed[i] = true
		for _, c := range w.charts {
			c.SetFailed(i, firstLine(b.Err.Error()))
		}
	}
}

// previewBacking is whose scene the run sends: the first backing still alive.
func (w *window) previewBacking(st lab.Status) string {
	for _, b := range st.Backings {
		if b.Err == nil {
			return b.Name
		}
	}
	return ""
}

// finish shows the end of a run: a result, a stopped run's partial result, or, for
// a checksum mismatch, an error and no result at all.
func (w *window) finish(u update) {
	w.live = false
	w.left.setEditable(true)
	w.showLoading(false)
	var mm *lab.MismatchError
	switch {
	case errors.As(u.err, &mm):
		w.invalid = u.err
		w.table.SetMessage("No result: "+u.err.Error()+". A run whose backings did different work is a bug to report, not a measurement.", true)
		w.info.ShowRun(nil)
		w.fail("Checksum mismatch", u.err)
	case errors.Is(u.err, context.Canceled) && u.status.Done == 0:
		w.say("Cancelled before any frame ran.", false)
	case errors.Is(u.err, context.Canceled):
		w.say(fmt.Sprintf("Stopped after %s of %s frames; what was measured is shown.", units.Count(float64(u.status.Done)), units.Count(float64(u.status.Frames))), false)
	case u.err != nil:
		w.fail("The run ended with an error", u.err)
	default:
		msg := doneMessage(u.status)
		if c := u.snap.Counters; c.Enabled && c.Note != "" {
			msg += " " + counterNote(c.Note)
		}
		w.say(msg, anyFailed(u.status))
	}
	w.updateButtons()
	if w.auto != nil {
		w.auto.ended()
	}
}

func anyFailed(st lab.Status) bool {
	for _, b := range st.Backings {
		if b.Err != nil {
			return true
		}
	}
	return false
}
