//go:build !nogui

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

// TestCountersSaidOnce: on a machine without hardware counters (this one: no PMU),
// the first run says so in a short line with the reason under Details and unticks
// the counters, so that the next run ends without the note.
func TestCountersSaidOnce(t *testing.T) {
	h := newHarness(t, small("soa"), "")
	if !h.w.setup.counters {
		t.Fatal("the counters are not ticked at the start")
	}
	h.w.runTab().begin(false)
	h.finished()
	if h.w.runTab().shown.Counters.Note == "" {
		t.Skip("this machine reads hardware counters")
	}
	line := h.w.status.text()
	if !strings.Contains(line, "No hardware counters on this machine") || strings.Contains(line, "ENOENT") || h.w.setup.counters || h.w.setup.countersCheck.Checked {
		t.Errorf("status %q, counters ticked %v: want a short note and the box unticked", line, h.w.setup.countersCheck.Checked)
	}
	if !h.w.status.details.Visible() {
		t.Fatal("no Details for the reason")
	}
	test.Tap(h.w.status.details)
	if txt := h.overlayText(); !strings.Contains(txt, counterNote(h.w.runTab().shown.Counters.Note)) {
		t.Errorf("Details show %q, want the reason %q", txt, h.w.runTab().shown.Counters.Note)
	}
	if !h.w.app.Preferences().Bool(prefNoCounters) {
		t.Error("the app does not remember that this machine has no counters: the next start would tick them again")
	}
	h.w.win.Canvas().Overlays().Remove(h.w.win.Canvas().Overlays().Top())
	h.w.runTab().begin(false)
	h.finished()
	if line := h.w.status.text(); strings.Contains(line, "hardware counters") || h.w.status.details.Visible() {
		t.Errorf("the second run says %q (Details %v): want the counters not mentioned again", line, h.w.status.details.Visible())
	}
}

// TestStatusOneLine: a message of many lines (a simulator's output under a failure)
// puts its first line on the status line and the rest under Details, so that the
// line stays one line high.
func TestStatusOneLine(t *testing.T) {
	h := newHarness(t, small(), "")
	var lines []string
	for i := range 14 {
		lines = append(lines, "==123== valgrind says line "+string(rune('a'+i)))
	}
	h.w.status.say("Simulating misses failed: valgrind exited 1\n"+strings.Join(lines, "\n"), true)
	if got := h.w.status.text(); got != "Simulating misses failed: valgrind exited 1" {
		t.Errorf("the line says %q, want the first line alone", got)
	}
	if !h.w.status.details.Visible() || !strings.Contains(h.w.status.more, lines[13]) {
		t.Errorf("Details visible %v with %q, want the other 14 lines there", h.w.status.details.Visible(), h.w.status.more)
	}
	oneLine := h.w.status.label.MinSize().Height
	h.w.status.say("Ready.", false)
	if h.w.status.label.MinSize().Height != oneLine {
		t.Errorf("the line is %v high with the long error, %v with one line", oneLine, h.w.status.label.MinSize().Height)
	}
}

// TestSlowRunSaidFirst: a run that will take over a minute (cold caches over many
// frames) says so as it starts, with the estimate under Details.
func TestSlowRunSaidFirst(t *testing.T) {
	s := small("soa", "ptrarray")
	s.Cache, s.Frames = "cold", 20_000
	h := newHarness(t, s, "")
	h.w.runTab().begin(false)
	line, more := h.w.status.text(), h.w.status.more
	h.w.runTab().cancel()
	h.finished()
	if !strings.Contains(line, "over a minute expected") || !strings.Contains(more, "cold caches") || !strings.Contains(more, "about") {
		t.Errorf("a cold run of 20,000 frames starts with %q, details %q: want the estimate said first", line, more)
	}
}
