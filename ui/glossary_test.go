//go:build !nogui

package ui

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
)

// TestGlossaryInReadme: the README's Glossary section explains every word the app's
// glossary does, so that a reader without the app finds the same words.
func TestGlossaryInReadme(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Glossary\n")
	if !ok {
		t.Fatal("README.md has no Glossary section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	for _, g := range glossary {
		if !strings.Contains(section, "**"+g[0]+"**") {
			t.Errorf("the README's glossary lacks **%s**", g[0])
		}
	}
}

// TestHelpMenuGlossary: the Help menu opens the glossary in a dialog.
func TestHelpMenuGlossary(t *testing.T) {
	h := newHarness(t, small(), "")
	var item *fyne.MenuItem
	for _, m := range h.w.win.MainMenu().Items {
		if m.Label != "Help" {
			continue
		}
		for _, it := range m.Items {
			if it.Label == "Glossary" {
				item = it
			}
		}
	}
	if item == nil {
		t.Fatal("no Glossary in the Help menu")
	}
	before := len(h.w.win.Canvas().Overlays().List())
	item.Action()
	if after := len(h.w.win.Canvas().Overlays().List()); after != before+1 {
		t.Errorf("%d overlays after Help > Glossary, want %d (a dialog)", after, before+1)
	}
}
