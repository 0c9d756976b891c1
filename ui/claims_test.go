package ui

import (
	"strings"
	"testing"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/presets"
)

// syntheticRun is a run of 40 frames (4 warm-up) in which backing i's frames take
// factors[i] times a base time that varies from frame to frame, and whose loads took
// loads[i] ns.
func syntheticRun(names []string, factors []float64, loads []int64) *result.Run {
	const frames, warmup = 40, 4
	r := &result.Run{Schema: result.Schema, Workload: "sprites", Frames: frames, Warmup: warmup}
	for i, name := range names {
		samples := make([]result.Sample, frames)
		for k := range samples {
			base := 1000 + 37*(k%11)
			samples[k] = result.Sample{Backing: i, Frame: k, NS: int64(float64(base) * factors[i]), Allocs: uint64(i), Checksum: uint64(k)}
		}
		r.Backings = append(r.Backings, result.Backing{Name: name, Frames: result.NewSeries(samples),
			Load: result.Load{NS: loads[i], Entities: 1000, BytesPerEntity: 24 + 8*float64(i)}})
	}
	lab.Summarize(r)
	return r
}

func TestAnswer(t *testing.T) {
	r := syntheticRun([]string{"ptrarray", "soa", "map"}, []float64{8, 1, 1}, []int64{3e6, 1e6, 0})
	tests := []struct {
		name  string
		claim presets.Claim
		want  []string
	}{
		{"within", presets.Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 8},
			[]string{"ptrarray is 8.00× slower than soa", "95% interval 8.00–8.00,", "lies within the interval"}},
		{"claim larger", presets.Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 50},
			[]string{"8.00× slower", "narrower than the source's 50.0×"}},
		{"claim smaller", presets.Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 2},
			[]string{"wider than the source's 2.00×"}},
		{"reversed", presets.Claim{Metric: "frame", Slower: "soa", Faster: "ptrarray", Ratio: 3},
			[]string{"soa is faster, not slower", "0.12× of ptrarray's time", "does not hold here, let alone the source's 3.00×"}},
		{"direction holds", presets.Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 1},
			[]string{"The direction holds."}},
		{"no difference", presets.Claim{Metric: "frame", Slower: "map", Faster: "soa", Ratio: 1},
			[]string{"No significant difference"}},
		{"load", presets.Claim{Metric: "load", Slower: "ptrarray", Faster: "soa", Ratio: 5.8},
			[]string{"loading ptrarray took 3.00× as long as soa", "3.00 ms against 1.00 ms", "no interval", "5.80×"}},
		{"load not done", presets.Claim{Metric: "load", Slower: "map", Faster: "soa", Ratio: 2},
			[]string{"Not measured yet"}},
		{"missing backing", presets.Claim{Metric: "frame", Slower: "rowvec", Faster: "soa", Ratio: 2},
			[]string{"Not measured yet", `no backing "rowvec"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := answer(r, tt.claim)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("answer %q lacks %q", got, w)
				}
			}
		})
	}
	if got := answer(nil, tests[0].claim); got != "" {
		t.Errorf("no run, answer %q, want none", got)
	}
}

func TestMeasured(t *testing.T) {
	r := syntheticRun([]string{"ptrarray", "soa"}, []float64{4, 1}, []int64{2e6, 1e6})
	r.Backings = append(r.Backings, result.Backing{Name: "map", Error: "worker map: exited (exit status 7)"})
	tests := []struct {
		backing string
		want    []string
	}{
		{"soa", []string{"Measured here: the fastest here", "1 allocation per frame", "32 B per entity", "loaded in 1.00 ms"}},
		{"ptrarray", []string{"4.00× slower than soa (4.00–4.00×)", "0 allocations per frame", "24 B per entity", "loaded in 2.00 ms"}},
		{"map", []string{"Its worker failed", "exit status 7"}},
		{"rowvec", nil},
	}
	for _, tt := range tests {
		got := measured(r, tt.backing)
		if tt.want == nil && got != "" {
			t.Errorf("%s: %q, want nothing for a backing not in the run", tt.backing, got)
		}
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", tt.backing, got, w)
			}
		}
	}
}

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
	h.w.info.ShowRun(syntheticRun([]string{"ptrarray", "soa"}, []float64{8, 1}, []int64{1, 1}))
	if got := h.w.info.claims[0].answer.Text; !strings.Contains(got, "8.00× slower") || !strings.Contains(got, "You predicted 20.0×") {
		t.Errorf("answer %q, want the measurement and the prediction", got)
	}
}
