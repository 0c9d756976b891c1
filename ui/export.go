package ui

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/internal/atomicfile"
	"localitylab/lab/result"
	"localitylab/presets"
)

// currentRun is what Export and Save write: the live run as measured so far, or the
// run shown. A run whose checksums disagreed is no result and is never written.
func (w *window) currentRun() (*result.Run, error) {
	switch {
	case w.invalid != nil:
		return nil, fmt.Errorf("the run has no result to write: %w", w.invalid)
	case w.live:
		return w.ctl.live.Snapshot(), nil
	case w.shown != nil:
		return w.shown, nil
	}
	return nil, errors.New("there is no run yet: run one (Space) or open a saved one (Ctrl+O)")
}

// exportDialog asks for a format, then for a file.
func (w *window) exportDialog() {
	if _, err := w.currentRun(); err != nil {
		w.fail("Nothing to export", err)
		return
	}
	var names []string
	for _, f := range charts.Formats {
		names = append(names, f.Name+": "+f.Doc)
	}
	w.chooseFormat("Export the run", names, func(i int) { w.exportFileDialog(charts.Formats[i]) })
}

// chooseFormat asks which of the formats named to export to, and calls chosen with
// its index unless the dialog is cancelled.
func (w *window) chooseFormat(title string, names []string, chosen func(i int)) {
	choice := widget.NewRadioGroup(names, nil)
	choice.SetSelected(names[0])
	dialog.NewCustomConfirm(title, "Choose file…", "Cancel", choice, func(ok bool) {
		for i, n := range names {
			if ok && n == choice.Selected {
				chosen(i)
			}
		}
	}, w.win).Show()
}

// exportFileDialog asks where to write the run in format f, then writes it.
func (w *window) exportFileDialog(f charts.Format) {
	r, err := w.currentRun()
	if err != nil {
		w.fail("Nothing to export", err)
		return
	}
	w.saveFile("Export as "+f.Name, suggestName(r, w.setup, f.Ext), f.Ext, func(path string) {
		w.exportTo(withExt(path, f.Ext), f)
	})
}

// exportTo writes the current run to path in format f and says so.
func (w *window) exportTo(path string, f charts.Format) {
	r, err := w.currentRun()
	if err == nil {
		err = export(path, f, r, w.exportOptions(r))
	}
	if err != nil {
		w.fail("Export failed", err)
		return
	}
	w.say(fmt.Sprintf("Exported %s to %s.", f.Name, path), false)
}

// saveRunDialog saves the run as JSON, the file Open reads back.
func (w *window) saveRunDialog() { w.exportFileDialog(charts.FormatNamed("JSON")) }

// export writes r to path in format f, through a temporary file, so that a failed
// export leaves no half-written file.
func export(path string, f charts.Format, r *result.Run, o charts.Options) error {
	if r == nil {
		return fmt.Errorf("%s: there is no run to export", filepath.Base(path))
	}
	return atomicfile.Write(path, func(w io.Writer) error { return f.Write(w, r, o) })
}

// exportOptions are what an exported page says beside the figures: the lesson's
// claims with what r measured, as the lesson panel shows them.
func (w *window) exportOptions(r *result.Run) charts.Options {
	var o charts.Options
	if r == nil || r.Workload != w.setup.Workload {
		return o
	}
	for _, c := range presets.AnswerClaims(w.setup.Claims, r) {
		o.Claims = append(o.Claims, charts.Claim{Source: c.Source, Text: c.Text, Answer: c.Answer.String()})
	}
	if len(o.Claims) > 0 {
		o.ClaimsNote = presets.ConditionsNote(w.setup.Lesson, r.Workload, r.Params, "this run")
	}
	return o
}

// suggestName is the file name an export dialog proposes: what was run and when.
func suggestName(r *result.Run, setup presets.Preset, ext string) string {
	stem := setup.Name
	if stem == "" && r != nil {
		stem = r.Workload
	}
	if stem == "" {
		stem = "run"
	}
	when := time.Now()
	if r != nil && !r.Started.IsZero() {
		when = r.Started.Local()
	}
	return stem + "-" + when.Format("20060102-1504") + ext
}

// withExt adds ext to path unless it already ends in it, so that a name typed
// without one still opens in the right program.
func withExt(path, ext string) string {
	if strings.EqualFold(filepath.Ext(path), ext) {
		return path
	}
	return path + ext
}
