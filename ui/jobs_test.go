//go:build !nogui

package ui

import (
	"strings"
	"testing"
	"time"

	"localitylab/launch"
)

// TestEveryTab holds every tab in jobKinds to what the window expects of a job, so
// that a new tab is done when it passes: words for the shared dialogs, a Save that
// writes JSON or says why not, nothing to export before it has a result, nothing
// taken from the command line that did not ask, an Esc that does nothing while
// nothing runs, and a -quit-after that saves nothing it never had.
func TestEveryTab(t *testing.T) {
	h := newHarness(t, small(), "")
	if len(h.w.tabs) != len(jobKinds) {
		t.Fatalf("%d tabs for %d kinds", len(h.w.tabs), len(jobKinds))
	}
	for _, tab := range h.w.tabs {
		t.Run(tab.title, func(t *testing.T) {
			j, w := tab.job, tab.words
			if tab.places.tab == nil {
				t.Fatal("no content for its tab")
			}
			for name, s := range map[string]string{"noun": w.noun, "exportAs": w.exportAs, "exported": w.exported,
				"whenBusy": w.whenBusy, "open": w.open} {
				if s == "" {
					t.Errorf("its words say nothing as %s", name)
				}
			}
			if len(tab.formats) == 0 {
				t.Error("no format to export to")
			}
			if tab.hasFormat("JSON") == (w.noSave != "") {
				t.Errorf("writes JSON %v, and says why Save writes nothing: %q; want one of the two",
					tab.hasFormat("JSON"), w.noSave)
			}
			if j.busy() {
				t.Error("busy before anything started")
			}
			if j.fromFlags(launch.Options{}) {
				t.Error("asks for the front with no flag given")
			}
			if _, err := j.output(); err == nil {
				t.Error("has something to export before any result")
			}
			h.w.bringFront(j)
			h.w.results.save(j)
			if !h.w.status.showsError() || !strings.HasPrefix(h.w.status.text(), "Nothing to ") {
				t.Errorf("Save with no result says %q, want it to say there is nothing", h.w.status.text())
			}
			h.w.status.say("", false)
			j.cancel()
			if h.w.status.showsError() || j.busy() {
				t.Errorf("Esc with nothing running says %q, busy %v", h.w.status.text(), j.busy())
			}
			done := make(chan outcome, 1)
			wait := j.final()
			go func() { done <- wait() }()
			select {
			case o := <-done:
				if o.save != nil || o.err != nil || o.failed != "" {
					t.Errorf("-quit-after finds %+v, want nothing", o)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("-quit-after's wait did not return with nothing running")
			}
		})
	}
}
