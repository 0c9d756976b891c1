//go:build !nogui

package ui

import (
	"testing"

	"fyne.io/fyne/v2"
)

func TestMenuListsEveryAction(t *testing.T) {
	h := newHarness(t, small(), "")
	found := map[string]*fyne.MenuItem{}
	var walk func(items []*fyne.MenuItem)
	walk = func(items []*fyne.MenuItem) {
		for _, it := range items {
			if it.Shortcut != nil {
				found[it.Shortcut.ShortcutName()] = it
			}
			if it.ChildMenu != nil {
				walk(it.ChildMenu.Items)
			}
		}
	}
	for _, m := range h.w.win.MainMenu().Items {
		walk(m.Items)
	}
	for _, sc := range []fyne.Shortcut{keyExport, keyOpen, keySave, keyLarge, keyQuit, keySpace, keyStep, keyReset, keyEsc} {
		if found[sc.ShortcutName()] == nil {
			t.Errorf("no menu item shows %s", sc.ShortcutName())
		}
	}
	if q := found[keyQuit.ShortcutName()]; q == nil || !q.IsQuit {
		t.Error("the File menu's Quit is not marked as the quit item: Fyne would add a second one that skips closing the window")
	}
	found[keyLarge.ShortcutName()].Action()
	if !h.w.large || !h.w.menu.large.Checked {
		t.Error("the menu's large-text item did not switch large text on")
	}
	found[keySpace.ShortcutName()].Action()
	if !h.w.runTab().measuring {
		t.Error("the menu's run item did not start a run")
	}
}
