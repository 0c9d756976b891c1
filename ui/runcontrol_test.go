//go:build !nogui

package ui

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"localitylab/lab"
)

func TestMemoryRefusalShowsEstimate(t *testing.T) {
	h := newHarness(t, small(), "")
	h.w.env.start = func(_ context.Context, c lab.Config) (*lab.Live, error) {
		est, err := lab.Estimate(c)
		if err != nil {
			return nil, err
		}
		return nil, &lab.MemoryError{Backings: c.Backings, Estimates: est, Need: 3 << 30, Available: 1 << 30}
	}
	before := h.w.runTab().pane.table.Message()
	h.key(fyne.KeySpace)
	if h.w.runTab().measuring {
		t.Fatal("a refused run is live")
	}
	txt := h.overlayText()
	for _, want := range []string{"Not enough memory", "3.00 GiB", "1.00 GiB", "ptrarray", "spatialhash"} {
		if !strings.Contains(txt, want) {
			t.Errorf("dialog %q lacks %q", txt, want)
		}
	}
	if !strings.Contains(h.w.status.text(), "Not enough memory") || h.w.runTab().pane.table.Message() != before {
		t.Errorf("status %q, table %q: want the refusal said and nothing else changed", h.w.status.text(), h.w.runTab().pane.table.Message())
	}
}

func TestWorkerFailureCarriesOn(t *testing.T) {
	h := newHarness(t, small(), "soa:exit@5") // in the first of three forks of ten frames
	h.w.runTab().begin(false)
	h.finished()
	var failed, full int
	for _, r := range h.w.runTab().pane.table.Rows() {
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
	if b := h.w.runTab().shown.Backing("ptrarray"); b == nil || b.Frames.Len() != 30 {
		t.Error("ptrarray did not carry on to the end")
	}
	if !strings.Contains(h.w.status.text(), "soa") || h.w.status.label.Importance != widget.DangerImportance {
		t.Errorf("status %q does not mention the failure", h.w.status.text())
	}
	if h.w.runTab().buttons.export.Disabled() {
		t.Error("a run with a failed backing cannot be exported")
	}
}

func TestMismatchIsNoResult(t *testing.T) {
	h := newHarness(t, small(), "soa:checksum@8")
	h.w.runTab().begin(false)
	h.finished()
	if h.w.runTab().invalid == nil {
		t.Fatal("a checksum mismatch was taken for a result")
	}
	if msg := h.w.runTab().pane.table.Message(); !strings.Contains(msg, "checksum mismatch at frame 8") || len(h.w.runTab().pane.table.Rows()) != 0 {
		t.Errorf("table says %q with %d rows, want the mismatch and no rows", msg, len(h.w.runTab().pane.table.Rows()))
	}
	if _, err := h.w.runTab().output(); err == nil || !h.w.runTab().buttons.export.Disabled() || !h.w.runTab().buttons.save.Disabled() {
		t.Error("a mismatched run can be exported")
	}
	if txt := h.overlayText(); !strings.Contains(txt, "Checksum mismatch") {
		t.Errorf("dialog %q, want the mismatch shown", txt)
	}
	for _, n := range h.w.runTab().pane.lesson.notes {
		if n.measured.Text != "" {
			t.Errorf("%s's note shows figures of a mismatched run: %q", n.backing, n.measured.Text)
		}
	}
}

func TestCancelLoad(t *testing.T) {
	s := small()
	s.Params["entities"] = 2_000_000 // seconds of loading per backing
	h := newHarness(t, s, "")
	h.w.runTab().begin(false)
	h.until("the load to start", func() bool { return h.w.runTab().phase == lab.Loading })
	if !h.w.runTab().pane.scene.loading.box.Visible() || h.w.runTab().pane.scene.preview.Visible() {
		t.Error("the loading panel does not replace the preview during the load")
	}
	test.Tap(h.w.runTab().pane.scene.loading.cancel)
	h.finished()
	if h.w.status.text() != "Cancelled before any frame ran." {
		t.Errorf("status %q after cancelling the load", h.w.status.text())
	}
	if h.w.runTab().pane.scene.loading.box.Visible() || h.w.setup.picker.Disabled() {
		t.Error("after cancelling, the loading panel stays or the setup stays locked")
	}
	if b := h.w.runTab().buttons; !b.export.Disabled() || !b.save.Disabled() {
		t.Error("a load cancelled before any frame left Export… or Save run… enabled")
	}
}
