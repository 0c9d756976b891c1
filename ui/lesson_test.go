//go:build !nogui

package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"localitylab/lab/runtest"
	"localitylab/presets"
)

func TestPredictionShownBesideAnswer(t *testing.T) {
	p := presets.Preset{Schema: presets.Schema, Title: "T", Workload: "sprites", Backings: []string{"ptrarray", "soa"},
		Frames: 40, Warmup: 4, Claims: []presets.Claim{{Source: "s", Text: "fifty times", Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 50}}}
	h := newHarness(t, p, "")
	h.w.run.pane.lesson.guesses()[0].SetText("20")
	h.w.run.pane.lesson.SetSetup(h.w.setup.preset) // a change of backings rebuilds the panel: the guess stays
	if g := h.w.run.pane.lesson.guesses()[0].Text; g != "20" {
		t.Fatalf("the prediction was lost: %q", g)
	}
	h.w.run.pane.lesson.ShowRun(runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{8, 1}, []int64{1, 1}))
	if got := h.w.run.pane.lesson.claims[0].answer.Text; !strings.Contains(got, "8.00× slower") || !strings.Contains(got, "You predicted 20.0×") {
		t.Errorf("answer %q, want the measurement and the prediction", got)
	}
}

// TestLessonParagraphs: a lesson's paragraphs are labels of their own, in order.
func TestLessonParagraphs(t *testing.T) {
	p := presets.Preset{Schema: presets.Schema, Title: "T", Workload: "sprites", Backings: []string{"soa"}, Frames: 40, Warmup: 4,
		Lesson: "First paragraph,\nstill the first.\n\nSecond paragraph."}
	h := newHarness(t, p, "")
	var texts []string
	for _, o := range h.w.run.pane.lesson.box.Objects {
		if l, ok := o.(*widget.Label); ok {
			texts = append(texts, l.Text)
		}
	}
	i := slices.Index(texts, "First paragraph, still the first.")
	if i < 0 || i+1 >= len(texts) || texts[i+1] != "Second paragraph." {
		t.Errorf("labels %q, want the two paragraphs one after the other", texts)
	}
}

// TestBudgetPrediction: a budget claim asks for a frame time in ms and shows the
// prediction as one.
func TestBudgetPrediction(t *testing.T) {
	p := presets.Preset{Schema: presets.Schema, Title: "T", Workload: "sprites", Backings: []string{"soa", "spatialhash"}, Frames: 40, Warmup: 4,
		Claims: []presets.Claim{{Source: "s", Text: "stutters", Metric: "budget", Slower: "soa", Faster: "spatialhash"}}}
	h := newHarness(t, p, "")
	if ask, unit := askFor(p.Claims[0]); !strings.Contains(ask, "how long will soa's frame take? (the budget is 16.7 ms)") || unit != "ms" {
		t.Errorf("asks %q in %q", ask, unit)
	}
	h.w.run.pane.lesson.guesses()[0].SetText("20")
	h.w.run.pane.lesson.ShowRun(runtest.SyntheticFrames(400, []string{"soa", "spatialhash"}, []float64{16000, 1}, []int64{1, 1}))
	if got := h.w.run.pane.lesson.claims[0].answer.Text; !strings.Contains(got, "The claim holds") || !strings.Contains(got, "You predicted 20.0 ms") {
		t.Errorf("answer %q, want the verdict and the prediction in ms", got)
	}
}

// TestLessonWheel: a notch of the wheel moves the lesson three of Fyne's steps, and
// a prediction box holds no scroll of its own that would take the wheel's events
// when the pointer rests on it.
func TestLessonWheel(t *testing.T) {
	h := newHarness(t, presets.Default(), "")
	h.w.win.Resize(fyne.NewSize(1366, 768))
	p := h.w.run.pane.lesson
	if len(p.claims) == 0 {
		t.Fatal("the default lesson has no prediction box")
	}
	for _, o := range test.WidgetRenderer(p.claims[0].guess).Objects() {
		if _, ok := o.(fyne.Scrollable); ok && o.Visible() {
			t.Errorf("the prediction box holds a scroll (%T) that takes the wheel", o)
		}
	}
	if p.scroll.Content.Size().Height <= p.scroll.Size().Height+100 {
		t.Fatalf("the lesson (%v) fits its panel (%v): nothing to scroll", p.scroll.Content.Size(), p.scroll.Size())
	}
	p.scroll.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(0, -25)})
	if got := p.scroll.Offset.Y; got != 75 {
		t.Errorf("a notch of 25 moved the lesson %v, want 75", got)
	}
}
