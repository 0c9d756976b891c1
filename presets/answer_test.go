package presets

import (
	"strings"
	"testing"

	"localitylab/internal/runtest"
	"localitylab/scenarios/workload"
)

func TestClaimAnswer(t *testing.T) {
	r := runtest.Synthetic([]string{"ptrarray", "soa", "map"}, []float64{8, 1, 1}, []int64{3e6, 1e6, 0})
	tests := []struct {
		name              string
		claim             Claim
		measured, verdict []string // what each part must say
	}{
		{"within", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 8},
			[]string{"ptrarray is 8.00× slower than soa", "95% interval 8.00–8.00 over"}, []string{"lies within the interval"}},
		{"claim larger", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 50},
			[]string{"8.00× slower"}, []string{"narrower than the source's 50.0×"}},
		{"claim smaller", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 2},
			nil, []string{"wider than the source's 2.00×"}},
		{"reversed", Claim{Metric: "frame", Slower: "soa", Faster: "ptrarray", Ratio: 3},
			[]string{"soa is faster, not slower", "0.12× of ptrarray's time"}, []string{"does not hold here, let alone the source's 3.00×"}},
		{"direction holds", Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 1},
			nil, []string{"The direction holds."}},
		{"direction reversed", Claim{Metric: "frame", Slower: "soa", Faster: "ptrarray", Ratio: 1},
			nil, []string{"The direction does not hold here."}},
		{"no difference", Claim{Metric: "frame", Slower: "map", Faster: "soa", Ratio: 1},
			nil, []string{"No significant difference"}},
		{"no difference with a figure", Claim{Metric: "frame", Slower: "map", Faster: "soa", Ratio: 43},
			nil, []string{"No significant difference here, against the source's 43.0×."}},
		{"load", Claim{Metric: "load", Slower: "ptrarray", Faster: "soa", Ratio: 5.8},
			[]string{"loading ptrarray took 3.00× as long as soa", "3.00 ms against 1.00 ms", "no interval"}, []string{"The source says 5.80×."}},
		{"load not done", Claim{Metric: "load", Slower: "map", Faster: "soa", Ratio: 2},
			[]string{"Not measured yet"}, []string{""}},
		{"missing backing", Claim{Metric: "frame", Slower: "rowvec", Faster: "soa", Ratio: 2},
			[]string{"Not measured yet", `no backing "rowvec"`}, []string{""}},
		{"unknown metric", Claim{Metric: "heat", Slower: "ptrarray", Faster: "soa", Ratio: 2},
			[]string{`cannot measure a "heat" claim`}, []string{""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := tt.claim.Answer(r)
			for _, w := range tt.measured {
				if !strings.Contains(a.Measured, w) {
					t.Errorf("measured %q lacks %q", a.Measured, w)
				}
			}
			for _, w := range tt.verdict {
				if w == "" && a.Verdict != "" || !strings.Contains(a.Verdict, w) {
					t.Errorf("verdict %q, want %q", a.Verdict, w)
				}
			}
			if s := a.String(); s != strings.TrimSpace(a.Measured+" "+a.Verdict) || !strings.HasPrefix(s, a.Measured) {
				t.Errorf("String() = %q, want the figure then the verdict", s)
			}
		})
	}
	if a := tests[0].claim.Answer(nil); a != (Answer{}) || a.String() != "" {
		t.Errorf("no run, answer %+v, want none", a)
	}
}

func TestClaimsAbout(t *testing.T) {
	claims := []Claim{{Slower: "map", Faster: "soa"}, {Slower: "ptrarray", Faster: "soa"}, {Slower: "map", Faster: "slotmap"}}
	got := ClaimsAbout(claims, []string{"soa", "map", "rowvec"})
	if len(got) != 1 || got[0] != claims[0] {
		t.Errorf("kept %+v, want only the map-soa claim", got)
	}
	if got := ClaimsAbout(claims, nil); got != nil {
		t.Errorf("no backings kept %+v", got)
	}
}

func TestConditionsNote(t *testing.T) {
	million, err := Lookup("sprites-million")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		lesson   string
		workload string
		params   workload.Params
		want     string // "" for no note
	}{
		{"as written", million.Lesson, "sprites", million.Params, ""},
		{"defaults written out", million.Lesson, "sprites", workload.Params{"entities": 1_000_000, "moving_pct": 0, "seed": 1}, ""},
		{"fewer sprites", million.Lesson, "sprites", workload.Params{"entities": 100_000, "moving_pct": 0},
			"The lesson was written for entities = 1,000,000; this run has entities = 100,000. The sizes its text names are the lesson's, not this run's."},
		{"two changes", million.Lesson, "sprites", workload.Params{"entities": 5000, "moving_pct": 5},
			"written for entities = 1,000,000, moving_pct = 0; this run has entities = 5,000, moving_pct = 5."},
		{"no lesson", "", "sprites", workload.Params{"entities": 5}, ""},
		{"another text", "my own lesson", "sprites", workload.Params{"entities": 5}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ConditionsNote(tt.lesson, tt.workload, tt.params, "this run")
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("note %q, want %q", got, tt.want)
			}
		})
	}
}

func TestBuiltinTitled(t *testing.T) {
	want := Builtin()[3]
	if got, ok := BuiltinTitled(want.Title, want.Workload); !ok || got.Name != want.Name {
		t.Errorf("found %q (%v), want %q", got.Name, ok, want.Name)
	}
	for _, c := range [][2]string{{want.Title, "sprites"}, {"", want.Workload}, {"no such title", want.Workload}} {
		if got, ok := BuiltinTitled(c[0], c[1]); ok {
			t.Errorf("BuiltinTitled(%q, %q) found %q", c[0], c[1], got.Name)
		}
	}
}
