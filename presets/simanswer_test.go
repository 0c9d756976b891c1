package presets

import (
	"strings"
	"testing"

	"localitylab/lab/result"
)

// TestSimMisses: a frame claim's answer quotes the simulated misses of its two
// backings with the source's predictions, and says nothing of them where the run has
// none for both.
func TestSimMisses(t *testing.T) {
	d1p, llp, d1s, lls := 1.25, 0.0, 0.275, 0.0
	r := &result.Run{Counters: result.Counters{Simulated: &result.Simulated{D1: result.SimCache{Line: 64}}},
		Backings: []result.Backing{
			{Name: "ptrarray", Load: result.Load{BytesPerEntity: 32}, Summary: result.Summary{SimSummary: result.SimSummary{
				SimD1MissesPerFrame: &d1p, SimD1MissesPerEntity: &d1p, SimLLMissesPerEntity: &llp}}},
			{Name: "soa", Load: result.Load{BytesPerEntity: 24}, Summary: result.Summary{SimSummary: result.SimSummary{
				SimD1MissesPerFrame: &d1s, SimD1MissesPerEntity: &d1s, SimLLMissesPerEntity: &lls}}},
		}}
	c := Claim{Metric: "frame", Slower: "ptrarray", Faster: "soa"}
	got := c.simMisses(r)
	for _, want := range []string{"ptrarray D1 1.25, LL 0; soa D1 0.275, LL 0", "not the CPU's count", "ptrarray 0.5, soa 0.375", "about one per object chased"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	if a := c.Answer(r); !strings.HasSuffix(a.String(), got) {
		t.Errorf("the answer %q does not end with the misses", a.String())
	}
	r.Backings[1].Summary.SimSummary = result.SimSummary{SimNote: "failed"}
	if got := c.simMisses(r); got != "" {
		t.Errorf("one backing without figures: %q", got)
	}
}
