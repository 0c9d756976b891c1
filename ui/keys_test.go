package ui

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/lab"
	"localitylab/presets"
)

func TestKeyboardShortcuts(t *testing.T) {
	tests := []struct {
		name  string
		ran   bool // the window has a finished run first
		press func(h *harness)
		check func(t *testing.T, h *harness)
	}{
		{"space runs", false, func(h *harness) { h.key(fyne.KeySpace) }, func(t *testing.T, h *harness) {
			if !h.w.live {
				t.Error("no run started")
			}
		}},
		{"space pauses a live run", false, func(h *harness) { h.key(fyne.KeySpace); h.key(fyne.KeySpace) }, func(t *testing.T, h *harness) {
			h.until("the pause", func() bool { return h.w.phase == lab.Paused })
		}},
		{"right arrow steps", false, func(h *harness) { h.key(fyne.KeyRight) }, func(t *testing.T, h *harness) {
			h.until("one frame", func() bool { return h.w.phase == lab.Paused && h.w.status0.Done == 1 })
		}},
		{"R resets", true, func(h *harness) { h.key(fyne.KeyR) }, func(t *testing.T, h *harness) {
			if h.w.shown != nil || len(h.w.table.Rows()) != 0 {
				t.Error("the run is still shown")
			}
		}},
		{"ctrl+E exports", true, func(h *harness) { h.shortcut(keyExport) }, func(t *testing.T, h *harness) {
			if txt := h.overlayText(); !strings.Contains(txt, "HTML") || !strings.Contains(txt, "PNG") {
				t.Errorf("dialog %q, want the export formats offered", txt)
			}
		}},
		{"ctrl+S saves", true, func(h *harness) { h.shortcut(keySave) }, func(t *testing.T, h *harness) {
			if txt := h.overlayText(); !strings.Contains(txt, "Export as JSON") && !strings.Contains(txt, ".json") {
				t.Errorf("dialog %q, want a file dialog for JSON", txt)
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
		{"ctrl+E without a run", false, func(h *harness) { h.shortcut(keyExport) }, func(t *testing.T, h *harness) {
			if !strings.Contains(h.w.status.Text, "no run yet") {
				t.Errorf("status %q, want it to say there is nothing to export", h.w.status.Text)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, small(), "")
			if tt.ran {
				h.w.startRun(false)
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
	test.Tap(h.w.left.checks[1]) // map
	if f := h.w.win.Canvas().Focused(); f != nil {
		t.Errorf("%T keeps the focus after a click, so Space would toggle it", f)
	}
	if !h.w.left.checks[1].Checked {
		t.Error("the click did not check map")
	}
}

func TestLastBackingStays(t *testing.T) {
	h := newHarness(t, small("soa"), "")
	h.w.left.checks[4].SetChecked(false) // soa
	if !h.w.left.checks[4].Checked || len(h.w.setup.Backings) != 1 {
		t.Error("unchecking the only backing left none chosen")
	}
	if !strings.Contains(h.w.status.Text, "at least one") {
		t.Errorf("status %q, want it to ask for at least one backing", h.w.status.Text)
	}
}

func TestMemoryRefusalShowsEstimate(t *testing.T) {
	h := newHarness(t, small(), "")
	h.w.env.start = func(_ context.Context, c lab.Config) (*lab.Live, error) {
		est, err := lab.Estimate(c)
		if err != nil {
			return nil, err
		}
		return nil, &lab.MemoryError{Backings: c.Backings, Estimates: est, Need: 3 << 30, Available: 1 << 30}
	}
	h.w.ctl.env = h.w.env
	before := h.w.table.Message()
	h.key(fyne.KeySpace)
	if h.w.live {
		t.Fatal("a refused run is live")
	}
	txt := h.overlayText()
	for _, want := range []string{"Not enough memory", "3.00 GiB", "1.00 GiB", "ptrarray", "spatialhash"} {
		if !strings.Contains(txt, want) {
			t.Errorf("dialog %q lacks %q", txt, want)
		}
	}
	if !strings.Contains(h.w.status.Text, "Not enough memory") || h.w.table.Message() != before {
		t.Errorf("status %q, table %q: want the refusal said and nothing else changed", h.w.status.Text, h.w.table.Message())
	}
}

func TestWorkerFailureCarriesOn(t *testing.T) {
	h := newHarness(t, small(), "soa:exit@10")
	h.w.startRun(false)
	h.finished()
	var failed, full int
	for _, r := range h.w.table.Rows() {
		switch {
		case r.Backing == "soa" && strings.Contains(r.Error, "exit status 7"):
			failed++
		case r.Error == "":
			full++
		default:
			t.Errorf("%s: unexpected error %s", r.Backing, r.Error)
		}
	}
	if failed != 1 || full != 2 {
		t.Errorf("%d failed rows and %d full ones, want soa failed and the other two complete", failed, full)
	}
	if b := backingOf(h.w.shown, "ptrarray"); b == nil || b.Frames.Len() != 30 {
		t.Error("ptrarray did not carry on to the end")
	}
	if !strings.Contains(h.w.status.Text, "soa") || h.w.status.Importance != widget.DangerImportance {
		t.Errorf("status %q does not mention the failure", h.w.status.Text)
	}
	if h.w.left.export.Disabled() {
		t.Error("a run with a failed backing cannot be exported")
	}
}

func TestMismatchIsNoResult(t *testing.T) {
	h := newHarness(t, small(), "soa:checksum@8")
	h.w.startRun(false)
	h.finished()
	if h.w.invalid == nil {
		t.Fatal("a checksum mismatch was taken for a result")
	}
	if msg := h.w.table.Message(); !strings.Contains(msg, "checksum mismatch at frame 8") || len(h.w.table.Rows()) != 0 {
		t.Errorf("table says %q with %d rows, want the mismatch and no rows", msg, len(h.w.table.Rows()))
	}
	if _, err := h.w.currentRun(); err == nil || !h.w.left.export.Disabled() || !h.w.left.save.Disabled() {
		t.Error("a mismatched run can be exported")
	}
	if txt := h.overlayText(); !strings.Contains(txt, "Checksum mismatch") {
		t.Errorf("dialog %q, want the mismatch shown", txt)
	}
	for _, n := range h.w.info.notes {
		if n.measured.Text != "" {
			t.Errorf("%s's note shows figures of a mismatched run: %q", n.backing, n.measured.Text)
		}
	}
}

func TestCancelLoad(t *testing.T) {
	s := small()
	s.Params["entities"] = 2_000_000 // seconds of loading per backing
	h := newHarness(t, s, "")
	h.w.startRun(false)
	h.until("the load to start", func() bool { return h.w.phase == lab.Loading })
	if !h.w.loading.box.Visible() || h.w.preview.Visible() {
		t.Error("the loading panel does not replace the preview during the load")
	}
	test.Tap(h.w.loading.cancel)
	h.finished()
	if h.w.status.Text != "Cancelled before any frame ran." {
		t.Errorf("status %q after cancelling the load", h.w.status.Text)
	}
	if h.w.loading.box.Visible() || h.w.left.preset.Disabled() {
		t.Error("after cancelling, the loading panel stays or the setup stays locked")
	}
}

// TestClaimsFollowBackings checks that unchecking a backing a claim is about hides
// the claim, and checking it again brings the claim back.
func TestClaimsFollowBackings(t *testing.T) {
	p, err := presets.Lookup("maps-vs-slices")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, p, "")
	n := len(h.w.info.claims)
	if n == 0 {
		t.Fatal("the lesson has no claims to test with")
	}
	soa := h.w.left.checks[4]
	soa.SetChecked(false)
	if len(h.w.info.claims) != 0 || len(h.w.setup.Claims) != 0 {
		t.Errorf("%d claims shown without soa, want none (they compare with soa)", len(h.w.info.claims))
	}
	soa.SetChecked(true)
	if len(h.w.info.claims) != n {
		t.Errorf("%d claims shown with soa back, want %d", len(h.w.info.claims), n)
	}
}

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
	for _, sc := range []fyne.Shortcut{keyExport, keyOpen, keySave, keyLarge, keySpace, keyStep, keyReset, keyEsc} {
		if found[sc.ShortcutName()] == nil {
			t.Errorf("no menu item shows %s", sc.ShortcutName())
		}
	}
	found[keyLarge.ShortcutName()].Action()
	if !h.w.large || !h.w.menu.large.Checked {
		t.Error("the menu's large-text item did not switch large text on")
	}
	found[keySpace.ShortcutName()].Action()
	if !h.w.live {
		t.Error("the menu's run item did not start a run")
	}
}
