//go:build !nogui

package ui

import (
	"strings"

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
	prefs  fyne.Preferences // where the format last chosen for each kind of export is kept
	// choosing is the format dialog while it is shown: the window's Enter confirms it
	// and Esc cancels it (see key).
	choosing **dialog.ConfirmDialog
}

func newFileDialogs(win fyne.Window, status *statusLine, prefs fyne.Preferences) fileDialogs {
	return fileDialogs{win: win, status: status, prefs: prefs, choosing: new(*dialog.ConfirmDialog)}
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
// index unless the dialog is cancelled. It offers the format chosen last time for
// the same title (kept across launches), and Enter confirms it as the button does.
func (d fileDialogs) chooseFormat(title string, names []string, chosen func(i int)) {
	key := prefFormat + title
	choice := widget.NewRadioGroup(names, nil)
	choice.Required = true
	choice.SetSelected(names[0])
	for _, n := range names {
		if last := d.prefs.String(key); last != "" && formatName(n) == last {
			choice.SetSelected(n)
		}
	}
	choice.OnChanged = func(string) { d.win.Canvas().Unfocus() } // so that Enter reaches the window
	dlg := dialog.NewCustomConfirm(title, "Choose file… (Enter)", "Cancel", choice, func(ok bool) {
		*d.choosing = nil
		for i, n := range names {
			if ok && n == choice.Selected {
				d.prefs.SetString(key, formatName(n))
				chosen(i)
			}
		}
	}, d.win)
	*d.choosing = dlg
	dlg.Show()
}

// formatName is the format's name in a line of chooseFormat's ("CSV: …").
func formatName(line string) string {
	name, _, _ := strings.Cut(line, ":")
	return name
}

// key handles a plain key while the format dialog is shown, and reports whether it
// did: Enter confirms, Esc cancels, and no other key reaches the job behind it.
func (d fileDialogs) key(name fyne.KeyName) bool {
	dlg := *d.choosing
	if dlg == nil {
		return false
	}
	switch name {
	case fyne.KeyReturn, fyne.KeyEnter:
		dlg.Confirm()
	case fyne.KeyEscape:
		dlg.Hide()
		*d.choosing = nil
	}
	return true
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
