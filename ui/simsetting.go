//go:build !nogui

package ui

import (
	"fyne.io/fyne/v2/widget"

	"localitylab/launch"
)

// The setup's "simulated misses" tick: after a run that ran to its end, count its
// cache misses again under Valgrind's Callgrind (lab.Simulate; simulate.go). It sits
// beside the hardware counters rather than replacing them: where the CPU counts
// misses both are shown, and where it does not (a VM, a container) the simulated
// ones are the only misses there are. It is off until asked for, as bench's
// -counters auto is: the simulator loads every backing's world once more and runs
// some 50 times slower, and a run that did not ask for that must not quietly take
// minutes longer.

// simLabel is the tick's text: what it adds and what it costs.
const simLabel = "simulated misses (Valgrind; slow)"

func (p *setupPanel) newSimCheck() *widget.Check {
	return widget.NewCheck(simLabel, func(on bool) {
		p.simulate = on
		p.unfocus()
		p.changed(p.preset, countersEdited)
	})
}

// setSimulate switches the simulated misses, as the tick does (the Run menu's item).
func (p *setupPanel) setSimulate(on bool) { p.simCheck.SetChecked(on) }

// setCountersFrom sets both ticks from the app's -counters flag, when it was given.
func (p *setupPanel) setCountersFrom(c launch.Counters) {
	if !c.Set {
		return
	}
	p.setCounters(c.Hardware)
	p.setSimulate(c.Simulate)
}
