package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// saveFile shows a save dialog proposing name and calls done with the path chosen.
// The dialog creates the file as it hands it over; the write that follows goes
// through a temporary file and replaces it.
func (w *window) saveFile(title, name, ext string, done func(path string)) {
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		w.chosen(title, wc, err, done)
	}, w.win)
	d.SetFileName(name)
	w.showFileDialog(d, title, ext)
}

// openFile shows an open dialog for JSON files and calls done with the path chosen.
func (w *window) openFile(title string, done func(path string)) {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		w.chosen(title, rc, err, done)
	}, w.win)
	w.showFileDialog(d, title, ".json")
}

// The dialogs that open a file, for the menu, the keys and the buttons; what each
// does with the path lives with its feature.
func (w *window) openRunDialog()    { w.openFile("Open a saved run", w.openRun) }
func (w *window) compareDialog()    { w.openFile("Compare with a saved run", w.compareWith) }
func (w *window) loadPresetDialog() { w.openFile("Load a preset file", w.loadPreset) }

// chosen closes the file a dialog opened and hands its path to done; nothing was
// chosen when f is nil (the dialog was cancelled).
func (w *window) chosen(title string, f interface {
	URI() fyne.URI
	Close() error
}, err error, done func(path string)) {
	switch {
	case err != nil:
		w.fail(title, err)
	case f != nil:
		path := f.URI().Path()
		f.Close()
		done(path)
	}
}

// showFileDialog titles d, shows only files ending in ext, and shows it at a size
// that uses the room there is.
func (w *window) showFileDialog(d *dialog.FileDialog, title, ext string) {
	d.SetTitleText(title)
	d.SetFilter(storage.NewExtensionFileFilter([]string{ext}))
	s := w.win.Canvas().Size()
	d.Resize(fyne.NewSize(max(600, s.Width*0.7), max(400, s.Height*0.75)))
	d.Show()
}
