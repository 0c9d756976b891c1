package ui

import (
	"fyne.io/fyne/v2"

	"localitylab/charts"
)

// The sweep tab's keys and menu: the same keys as the live run's where they mean the
// same (Space runs, Esc cancels, Ctrl+E, Ctrl+S and Ctrl+O export, save and open),
// acting on the sweep while its tab is in front.

// either returns an action that does run in the live run's tab and sweep in the
// sweep's.
func (w *window) either(run, sweep func()) func() {
	return func() {
		if w.sweep.active() {
			sweep()
			return
		}
		run()
	}
}

// typedKey handles the plain keys in the sweep tab.
func (m *sweepMode) typedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeySpace:
		m.toggle()
	case fyne.KeyEscape:
		m.stop()
	}
}

// sweepMenu: the sweep's actions, which also bring its tab to the front.
func (w *window) sweepMenu() *fyne.Menu {
	m := w.sweep
	front := func(fn func()) func() {
		return func() {
			m.showTab()
			fn()
		}
	}
	var exports []*fyne.MenuItem
	for _, f := range charts.SweepFormats {
		exports = append(exports, fyne.NewMenuItem(f.Name+"…", front(func() { m.exportFileDialog(f) })))
	}
	exportAs := fyne.NewMenuItem("Export sweep as", nil)
	exportAs.ChildMenu = fyne.NewMenu("", exports...)
	return fyne.NewMenu("Sweep",
		fyne.NewMenuItem("Show the sweep", m.showTab),
		fyne.NewMenuItem("Run sweep", front(m.start)),
		fyne.NewMenuItem("Cancel sweep", m.stop),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Open sweep…", front(m.openDialog)),
		fyne.NewMenuItem("Save sweep…", front(m.saveDialog)),
		exportAs,
	)
}
