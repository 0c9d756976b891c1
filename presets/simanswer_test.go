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
	if a := checked(t, c.Answer(r)); !strings.HasSuffix(a.String(), got) {
		t.Errorf("the answer %q does not end with the misses", a.String())
	}
	// A machine of 128-byte lines predicts half the misses per byte streamed.
	r.Counters.Simulated.D1.Line = 128
	if got := c.simMisses(r); !strings.Contains(got, "one miss per 128-byte line streamed (bytes/entity ÷ 128: ptrarray 0.25, soa 0.188)") {
		t.Errorf("on 128-byte lines: %q", got)
	}
	r.Backings[1].Summary.SimSummary = result.SimSummary{SimNote: "failed"}
	if got := c.simMisses(r); got != "" {
		t.Errorf("one backing without figures: %q", got)
	}
}

// TestSweepSimMisses: a sweep claim's answer tells how the named backings' simulated
// misses went from the first point that has them to the last; a sweep that simulated
// nothing says nothing of them.
func TestSweepSimMisses(t *testing.T) {
	d1a, d1b, lla, llb := 1.15, 1.25, 0.0, 0.41
	s := &result.Sweep{Param: "entities", Backings: []string{"ptrarray"}, Counters: result.Counters{Simulated: &result.Simulated{D1: result.SimCache{Line: 64}}},
		Points: []result.Point{
			{Value: 10_000, Backings: []result.PointBacking{{Name: "ptrarray", NSPerEntity: 1.1, SimSummary: result.SimSummary{SimD1MissesPerFrame: &d1a, SimD1MissesPerEntity: &d1a, SimLLMissesPerEntity: &lla}}}},
			{Value: 100_000, Skipped: "too big"},
			{Value: 1_000_000, Backings: []result.PointBacking{{Name: "ptrarray", NSPerEntity: 15, SimSummary: result.SimSummary{SimD1MissesPerFrame: &d1b, SimD1MissesPerEntity: &d1b, SimLLMissesPerEntity: &llb}}}},
		}}
	c := Claim{Metric: "cliff", Backing: "ptrarray"}
	got := c.sweepSimMisses(s)
	for _, want := range []string{"ptrarray D1 1.15 → 1.25, LL 0 → 0.41 (entities = 10,000 to 1,000,000)", "not the CPU's count", "one per object chased"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	s.Counters.Simulated = nil
	if got := c.sweepSimMisses(s); got != "" {
		t.Errorf("a sweep without simulation: %q", got)
	}
}
