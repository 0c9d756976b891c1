package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"
)

// fileDialogs are the open and save dialogs every feature goes through; what each
// does with the path lives with its feature.
type fileDialogs struct {
	win    fyne.Window
	status *statusLine
}

// save shows a save dialog proposing name and calls done with the path chosen.
// The dialog creates the file as it hands it over; the write that follows goes
// through a temporary file and replaces it.
func (d fileDialogs) save(title, name, ext string, done func(path string)) {
	dlg := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		d.chosen(title, wc, err, done)
	}, d.win)
	dlg.SetFileName(name)
	d.show(dlg, title, ext)
}

// open shows an open dialog for JSON files and calls done with the path chosen.
func (d fileDialogs) open(title string, done func(path string)) {
	dlg := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		d.chosen(title, rc, err, done)
	}, d.win)
	d.show(dlg, title, ".json")
}

// chooseFormat asks which of the formats named to write, and calls chosen with its
// index unless the dialog is cancelled.
func (d fileDialogs) chooseFormat(title string, names []string, chosen func(i int)) {
	choice := widget.NewRadioGroup(names, nil)
	choice.SetSelected(names[0])
	dialog.NewCustomConfirm(title, "Choose file…", "Cancel", choice, func(ok bool) {
		for i, n := range names {
			if ok && n == choice.Selected {
				chosen(i)
			}
		}
	}, d.win).Show()
}

// chosen closes the file a dialog opened and hands its path to done; nothing was
// chosen when f is nil (the dialog was cancelled).
func (d fileDialogs) chosen(title string, f interface {
	URI() fyne.URI
	Close() error
}, err error, done func(path string)) {
	switch {
	case err != nil:
		d.status.fail(title, err)
	case f != nil:
		path := f.URI().Path()
		f.Close()
		done(path)
	}
}

// show titles dlg, shows only files ending in ext, and shows it at a size that uses
// the room there is.
func (d fileDialogs) show(dlg *dialog.FileDialog, title, ext string) {
	dlg.SetTitleText(title)
	dlg.SetFilter(storage.NewExtensionFileFilter([]string{ext}))
	s := d.win.Canvas().Size()
	dlg.Resize(fyne.NewSize(max(600, s.Width*0.7), max(400, s.Height*0.75)))
	dlg.Show()
}
