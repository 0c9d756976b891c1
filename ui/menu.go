//go:build !nogui

package ui

import (
	"time"

	"fyne.io/fyne/v2"

	"localitylab/charts"
)

// menuBar is the window's menus: File, then each job's own menu in the tabs' order,
// View and Help. The items whose state follows a job belong to that job, which sets
// them in its refresh; the bar redraws the menu once something changed.
type menuBar struct {
	w               *window
	main            *fyne.MainMenu
	large           *fyne.MenuItem
	budgets, scales []*fyne.MenuItem
}

func newMenuBar(w *window) *menuBar {
	m := &menuBar{w: w}
	menus := []*fyne.Menu{m.fileMenu()}
	for _, t := range w.tabs {
		if jm := t.job.menu(); jm != nil {
			menus = append(menus, jm)
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
func exportAsMenu(w *window, label string, j job, formats []fileFormat, wrap func(func()) func()) (*fyne.MenuItem, []*fyne.MenuItem) {
	var entries []*fyne.MenuItem
	for _, f := range formats {
		fn := func() { w.exportFileDialog(j, f, "") }
		if wrap != nil {
			fn = wrap(fn)
		}
		entries = append(entries, fyne.NewMenuItem(f.Name+"…", fn))
	}
	it := fyne.NewMenuItem(label, nil)
	it.ChildMenu = fyne.NewMenu("", entries...)
	return it, entries
}

// fileMenu: the run in and out of files, presets, and Quit.
func (m *menuBar) fileMenu() *fyne.Menu {
	w := m.w
	quit := item("Quit", keyQuit, w.quit)
	quit.IsQuit = true // Fyne then adds no Quit of its own, which would skip closed
	items := append([]*fyne.MenuItem{}, w.run.items.file...)
	items = append(items, item("Export handout…", keyHandout, func() { w.handoutDialog(w.front().job) }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Load preset file…", func() { w.setup.loadPresetDialog() }),
		fyne.NewMenuItem("Save setup as preset…", func() { w.setup.savePresetDialog() }),
		fyne.NewMenuItemSeparator(), quit,
	)
	return fyne.NewMenu("File", items...)
}

// viewMenu: large text, the budget line and the frame-time axis, each a group of
// which one item is checked.
func (m *menuBar) viewMenu() *fyne.Menu {
	m.large = item("Large text (projector)", keyLarge, m.w.toggleLarge)
	view := fyne.NewMenu("View", m.large, fyne.NewMenuItemSeparator())
	for _, b := range []struct {
		label string
		d     time.Duration
	}{{"Budget line: 16.7 ms (60 fps)", 0}, {"Budget line: 33.3 ms (30 fps)", charts.Budget30}, {"No budget line", -1}} {
		it := fyne.NewMenuItem(b.label, nil)
		it.Action = func() {
			m.w.run.pane.charts.setBudget(b.d)
			m.checkOnly(m.budgets, it)
		}
		m.budgets = append(m.budgets, it)
	}
	for _, s := range []charts.Scale{charts.ScaleAuto, charts.ScaleLinear, charts.ScaleLog} {
		it := fyne.NewMenuItem("Frame-time axis: "+s.String(), nil)
		it.Action = func() {
			m.w.run.pane.charts.setScale(s)
			m.checkOnly(m.scales, it)
		}
		m.scales = append(m.scales, it)
	}
	view.Items = append(view.Items, m.budgets...)
	view.Items = append(view.Items, fyne.NewMenuItemSeparator())
	view.Items = append(view.Items, m.scales...)
	m.budgets[0].Checked, m.scales[0].Checked = true, true
	return view
}

// checkOnly checks it and unchecks the rest of its group.
func (m *menuBar) checkOnly(group []*fyne.MenuItem, it *fyne.MenuItem) {
	for _, b := range group {
		b.Checked = b == it
	}
	m.main.Refresh()
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
