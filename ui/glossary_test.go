//go:build !nogui

package ui

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
)

// TestGlossaryInDocs: docs/glossary.md explains every word the app's glossary does,
// so that a reader without the app finds the same words.
func TestGlossaryInDocs(t *testing.T) {
	data, err := os.ReadFile("../docs/glossary.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range glossary {
		if !strings.Contains(string(data), "**"+g[0]+"**") {
			t.Errorf("docs/glossary.md lacks **%s**", g[0])
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
