package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
)

// The keys. Plain keys (Space, S, →, R) reach the window only when no entry has the
// keyboard focus, so typing a parameter never runs or resets anything; the choices
// that take focus on a click (checks, pickers, sliders) hand it back as soon as
// they change. The Ctrl combinations work everywhere, as menu shortcuts.
var (
	keyExport = &desktop.CustomShortcut{KeyName: fyne.KeyE, Modifier: fyne.KeyModifierShortcutDefault}
	keyOpen   = &desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}
	keySave   = &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}
	keyLarge  = &desktop.CustomShortcut{KeyName: fyne.KeyL, Modifier: fyne.KeyModifierShortcutDefault}
	keyLarge2 = &desktop.CustomShortcut{KeyName: fyne.KeyEqual, Modifier: fyne.KeyModifierShortcutDefault}

	// Shown beside the menu items; the keys themselves arrive through typedKey.
	keySpace = &desktop.CustomShortcut{KeyName: fyne.KeySpace}
	keyStep  = &desktop.CustomShortcut{KeyName: fyne.KeyS}
	keyReset = &desktop.CustomShortcut{KeyName: fyne.KeyR}
	keyEsc   = &desktop.CustomShortcut{KeyName: fyne.KeyEscape}
)

// bindKeys connects the keyboard to the actions.
func (w *window) bindKeys() {
	c := w.win.Canvas()
	c.SetOnTypedKey(w.typedKey)
	for _, k := range []struct {
		sc *desktop.CustomShortcut
		fn func()
	}{
		{keyExport, w.exportDialog}, {keyOpen, w.openRunDialog}, {keySave, w.saveRunDialog},
		{keyLarge, w.toggleLarge}, {keyLarge2, w.toggleLarge},
	} {
		fn := k.fn
		c.AddShortcut(k.sc, func(fyne.Shortcut) { fn() })
	}
}

// typedKey handles the plain keys; it is called only when nothing has the focus.
func (w *window) typedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeySpace:
		w.toggle()
	case fyne.KeyS, fyne.KeyRight:
		if w.left.step.Disabled() {
			return
		}
		w.step()
	case fyne.KeyR:
		w.reset()
	case fyne.KeyEscape:
		w.cancel()
	}
}

func (w *window) toggleLarge() { w.setLarge(!w.large) }

// menuItems are the menu entries whose state follows the window's.
type menuItems struct {
	run, pause, step, reset, cancel *fyne.MenuItem
	export, save                    *fyne.MenuItem
	exports                         []*fyne.MenuItem
	large, counters                 *fyne.MenuItem
	budgets, scales                 []*fyne.MenuItem
}

// mainMenu lists every action with its key.
func (w *window) mainMenu() *fyne.MainMenu {
	m := &menuItems{}
	w.menu = m
	item := func(label string, sc fyne.Shortcut, fn func()) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, fn)
		it.Shortcut = sc
		return it
	}
	m.export = item("Export…", keyExport, w.exportDialog)
	exportAs := fyne.NewMenuItem("Export as", nil)
	var sub []*fyne.MenuItem
	for _, f := range formats {
		f := f
		it := fyne.NewMenuItem(f.Name+"…", func() { w.exportFileDialog(f) })
		sub = append(sub, it)
	}
	m.exports = sub
	exportAs.ChildMenu = fyne.NewMenu("", sub...)
	m.save = item("Save run…", keySave, w.saveRunDialog)
	file := fyne.NewMenu("File",
		item("Open run…", keyOpen, w.openRunDialog), m.save, m.export, exportAs,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Load preset file…", w.loadPresetDialog),
		fyne.NewMenuItem("Save setup as preset…", w.savePresetDialog),
	)
	m.run = item("Run / pause", keySpace, w.toggle)
	m.step = item("Step one frame", keyStep, w.step)
	m.reset = item("Reset", keyReset, w.reset)
	m.cancel = item("Cancel loading", keyEsc, w.cancel)
	m.counters = fyne.NewMenuItem("Hardware counters", func() { w.left.counters.SetChecked(!w.counters) })
	run := fyne.NewMenu("Run", m.run, m.step, m.reset, m.cancel, fyne.NewMenuItemSeparator(), m.counters)
	m.large = item("Large text (projector)", keyLarge, w.toggleLarge)
	view := fyne.NewMenu("View", m.large, fyne.NewMenuItemSeparator())
	for _, b := range []struct {
		label string
		d     time.Duration
	}{{"Budget line: 16.7 ms (60 fps)", 0}, {"Budget line: 33.3 ms (30 fps)", charts.Budget30}, {"No budget line", -1}} {
		b := b
		it := fyne.NewMenuItem(b.label, nil)
		it.Action = func() { w.setBudget(b.d, it) }
		m.budgets = append(m.budgets, it)
		view.Items = append(view.Items, it)
	}
	view.Items = append(view.Items, fyne.NewMenuItemSeparator())
	for _, s := range []charts.Scale{charts.ScaleAuto, charts.ScaleLinear, charts.ScaleLog} {
		s := s
		it := fyne.NewMenuItem("Frame-time axis: "+s.String(), nil)
		it.Action = func() { w.setScale(s, it) }
		m.scales = append(m.scales, it)
		view.Items = append(view.Items, it)
	}
	m.budgets[0].Checked, m.scales[0].Checked = true, true
	help := fyne.NewMenu("Help", fyne.NewMenuItem("Keyboard", w.showKeys))
	m.sync(w)
	return fyne.NewMainMenu(file, run, view, help)
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
	for _, b := range w.menu.budgets {
		b.Checked = b == it
	}
	w.win.MainMenu().Refresh()
}

func (w *window) setScale(s charts.Scale, it *fyne.MenuItem) {
	for _, c := range w.charts {
		c.SetScale(s)
	}
	for _, b := range w.menu.scales {
		b.Checked = b == it
	}
	w.win.MainMenu().Refresh()
}

// keyHelp lists the keys as the Help menu shows them.
var keyHelp = [][2]string{
	{"Space", "run, pause, resume"},
	{"S or →", "step one frame"},
	{"R", "reset"},
	{"Esc", "cancel a load"},
	{"Ctrl+E", "export (HTML, PNG, CSV, JSON)"},
	{"Ctrl+S", "save the run as JSON"},
	{"Ctrl+O", "open a saved run"},
	{"Ctrl+L or Ctrl+=", "large text for projectors"},
}

// showKeys lists the keyboard shortcuts.
func (w *window) showKeys() {
	grid := container.New(layout.NewFormLayout())
	for _, k := range keyHelp {
		key := widget.NewLabel(k[0])
		key.TextStyle.Bold = true
		grid.Add(key)
		grid.Add(widget.NewLabel(k[1]))
	}
	note := widget.NewLabel("The plain keys work while no entry has the keyboard focus:\nclick an empty part of the window first.")
	dialog.ShowCustom("Keyboard", "Close", container.NewVBox(grid, note), w.win)
}
