package presets

import (
	"strings"
	"testing"

	"localitylab/lab/result"
	"localitylab/lab/runtest"
)

// TestMinimumEffect holds verdicts to the minimum-effect rule: "holds", "rises" and
// "bends" need an effect of at least the stated size (minEffect, minBend) with its
// interval clear of the alternative; below it the answer cannot tell, and a figure
// claimed against a range that holds 1 is no measurable change. The fixtures are the
// cases that once passed: a stride sweep whose slope before the knee, 1.75× a step,
// was called a bend against 1.64× past it; allocs-per-frame's 1.02× (0.93 to 1.07),
// once worded "smaller than the source's 10×".
func TestMinimumEffect(t *testing.T) {
	run := func(factor float64) *result.Run {
		return runtest.Synthetic([]string{"map", "slotmap"}, []float64{factor, 1}, []int64{2e6, 1e6})
	}
	// A stride sweep climbing 1.75× a step to 16 and 1.64× a step past it: two slopes
	// whose ranges lie apart, but a bend of 1.07×.
	weak := []float64{1}
	for range 4 {
		weak = append(weak, weak[len(weak)-1]*1.75)
	}
	for range 2 {
		weak = append(weak, weak[len(weak)-1]*1.64)
	}
	weakSweep := sweepOf("stride", "", strides, []string{"soa"}, [][]float64{weak}, []float64{4})
	for k := range weakSweep.Points { // intervals of ±1%, so that the ranges lie apart
		pb := &weakSweep.Points[k].Backings[0]
		pb.NSPerEntityLo, pb.NSPerEntityHi = 0.99*pb.NSPerEntity, 1.01*pb.NSPerEntity
	}
	flat := sweepOf("allocs", "", []int64{0, 1}, []string{"slotmap"}, [][]float64{{1, 1.02}}, []float64{24})
	flat.Points[1].Backings[0].NSPerEntityLo, flat.Points[1].Backings[0].NSPerEntityHi = 0.9486, 1.0506 // 0.93–1.07 over the first's ±5%
	slight := sweepOf("order", "", []int64{0, 1}, []string{"rowvec"}, [][]float64{{1, 1.05}}, []float64{24})
	for k := range slight.Points {
		pb := &slight.Points[k].Backings[0]
		pb.NSPerEntityLo, pb.NSPerEntityHi = 0.995*pb.NSPerEntity, 1.005*pb.NSPerEntity
	}
	tests := []struct {
		name string
		a    Answer
		want Outcome
		says string
	}{
		{"a direction by 5%", Claim{Metric: "frame", Slower: "map", Faster: "slotmap", Ratio: 1}.Answer(run(1.05)), CannotTell,
			"Cannot tell on this machine: the gap, 1.05×, is smaller than the 1.10× the lab counts as an effect."},
		{"a direction by 20%", Claim{Metric: "frame", Slower: "map", Faster: "slotmap", Ratio: 1}.Answer(run(1.2)), Holds,
			"The claim holds: the direction is borne out."},
		{"a rise of 5% clear of 1", Claim{Metric: "growth", Backing: "rowvec", Ratio: 1}.AnswerSweep(slight), CannotTell,
			"Cannot tell on this machine: the cost per entity rises by 1.05×, less than the 1.10× the lab counts as a rise."},
		{"a slope of 1.75× against 1.64×", Claim{Metric: "growth", Backing: "soa", Ratio: 1, KneeFieldBytes: 4}.AnswerSweep(weakSweep), CannotTell,
			"Whether it bends at stride = 16 cannot be told on this machine: a bend counts when the change per step before it is at least 1.25× the change per step past it"},
		{"a 10× claimed, 1.02× measured", Claim{Metric: "growth", Backing: "slotmap", Ratio: 10}.AnswerSweep(flat), Fails,
			"No measurable change (the range holds 1), against the source's 10.0× rise."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := checked(t, tc.a)
			if a.Outcome != tc.want || !strings.Contains(a.String(), tc.says) {
				t.Errorf("answer %q (%s)\nwant %s, saying %q", a.String(), a.Outcome, tc.want, tc.says)
			}
		})
	}
}
