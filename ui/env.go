//go:build !nogui

package ui

import (
	"context"

	"fyne.io/fyne/v2"

	"localitylab/lab"
	"localitylab/presets"
)

// env holds what tests change about how the app reaches the world outside: the
// worker command, how a run starts, and how a goroutine hands work to the Fyne
// goroutine. The zero value is the real app.
type env struct {
	worker    []string                                             // nil: this executable's hidden worker subcommand
	workerEnv []string                                             // extra environment for the workers
	start     func(context.Context, lab.Config) (*lab.Live, error) // nil: lab.Start
	probe     presets.BudgetMeasure                                // one run of a budget search; nil: presets.ProbeBudget
	do        func(func())                                         // nil: fyne.Do
}

// doOnMain runs fn on the Fyne goroutine.
func (e env) doOnMain(fn func()) {
	if e.do != nil {
		e.do(fn)
		return
	}
	fyne.Do(fn)
}
