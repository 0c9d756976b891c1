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
	h    host
	pane *runPane
	run  func() *result.Run // the run shown when it is a result, to show against the base; nil: none
	r    *result.Run        // nil: none
}

func newBaseRun(h host, p *runPane, run func() *result.Run) *baseRun {
	return &baseRun{h: h, pane: p, run: run}
}

// shown reports whether a base is shown.
func (b *baseRun) shown() bool { return b.r != nil }

// compareWith shows the run saved at path as the base. A run that measured something
// else than the setup (another workload, parameters, cache mode or length) is
// refused, as `localitylab compare` refuses it (launch.CheckBase).
func (b *baseRun) compareWith(path string) {
	r, err := lab.LoadRun(path)
	if err != nil {
		b.h.fail("Cannot compare with that run", err)
		return
	}
	if err := launch.CheckBase(r, b.h.preset()); err != nil {
		b.h.fail("Cannot compare with that run", fmt.Errorf("%s: %w", filepath.Base(path), err))
		return
	}
	b.set(r)
	b.h.say(fmt.Sprintf("Comparing with %s (measured %s): its series are the pale dashed lines, and the table's last column is each backing's change against it.",
		filepath.Base(path), r.Started.Local().Format("2 Jan 2006 15:04")), false)
}

// clear stops comparing: the charts and the table return to the run alone.
func (b *baseRun) clear() {
	if b.r == nil {
		return
	}
	b.set(nil)
	b.h.say("The comparison is cleared.", false)
}

// set shows r as the base (nil: none) on the charts and in the table.
func (b *baseRun) set(r *result.Run) {
	b.r = r
	b.pane.setBase(r, b.run())
	b.h.refresh()
}

// keep drops the base when the run about to be shown is of another workload.
func (b *baseRun) keep(workloadName string) {
	if b.r != nil && b.r.Workload != workloadName {
		b.set(nil)
	}
}

// setBase shows base (nil: none) on the charts and in the table, with the run
// shown (nil: none) against it.
func (p *runPane) setBase(base, shown *result.Run) {
	p.charts.setBase(base)
	p.table.SetBase(base)
	if shown != nil {
		p.table.SetRun(shown)
	}
}
