package ui

import (
	"errors"
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

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
	for _, f := range formats {
		names = append(names, f.Name+": "+f.Doc)
	}
	choice := widget.NewRadioGroup(names, nil)
	choice.SetSelected(names[0])
	d := dialog.NewCustomConfirm("Export the run", "Choose file…", "Cancel", choice, func(ok bool) {
		if !ok {
			return
		}
		for i, n := range names {
			if n == choice.Selected {
				w.exportFileDialog(formats[i])
			}
		}
	}, w.win)
	d.Show()
}

// exportFileDialog asks where to write the run in format f, then writes it.
func (w *window) exportFileDialog(f format) {
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
func (w *window) exportTo(path string, f format) {
	r, err := w.currentRun()
	if err == nil {
		err = export(path, f, r)
	}
	if err != nil {
		w.fail("Export failed", err)
		return
	}
	w.say(fmt.Sprintf("Exported %s to %s.", f.Name, path), false)
}

// saveRunDialog saves the run as JSON, the file Open reads back.
func (w *window) saveRunDialog() { w.exportFileDialog(formatNamed("JSON")) }

// openRunDialog asks for a saved run and shows it.
func (w *window) openRunDialog() {
	w.openFile("Open a saved run", func(path string) { w.openRun(path) })
}

// openRun shows the run saved at path, without running anything: charts, table,
// notes and, when it came from a lesson, the claims with their answers. The setup
// becomes the run's, so that Run measures it again.
func (w *window) openRun(path string) {
	if w.live {
		w.fail("Cannot open a run now", errors.New("a run is in progress: Reset it first (R)"))
		return
	}
	r, err := result.LoadJSON(path)
	if err != nil {
		w.fail("Cannot open the run", err)
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
	w.shown, w.file, w.invalid = r, path, nil
	for _, c := range w.charts {
		c.SetRun(r)
	}
	w.table.SetRun(r)
	w.info.ShowRun(r)
	w.preview.Clear("A saved run: its preview is not saved with it.")
	w.updateButtons()
}

// loadPresetDialog asks for a preset file and makes it the setup.
func (w *window) loadPresetDialog() {
	w.openFile("Load a preset file", func(path string) { w.loadPreset(path) })
}

// loadPreset makes the preset at path the setup. A file that is broken or names
// what does not exist is reported, naming the file and the field, and nothing else
// changes.
func (w *window) loadPreset(path string) {
	if w.live {
		w.fail("Cannot load a preset now", errors.New("a run is in progress: Reset it first (R)"))
		return
	}
	p, err := presets.Load(path)
	if err != nil {
		w.fail("Cannot load the preset", err)
		return
	}
	w.applySetup(p)
	w.say(fmt.Sprintf("Loaded preset %q from %s.", p.Title, filepath.Base(path)), false)
}

// savePresetDialog asks where to save the setup as a preset file.
func (w *window) savePresetDialog() {
	name := w.setup.Name
	if name == "" {
		name = w.setup.Workload
	}
	w.saveFile("Save the setup as a preset", name+"-mine.json", ".json", func(path string) {
		w.savePreset(withExt(path, ".json"))
	})
}

// savePreset writes the setup to path as a preset file.
func (w *window) savePreset(path string) {
	s, err := w.readSetup()
	if err == nil {
		err = presets.Save(path, presetOf(s, path))
	}
	if err != nil {
		w.fail("Cannot save the preset", err)
		return
	}
	w.say("Saved the setup as "+path+".", false)
}

// saveFile shows a save dialog proposing name and calls done with the path chosen.
// The dialog creates the file as it hands it over; the write that follows goes
// through a temporary file and replaces it.
func (w *window) saveFile(title, name, ext string, done func(path string)) {
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil {
			w.fail(title, err)
			return
		}
		if wc == nil {
			return // cancelled
		}
		path := wc.URI().Path()
		wc.Close()
		done(path)
	}, w.win)
	d.SetTitleText(title)
	d.SetFileName(name)
	d.SetFilter(storage.NewExtensionFileFilter([]string{ext}))
	d.Resize(w.dialogSize())
	d.Show()
}

// openFile shows an open dialog for JSON files and calls done with the path chosen.
func (w *window) openFile(title string, done func(path string)) {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil {
			w.fail(title, err)
			return
		}
		if rc == nil {
			return
		}
		path := rc.URI().Path()
		rc.Close()
		done(path)
	}, w.win)
	d.SetTitleText(title)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	d.Resize(w.dialogSize())
	d.Show()
}

// dialogSize is a file dialog that uses the room there is.
func (w *window) dialogSize() fyne.Size {
	s := w.win.Canvas().Size()
	return fyne.NewSize(max(600, s.Width*0.7), max(400, s.Height*0.75))
}

func backingNames(r *result.Run) []string {
	out := make([]string, len(r.Backings))
	for i, b := range r.Backings {
		out[i] = b.Name
	}
	return out
}
