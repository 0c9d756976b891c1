package result

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestSimSummaryJSON: the simulated figures sit in the summary under their own names,
// absent when there are none, and bad ones are refused by name.
func TestSimSummaryJSON(t *testing.T) {
	d1, ll := 55060.5, 0.0
	s := Summary{SimSummary: SimSummary{SimD1MissesPerFrame: &d1, SimLLMissesPerFrame: &ll, SimD1Range: []float64{55001, 55085}}}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"sim_d1_misses_per_frame":55060.5`, `"sim_ll_misses_per_frame":0`, `"sim_d1_misses_range":[55001,55085]`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s lacks %s", b, want)
		}
	}
	if b, _ := json.Marshal(Summary{}); strings.Contains(string(b), "sim_") {
		t.Errorf("a summary without simulation writes %s", b)
	}
	if err := s.validate(1); err != nil {
		t.Errorf("good figures refused: %v", err)
	}
	neg, nan := -1.0, math.NaN()
	for _, bad := range []SimSummary{
		{SimD1MissesPerFrame: &neg}, {SimLLMissesPerEntity: &nan}, {SimD1Range: []float64{3, 2}}, {SimD1Range: []float64{1}},
	} {
		s := Summary{SimSummary: bad}
		if err := s.validate(1); err == nil || !strings.Contains(err.Error(), "sim_") {
			t.Errorf("%+v: error %v, want one naming the field", bad, err)
		}
	}
}
