package ui

import (
	"fmt"
	"path/filepath"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/launch"
)

// A saved run can be shown as a base under whatever the window shows: its series
// dashed on the charts, and a "vs base" column in the summary table with each
// backing's change and its interval (package compare), until it is cleared. It is
// how a user sees a change to a store as it runs: the run before the change is the
// base, the run after it is live.

// compareWith shows the run saved at path as the base. A run that measured something
// else than the setup (another workload, parameters, cache mode or length) is
// refused, as `localitylab compare` refuses it (launch.CheckBase).
func (w *window) compareWith(path string) {
	r, err := lab.LoadRun(path)
	if err != nil {
		w.fail("Cannot compare with that run", err)
		return
	}
	if err := launch.CheckBase(r, w.setup); err != nil {
		w.fail("Cannot compare with that run", fmt.Errorf("%s: %w", filepath.Base(path), err))
		return
	}
	w.setBase(r, filepath.Base(path))
	w.say(fmt.Sprintf("Comparing with %s (measured %s): its series are the pale dashed lines, and the table's last column is each backing's change against it.",
		w.baseFile, r.Started.Local().Format("2 Jan 2006 15:04")), false)
}

// clearBase stops comparing: the charts and the table return to the run alone.
func (w *window) clearBase() {
	if w.base == nil {
		return
	}
	w.setBase(nil, "")
	w.say("The comparison is cleared.", false)
}

// setBase shows r as the base (nil: none) on the charts and in the table.
func (w *window) setBase(r *result.Run, file string) {
	w.base, w.baseFile = r, file
	for _, c := range w.charts {
		c.SetBase(r)
	}
	w.table.SetBase(r)
	if w.shown != nil && w.invalid == nil {
		w.table.SetRun(w.shown)
	}
	if w.menu != nil {
		w.menu.sync(w)
	}
}

// keepBase drops the base when the run about to be shown is of another workload.
func (w *window) keepBase(workloadName string) {
	if w.base != nil && w.base.Workload != workloadName {
		w.setBase(nil, "")
	}
}
