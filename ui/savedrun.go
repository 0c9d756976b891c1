package ui

import (
	"fmt"
	"path/filepath"

	"localitylab/lab"
	"localitylab/lab/result"
)

// openRun shows the run saved at path, without running anything: charts, table,
// notes and, when it came from a lesson, the claims with their answers. The setup
// becomes the run's, so that Run measures it again.
func (w *window) openRun(path string) {
	if result.IsSweepFile(path) {
		w.sweep.openSweep(path)
		return
	}
	r, ok := loadIdle(w, path, lab.LoadRun, "Cannot open a run now", "Cannot open the run")
	if !ok {
		return
	}
	if s, ok := setupOfRun(r); ok {
		w.applySetup(s)
	} else {
		w.clearResults("")
	}
	w.showRun(r, path)
	w.say(fmt.Sprintf("Opened %s: %s, measured %s on %s. Nothing was run.", filepath.Base(path),
		joinNames(backingNames(r)), r.Started.Local().Format("2 Jan 2006 15:04"), r.Host.CPU), false)
}

// showRun shows a finished run from a file.
func (w *window) showRun(r *result.Run, path string) {
	w.keepBase(r.Workload)
	w.shown, w.file, w.invalid = r, path, nil
	for _, c := range w.charts {
		c.SetRun(r)
	}
	w.table.SetRun(r)
	w.info.ShowRun(r)
	w.preview.Clear("A saved run: its preview is not saved with it.")
	w.updateButtons()
}

func backingNames(r *result.Run) []string {
	out := make([]string, len(r.Backings))
	for i, b := range r.Backings {
		out[i] = b.Name
	}
	return out
}
