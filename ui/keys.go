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
// shortcuts.
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
	{"Esc", "cancel a load or a sweep"},
	{"Ctrl+E", "export the run, or in the Sweep tab the sweep (HTML, PNG, CSV, JSON)"},
	{"Ctrl+S", "save the run (or the sweep) as JSON"},
	{"Ctrl+O", "open a saved run (or, in the Sweep tab, a saved sweep)"},
	{"Ctrl+L or Ctrl+=", "large text for projectors"},
	{"Ctrl+Q", "quit"},
}

// bindKeys connects the keyboard to the actions.
func (w *window) bindKeys() {
	c := w.win.Canvas()
	c.SetOnTypedKey(w.typedKey)
	for _, k := range []struct {
		sc *desktop.CustomShortcut
		fn func()
	}{
		{keyExport, w.either(w.exportDialog, w.sweep.exportDialog)}, {keyOpen, w.either(w.openRunDialog, w.sweep.openDialog)},
		{keySave, w.either(w.saveRunDialog, w.sweep.saveDialog)},
		{keyLarge, w.toggleLarge}, {keyLarge2, w.toggleLarge}, {keyQuit, w.quit},
	} {
		fn := k.fn
		c.AddShortcut(k.sc, func(fyne.Shortcut) { fn() })
	}
}

// typedKey handles the plain keys; it is called only when nothing has the focus.
func (w *window) typedKey(ev *fyne.KeyEvent) {
	if w.sweep.active() {
		w.sweep.typedKey(ev)
		return
	}
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

// quit closes the window as its close button does: the run, if any, stops, the
// setup is remembered, and the app ends.
func (w *window) quit() { w.win.Close() }

// showKeys lists the keyboard shortcuts.
func (w *window) showKeys() {
	grid := container.New(layout.NewFormLayout())
	for _, k := range keyHelp {
		key := widget.NewLabel(k[0])
		key.TextStyle.Bold = true
		grid.Add(key)
		grid.Add(widget.NewLabel(k[1]))
	}
	note := widget.NewLabel("On macOS Cmd takes the place of Ctrl. The plain keys work while no entry has\n" +
		"the keyboard focus: click an empty part of the window first.")
	dialog.ShowCustom("Keyboard", "Close", container.NewVBox(grid, note), w.win)
}
