//go:build !nogui

package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/lab"
)

func TestKeyboardShortcuts(t *testing.T) {
	tests := []struct {
		name  string
		ran   bool // the window has a finished run first
		press func(h *harness)
		check func(t *testing.T, h *harness)
	}{
		{"space runs", false, func(h *harness) { h.key(fyne.KeySpace) }, func(t *testing.T, h *harness) {
			if !h.w.runTab().measuring {
				t.Error("no run started")
			}
		}},
		{"space pauses a live run", false, func(h *harness) { h.key(fyne.KeySpace); h.key(fyne.KeySpace) }, func(t *testing.T, h *harness) {
			h.until("the pause", func() bool { return h.w.runTab().phase == lab.Paused })
		}},
		{"right arrow steps", false, func(h *harness) { h.key(fyne.KeyRight) }, func(t *testing.T, h *harness) {
			h.until("one frame", func() bool { return h.w.runTab().phase == lab.Paused && h.w.runTab().status.Done == 1 })
		}},
		{"R resets", true, func(h *harness) { h.key(fyne.KeyR) }, func(t *testing.T, h *harness) {
			if h.w.runTab().shown != nil || len(h.w.runTab().pane.table.Rows()) != 0 {
				t.Error("the run is still shown")
			}
		}},
		{"ctrl+E exports", true, func(h *harness) { h.shortcut(keyExport) }, func(t *testing.T, h *harness) {
			if txt := h.overlayText(); !strings.Contains(txt, "HTML") || !strings.Contains(txt, "PNG") {
				t.Errorf("dialog %q, want the export formats offered", txt)
			}
		}},
		{"enter confirms the format, remembered for the next export", true, func(h *harness) {
			h.shortcut(keyExport)
			exportChoice(h).SetSelected(exportChoice(h).Options[2])
			h.key(fyne.KeyEscape) // cancelled: nothing remembered
			h.shortcut(keyExport)
			exportChoice(h).SetSelected(exportChoice(h).Options[2])
			h.key(fyne.KeySpace) // no key but Enter and Esc reaches the run behind the dialog
			h.key(fyne.KeyReturn)
		}, func(t *testing.T, h *harness) {
			want := runFormats[2].Name
			if txt := h.overlayText(); !strings.Contains(txt, "Export as "+want) {
				t.Errorf("after Enter: dialog %q, want the file dialog for %s", txt, want)
			}
			if h.w.runTab().measuring {
				t.Error("Space behind the format dialog started a run")
			}
			h.w.win.Canvas().Overlays().Remove(h.w.win.Canvas().Overlays().Top())
			h.shortcut(keyExport)
			if got := exportChoice(h).Selected; !strings.HasPrefix(got, want+":") {
				t.Errorf("the next export offers %q, want the %s chosen last", got, want)
			}
		}},
		{"ctrl+S saves", true, func(h *harness) { h.shortcut(keySave) }, func(t *testing.T, h *harness) {
			if txt := h.overlayText(); !strings.Contains(txt, "Save the run") || strings.Contains(txt, "Export") || !strings.Contains(txt, ".json") {
				t.Errorf("dialog %q, want a file dialog titled Save the run, for JSON", txt)
			}
		}},
		{"ctrl+O opens", false, func(h *harness) { h.shortcut(keyOpen) }, func(t *testing.T, h *harness) {
			if txt := h.overlayText(); !strings.Contains(txt, "Open a saved run") {
				t.Errorf("dialog %q, want the open dialog", txt)
			}
		}},
		{"ctrl+L enlarges text", false, func(h *harness) { h.shortcut(keyLarge) }, func(t *testing.T, h *harness) {
			got := fyne.CurrentApp().Settings().Theme().Size(theme.SizeNameText)
			if want := theme.DefaultTheme().Size(theme.SizeNameText) * largeFactor; !h.w.large || got != want {
				t.Errorf("text size %v, want %v", got, want)
			}
		}},
		{"ctrl+Q quits", true, func(h *harness) { h.shortcut(keyQuit) }, func(t *testing.T, h *harness) {
			if slices.Contains(fyne.CurrentApp().Driver().AllWindows(), h.w.win) {
				t.Error("the window is still open after Ctrl+Q")
			}
			if h.w.app.Preferences().String(prefSetup) == "" {
				t.Error("quitting did not remember the setup, as closing the window does")
			}
		}},
		{"ctrl+Q stops a live run", false, func(h *harness) { h.key(fyne.KeySpace); h.shortcut(keyQuit) }, func(t *testing.T, h *harness) {
			if h.w.runTab().live != nil {
				t.Error("the run is still live after Ctrl+Q")
			}
		}},
		{"ctrl+E without a run", false, func(h *harness) { h.shortcut(keyExport) }, func(t *testing.T, h *harness) {
			if !strings.Contains(h.w.status.text(), "no run yet") {
				t.Errorf("status %q, want it to say there is nothing to export", h.w.status.text())
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, small(), "")
			if tt.ran {
				h.w.runTab().begin(false)
				h.finished()
			}
			tt.press(h)
			tt.check(t, h)
		})
	}
}

// TestChoicesGiveBackFocus checks that after a click on a check the plain keys reach
// the window again instead of toggling the check.
func TestChoicesGiveBackFocus(t *testing.T) {
	h := newHarness(t, small(), "")
	test.Tap(h.w.setup.checks[1]) // map
	if f := h.w.win.Canvas().Focused(); f != nil {
		t.Errorf("%T keeps the focus after a click, so Space would toggle it", f)
	}
	if !h.w.setup.checks[1].Checked {
		t.Error("the click did not check map")
	}
}

// exportChoice is the format dialog's choice.
func exportChoice(h *harness) *widget.RadioGroup {
	h.t.Helper()
	var found *widget.RadioGroup
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.RadioGroup:
			found = x
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	if top := h.w.win.Canvas().Overlays().Top(); top != nil {
		walk(top)
	}
	if found == nil {
		h.t.Fatalf("no format dialog: %q", h.overlayText())
	}
	return found
}
