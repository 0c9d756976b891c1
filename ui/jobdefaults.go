//go:build !nogui

package ui

import (
	"fyne.io/fyne/v2"

	"localitylab/presets"
)

// jobDefaults are what a job does when it has nothing of its own to do: it measures
// nothing, has no keys of its own, and ignores the setup and the large text. A tab
// embeds it and writes only what it does.
type jobDefaults struct{}

func (jobDefaults) start()                                  {}
func (jobDefaults) key(fyne.KeyName)                        {}
func (jobDefaults) busy() bool                              { return false }
func (jobDefaults) setupChanged(presets.Preset, setupEvent) {}
func (jobDefaults) refresh(job, *menuSync)                  {}
func (jobDefaults) setLarge(bool)                           {}

// finalAfter is the final of a job that saves nothing for -quit-after: it waits for
// done, what the job's stop returned (nil: nothing to wait for).
func finalAfter(done <-chan struct{}) func() outcome {
	return func() outcome {
		if done != nil {
			<-done
		}
		return outcome{}
	}
}
