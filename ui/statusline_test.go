package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// TestStatusDetails checks that a message longer than the status line can still be
// read whole: a Details button appears beside it and shows the whole text.
func TestStatusDetails(t *testing.T) {
	h := newHarness(t, small(), "")
	h.w.status.say("Done: 30 frames per backing.", false)
	if h.w.status.details.Visible() {
		t.Error("a short message has a Details button")
	}
	long := "Done: 30 frames per backing. Hardware counters n/a: open instructions counter: ENOENT (no such file or directory); " +
		strings.Repeat("the kernel offers no such hardware event on this CPU; ", 8) + "the end of the reason."
	h.w.status.say(long, true)
	if !h.w.status.details.Visible() {
		t.Fatal("a message longer than the line has no Details button")
	}
	test.Tap(h.w.status.details)
	if txt := h.overlayText(); !strings.Contains(txt, "the end of the reason.") {
		t.Errorf("the details show %q, want the whole message", txt)
	}
}
