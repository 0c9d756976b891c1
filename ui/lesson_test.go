package ui

import (
	"strings"
	"testing"

	"localitylab/internal/runtest"
	"localitylab/presets"
)

func TestParseGuess(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want float64
		ok   bool
	}{{"10", 10, true}, {" 2.5× ", 2.5, true}, {"50x", 50, true}, {"", 0, false}, {"-3", 0, false}, {"lots", 0, false}} {
		got, ok := parseGuess(tt.in)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("parseGuess(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestPredictionShownBesideAnswer(t *testing.T) {
	p := presets.Preset{Schema: presets.Schema, Title: "T", Workload: "sprites", Backings: []string{"ptrarray", "soa"},
		Frames: 40, Warmup: 4, Claims: []presets.Claim{{Source: "s", Text: "fifty times", Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 50}}}
	h := newHarness(t, p, "")
	h.w.info.guesses()[0].SetText("20")
	h.w.info.SetSetup(h.w.setup) // a change of backings rebuilds the panel: the guess stays
	if g := h.w.info.guesses()[0].Text; g != "20" {
		t.Fatalf("the prediction was lost: %q", g)
	}
	h.w.info.ShowRun(runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{8, 1}, []int64{1, 1}))
	if got := h.w.info.claims[0].answer.Text; !strings.Contains(got, "8.00× slower") || !strings.Contains(got, "You predicted 20.0×") {
		t.Errorf("answer %q, want the measurement and the prediction", got)
	}
}
