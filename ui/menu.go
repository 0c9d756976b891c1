package ui

import (
	"time"

	"fyne.io/fyne/v2"

	"localitylab/charts"
)

// menuItems are the menu entries whose state follows the window's.
type menuItems struct {
	run, pause, step, reset, cancel *fyne.MenuItem
	export, save                    *fyne.MenuItem
	clearBase                       *fyne.MenuItem
	exports                         []*fyne.MenuItem
	large, counters                 *fyne.MenuItem
	budgets, scales                 []*fyne.MenuItem
}

// mainMenu lists every action with its key.
func (w *window) mainMenu() *fyne.MainMenu {
	m := &menuItems{}
	w.menu = m
	menus := fyne.NewMainMenu(w.fileMenu(m), w.runMenu(m), w.sweepMenu(), w.viewMenu(m),
		fyne.NewMenu("Help", fyne.NewMenuItem("Keyboard", w.showKeys), fyne.NewMenuItem("Glossary", w.showGlossary)))
	m.sync(w)
	return menus
}

// item is a menu item that shows its key.
func item(label string, sc fyne.Shortcut, fn func()) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, fn)
	it.Shortcut = sc
	return it
}

// fileMenu: runs and presets in and out of files, and Quit.
func (w *window) fileMenu(m *menuItems) *fyne.Menu {
	m.export = item("Export…", keyExport, w.exportDialog)
	exportAs := fyne.NewMenuItem("Export as", nil)
	for _, f := range charts.Formats {
		m.exports = append(m.exports, fyne.NewMenuItem(f.Name+"…", func() { w.exportFileDialog(f) }))
	}
	exportAs.ChildMenu = fyne.NewMenu("", m.exports...)
	m.save = item("Save run…", keySave, w.saveRunDialog)
	m.clearBase = fyne.NewMenuItem("Clear the comparison", w.clearBase)
	quit := item("Quit", keyQuit, w.quit)
	quit.IsQuit = true // Fyne then adds no Quit of its own, which would skip closed
	return fyne.NewMenu("File",
		item("Open run…", keyOpen, w.openRunDialog), m.save, m.export, exportAs,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Compare with a saved run…", w.compareDialog), m.clearBase,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Load preset file…", w.loadPresetDialog),
		fyne.NewMenuItem("Save setup as preset…", w.savePresetDialog),
		fyne.NewMenuItemSeparator(), quit,
	)
}

// runMenu: the run's controls and the hardware counters.
func (w *window) runMenu(m *menuItems) *fyne.Menu {
	m.run = item("Run / pause", keySpace, w.toggle)
	m.step = item("Step one frame", keyStep, w.step)
	m.reset = item("Reset", keyReset, w.reset)
	m.cancel = item("Cancel loading", keyEsc, w.cancel)
	m.counters = fyne.NewMenuItem("Hardware counters", func() { w.left.counters.SetChecked(!w.counters) })
	return fyne.NewMenu("Run", m.run, m.step, m.reset, m.cancel, fyne.NewMenuItemSeparator(), m.counters)
}

// viewMenu: large text, the budget line and the frame-time axis, each a group of
// which one item is checked.
func (w *window) viewMenu(m *menuItems) *fyne.Menu {
	m.large = item("Large text (projector)", keyLarge, w.toggleLarge)
	view := fyne.NewMenu("View", m.large, fyne.NewMenuItemSeparator())
	for _, b := range []struct {
		label string
		d     time.Duration
	}{{"Budget line: 16.7 ms (60 fps)", 0}, {"Budget line: 33.3 ms (30 fps)", charts.Budget30}, {"No budget line", -1}} {
		it := fyne.NewMenuItem(b.label, nil)
		it.Action = func() { w.setBudget(b.d, it) }
		m.budgets = append(m.budgets, it)
	}
	for _, s := range []charts.Scale{charts.ScaleAuto, charts.ScaleLinear, charts.ScaleLog} {
		it := fyne.NewMenuItem("Frame-time axis: "+s.String(), nil)
		it.Action = func() { w.setScale(s, it) }
		m.scales = append(m.scales, it)
	}
	view.Items = append(view.Items, m.budgets...)
	view.Items = append(view.Items, fyne.NewMenuItemSeparator())
	view.Items = append(view.Items, m.scales...)
	m.budgets[0].Checked, m.scales[0].Checked = true, true
	return view
}

// sync makes the menu's checks and enabled items follow the window. It refreshes
// the menu only when something changed: the pump calls it with every update.
func (m *menuItems) sync(w *window) {
	has := w.shown != nil && w.invalid == nil
	changed := false
	set := func(p *bool, v bool) {
		if *p != v {
			*p, changed = v, true
		}
	}
	set(&m.export.Disabled, !has)
	set(&m.save.Disabled, !has)
	for _, it := range m.exports {
		set(&it.Disabled, !has)
	}
	set(&m.cancel.Disabled, !w.live)
	set(&m.clearBase.Disabled, w.base == nil)
	set(&m.large.Checked, w.large)
	set(&m.counters.Checked, w.counters)
	if mm := w.win.MainMenu(); changed && mm != nil {
		mm.Refresh()
	}
}

func (w *window) setBudget(d time.Duration, it *fyne.MenuItem) {
	for _, c := range w.charts {
		c.SetBudget(d)
	}
	w.checkOnly(w.menu.budgets, it)
}

func (w *window) setScale(s charts.Scale, it *fyne.MenuItem) {
	for _, c := range w.charts {
		c.SetScale(s)
	}
	w.checkOnly(w.menu.scales, it)
}

// checkOnly checks it and unchecks the rest of its group.
func (w *window) checkOnly(group []*fyne.MenuItem, it *fyne.MenuItem) {
	for _, b := range group {
		b.Checked = b == it
	}
	w.win.MainMenu().Refresh()
}
