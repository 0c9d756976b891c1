//go:build !nogui

package ui

import (
	"strings"
	"testing"

	"localitylab/handout"
	"localitylab/lab/result"
	"localitylab/presets"
)

// TestHandoutPage: the window makes a handout of a finished run of a lesson, with
// the lesson found by the run's title, and says why not otherwise.
func TestHandoutPage(t *testing.T) {
	h := newHarness(t, small(), "")
	w := h.w
	if _, err := w.results.handoutPage(w.runTab(), ""); err == nil || !strings.Contains(err.Error(), "needs a finished run") {
		t.Errorf("no run: %v", err)
	}
	if _, err := w.results.handoutPage(w.sweepTab(), ""); err == nil || !strings.Contains(err.Error(), "needs a finished sweep") {
		t.Errorf("no sweep: %v", err)
	}
	r, err := result.LoadJSON("../handout/testdata/pointer-chasing-run.json")
	if err != nil {
		t.Fatal(err)
	}
	w.runTab().shown = r
	pg, err := w.results.handoutPage(w.runTab(), "About 30×.")
	if err != nil {
		t.Fatal(err)
	}
	if pg.Lesson != "pointer-chasing" || pg.Prediction != "About 30×." || len(pg.Claims) != 1 {
		t.Errorf("page of %q with prediction %q and %d claims", pg.Lesson, pg.Prediction, len(pg.Claims))
	}
	if _, err := w.results.handoutPage(w.runTab(), strings.Repeat("x", handout.MaxPrediction+1)); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("a long prediction: %v", err)
	}
	own := *r
	own.Title = ""
	w.runTab().shown = &own
	if _, err := w.results.handoutPage(w.runTab(), ""); err == nil || !strings.Contains(err.Error(), "of none") {
		t.Errorf("a run of no lesson: %v", err)
	}
}

// TestTypedPredictions: what was typed in the lesson's prediction boxes starts the
// handout's prediction, a line per claim with its question.
func TestTypedPredictions(t *testing.T) {
	p, err := presets.Lookup("pointer-chasing")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, p, "")
	w := h.w
	if got := w.runTab().predictions(); got != "" {
		t.Errorf("nothing typed: %q", got)
	}
	w.runTab().pane.lesson.claims[0].guess.SetText("30")
	if got, want := w.runTab().predictions(), "ptrarray is how many times slower than soa? 30×"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
