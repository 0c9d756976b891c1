//go:build !nogui

package ui

import (
	"fyne.io/fyne/v2"
)

// menuBar is the window's menus: File, then each job's own menu in the tabs' order,
// View and Help; the File and View menus begin with the jobs' items for them
// (places). The items whose state follows a job belong to that job, which sets
// them in its refresh; the bar redraws the menu once something changed.
type menuBar struct {
	w     *window
	main  *fyne.MainMenu
	large *fyne.MenuItem
}

func newMenuBar(w *window) *menuBar {
	m := &menuBar{w: w}
	menus := []*fyne.Menu{m.fileMenu()}
	for _, t := range w.tabs {
		if t.places.menu != nil {
			menus = append(menus, t.places.menu)
		}
	}
	menus = append(menus, m.viewMenu(),
		fyne.NewMenu("Help", fyne.NewMenuItem("Keyboard", func() { showKeys(w.win) }), fyne.NewMenuItem("Glossary", func() { showGlossary(w.win) })))
	m.main = fyne.NewMainMenu(menus...)
	var s menuSync
	m.sync(&s)
	return m
}

// item is a menu item that shows its key.
func item(label string, sc fyne.Shortcut, fn func()) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, fn)
	it.Shortcut = sc
	return it
}

// exportAsMenu is a job's "Export as" item: an entry per format of its kind, each
// wrapped by wrap (nil: none), and the entries, whose state follows the job's.
func exportAsMenu(f *resultFiles, label string, j job, formats []fileFormat, wrap func(func()) func()) (*fyne.MenuItem, []*fyne.MenuItem) {
	var entries []*fyne.MenuItem
	for _, ff := range formats {
		fn := func() { f.exportAs(j, ff, "") }
		if wrap != nil {
			fn = wrap(fn)
		}
		entries = append(entries, fyne.NewMenuItem(ff.Name+"…", fn))
	}
	it := fyne.NewMenuItem(label, nil)
	it.ChildMenu = fyne.NewMenu("", entries...)
	return it, entries
}

// fileMenu: the jobs' results in and out of files, the handout, presets, and Quit.
func (m *menuBar) fileMenu() *fyne.Menu {
	w := m.w
	quit := item("Quit", keyQuit, w.quit)
	quit.IsQuit = true // Fyne then adds no Quit of its own, which would skip closed
	var items []*fyne.MenuItem
	for _, t := range w.tabs {
		items = append(items, t.places.file...)
	}
	items = append(items, item("Export handout…", keyHandout, func() { w.results.handout(w.front().job) }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Load preset file…", func() { w.setup.loadPresetDialog() }),
		fyne.NewMenuItem("Save setup as preset…", func() { w.setup.savePresetDialog() }),
		fyne.NewMenuItemSeparator(), quit,
	)
	return fyne.NewMenu("File", items...)
}

// viewMenu: large text, then the jobs' items (the run's budget line and frame-time
// axis).
func (m *menuBar) viewMenu() *fyne.Menu {
	m.large = item("Large text (projector)", keyLarge, m.w.toggleLarge)
	view := fyne.NewMenu("View", m.large, fyne.NewMenuItemSeparator())
	for _, t := range m.w.tabs {
		view.Items = append(view.Items, t.places.view...)
	}
	return view
}

// sync sets the bar's own items, and redraws the menu when s says that an item
// changed.
func (m *menuBar) sync(s *menuSync) {
	s.set(&m.large.Checked, m.w.large)
	if mm := m.w.win.MainMenu(); s.changed && mm != nil {
		mm.Refresh()
	}
}

// menuSync gathers the changes to menu items, so that the menu is redrawn only when
// one changed: the buttons are refreshed with every update of a live run.
type menuSync struct{ changed bool }

func (s *menuSync) set(p *bool, v bool) {
	if *p != v {
		*p, s.changed = v, true
	}
}
