//go:build !nogui

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
)

// The keys. Plain keys (Space, S, →, R) reach the window only when no entry has the
// keyboard focus, so typing a parameter never runs or resets anything; the choices
// that take focus on a click (checks, pickers, sliders) hand it back as soon as
// they change. The Ctrl combinations (Cmd on macOS) work everywhere, as menu
// shortcuts. Every key acts on the job in front: Space runs it, Esc cancels it,
// Ctrl+E, Ctrl+S and Ctrl+O export, save and open its kind of result.
var (
	keyExport = &desktop.CustomShortcut{KeyName: fyne.KeyE, Modifier: fyne.KeyModifierShortcutDefault}
	keyOpen   = &desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}
	keySave   = &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}
	keyLarge  = &desktop.CustomShortcut{KeyName: fyne.KeyL, Modifier: fyne.KeyModifierShortcutDefault}
	keyLarge2 = &desktop.CustomShortcut{KeyName: fyne.KeyEqual, Modifier: fyne.KeyModifierShortcutDefault}
	keyQuit   = &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}

	// Shown beside the menu items; the keys themselves arrive through typedKey.
	keySpace = &desktop.CustomShortcut{KeyName: fyne.KeySpace}
	keyStep  = &desktop.CustomShortcut{KeyName: fyne.KeyS}
	keyReset = &desktop.CustomShortcut{KeyName: fyne.KeyR}
	keyEsc   = &desktop.CustomShortcut{KeyName: fyne.KeyEscape}
)

// keyHelp lists the keys as the Help menu shows them.
var keyHelp = [][2]string{
	{"Space", "run, pause, resume; in the Sweep tab, run or cancel the sweep"},
	{"S or →", "step one frame"},
	{"R", "reset"},
	{"Esc", "cancel a load, a budget search or a sweep"},
	{"Ctrl+E", "export the run, or in the Sweep tab the sweep (HTML, PNG, CSV, JSON)"},
	{"Ctrl+S", "save the run (or the sweep) as JSON"},
	{"Ctrl+H", "export a handout of the lesson's run (or sweep): one printed page with your prediction"},
	{"Ctrl+O", "open a saved run (or, in the Sweep tab, a saved sweep)"},
	{"Ctrl+L or Ctrl+=", "large text for projectors"},
	{"Ctrl+Q", "quit"},
}

// bindKeys connects the keyboard to the actions.
func bindKeys(w *window) {
	c := w.win.Canvas()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if !w.files.key(ev.Name) {
			typedKey(w.front().job, ev.Name)
		}
	})
	for _, k := range []struct {
		sc *desktop.CustomShortcut
		fn func()
	}{
		{keyExport, func() { w.results.export(w.front().job) }},
		{keyOpen, func() { w.results.openDialog(w.front().job) }},
		{keySave, func() { w.results.save(w.front().job) }},
		{keyLarge, w.toggleLarge}, {keyLarge2, w.toggleLarge}, {keyQuit, w.quit},
		{keyHandout, func() { w.results.handout(w.front().job) }},
	} {
		fn := k.fn
		c.AddShortcut(k.sc, func(fyne.Shortcut) { fn() })
	}
}

// typedKey handles a plain key for job j; it is called only when nothing has the
// focus.
func typedKey(j job, name fyne.KeyName) {
	switch name {
	case fyne.KeySpace:
		j.toggle()
	case fyne.KeyEscape:
		j.cancel()
	default:
		j.key(name)
	}
}

// showKeys lists the keyboard shortcuts.
func showKeys(win fyne.Window) {
	grid := container.New(layout.NewFormLayout())
	for _, k := range keyHelp {
		key := widget.NewLabel(k[0])
		key.TextStyle.Bold = true
		grid.Add(key)
		grid.Add(widget.NewLabel(k[1]))
	}
	note := widget.NewLabel("On macOS Cmd takes the place of Ctrl. The plain keys work while no entry has\n" +
		"the keyboard focus: click an empty part of the window first.")
	dialog.ShowCustom("Keyboard", "Close", container.NewVBox(grid, note), win)
}
