package ui

import (
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"

	"localitylab/charts"
	"localitylab/internal/atomicfile"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/presets"
)

// currentSweep is what the sweep's Export and Save write: the sweep as measured so
// far, or the one opened.
func (m *sweepMode) currentSweep() (*result.Sweep, error) {
	if m.ctl.live != nil {
		return m.ctl.live.Snapshot(), nil
	}
	if m.shown == nil || len(m.shown.Points) == 0 {
		return nil, errors.New("there is no sweep yet: run one (Run sweep) or open a saved one (Open sweep…)")
	}
	return m.shown, nil
}

// exportDialog asks for a format, then for a file, as the run's Export does.
func (m *sweepMode) exportDialog() {
	if _, err := m.currentSweep(); err != nil {
		m.w.fail("Nothing to export", err)
		return
	}
	var names []string
	for _, f := range charts.SweepFormats {
		names = append(names, f.Name+": "+f.Doc)
	}
	m.w.chooseFormat("Export the sweep", names, func(i int) { m.exportFileDialog(charts.SweepFormats[i]) })
}

// exportFileDialog asks where to write the sweep in format f, then writes it.
func (m *sweepMode) exportFileDialog(f charts.SweepFormat) {
	s, err := m.currentSweep()
	if err != nil {
		m.w.fail("Nothing to export", err)
		return
	}
	name := "sweep-" + s.Param + "-" + s.Started.Local().Format("20060102-1504") + f.Ext
	m.w.saveFile("Export the sweep as "+f.Name, name, f.Ext, func(path string) {
		m.exportTo(withExt(path, f.Ext), f)
	})
}

// exportTo writes the sweep to path in format f, through a temporary file.
func (m *sweepMode) exportTo(path string, f charts.SweepFormat) {
	s, err := m.currentSweep()
	if err == nil {
		err = atomicfile.Write(path, func(w io.Writer) error { return f.Write(w, s, m.exportOptions(s)) })
	}
	if err != nil {
		m.w.fail("Export failed", err)
		return
	}
	m.w.say(fmt.Sprintf("Exported the sweep as %s to %s.", f.Name, path), false)
}

// exportOptions are what the page says beside the figures: the lesson's sweep claims
// with what the sweep measured.
func (m *sweepMode) exportOptions(s *result.Sweep) charts.Options {
	var o charts.Options
	if s.Workload != m.w.setup.Workload {
		return o
	}
	for _, a := range presets.AnswerSweepClaims(m.w.setup.Claims, s) {
		o.Claims = append(o.Claims, charts.Claim{Source: a.Source, Text: a.Text, Answer: a.Answer.String()})
	}
	return o
}

// saveDialog saves the sweep as JSON, the file Open sweep and `localitylab report`
// read back.
func (m *sweepMode) saveDialog() { m.exportFileDialog(charts.SweepFormatNamed("JSON")) }

// openDialog asks for a saved sweep and shows it.
func (m *sweepMode) openDialog() {
	m.w.openFile("Open a saved sweep", m.openSweep)
}

// openSweep shows the sweep saved at path, without running anything, in the sweep
// tab.
func (m *sweepMode) openSweep(path string) {
	if m.ctl.live != nil {
		m.w.fail("Cannot open a sweep now", errors.New("a sweep is in progress: cancel it first (Esc)"))
		return
	}
	s, err := lab.LoadSweep(path)
	if err != nil {
		m.w.fail("Cannot open the sweep", err)
		return
	}
	m.show(s, math.NaN())
	m.file = path
	m.progress.SetValue(1)
	m.showTab()
	m.updateButtons()
	m.w.say(fmt.Sprintf("Opened %s: a sweep of %s over %d values on %s, measured %s. Nothing was run.",
		filepath.Base(path), s.Param, len(s.Values), s.Workload, s.Started.Local().Format("2 Jan 2006 15:04")), false)
}
