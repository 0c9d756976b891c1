//go:build !nogui

package ui

import (
	"fmt"
	"path/filepath"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/launch"
)

// baseRun is a saved run shown as a base under the run the Live run tab shows: its
// series dashed on the charts, and a "vs base" column in the summary table with each
// backing's change and its interval (package compare), until it is cleared. It is
// how a user sees a change to a store as it runs: the run before the change is the
// base, the run after it is live.
type baseRun struct {
	j *runJob
	r *result.Run // nil: none
}

// compareWith shows the run saved at path as the base. A run that measured something
// else than the setup (another workload, parameters, cache mode or length) is
// refused, as `localitylab compare` refuses it (launch.CheckBase).
func (b *baseRun) compareWith(path string) {
	st, setup := b.j.w.status, b.j.w.setup.preset
	r, err := lab.LoadRun(path)
	if err != nil {
		st.fail("Cannot compare with that run", err)
		return
	}
	if err := launch.CheckBase(r, setup); err != nil {
		st.fail("Cannot compare with that run", fmt.Errorf("%s: %w", filepath.Base(path), err))
		return
	}
	b.set(r)
	st.say(fmt.Sprintf("Comparing with %s (measured %s): its series are the pale dashed lines, and the table's last column is each backing's change against it.",
		filepath.Base(path), r.Started.Local().Format("2 Jan 2006 15:04")), false)
}

// clear stops comparing: the charts and the table return to the run alone.
func (b *baseRun) clear() {
	if b.r == nil {
		return
	}
	b.set(nil)
	b.j.w.status.say("The comparison is cleared.", false)
}

// set shows r as the base (nil: none) on the charts and in the table.
func (b *baseRun) set(r *result.Run) {
	j := b.j
	b.r = r
	j.pane.charts.setBase(r)
	j.pane.table.SetBase(r)
	if j.shown != nil && j.invalid == nil {
		j.pane.table.SetRun(j.shown)
	}
	j.w.refresh()
}

// keep drops the base when the run about to be shown is of another workload.
func (b *baseRun) keep(workloadName string) {
	if b.r != nil && b.r.Workload != workloadName {
		b.set(nil)
	}
}
