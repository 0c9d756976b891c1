package presets

import (
	"strings"
	"testing"
)

// strides are the stride lesson's values.
var strides = []int64{1, 2, 4, 8, 16, 32, 64}

// TestKnee: a growth claim with a knee is judged on where its steepest step lies, from
// the steps' ranges (each point here within ±5%, so a step's range is about ±10%).
func TestKnee(t *testing.T) {
	// soa's cost per sprite under go test -bench StrideFrame on this machine: a creep,
	// a jump between 8 and 16 (the reads reach a 64-byte line apart), a creep again.
	measured := []float64{0.87, 1.13, 1.22, 1.68, 3.36, 3.84, 4.02}
	tests := []struct {
		name  string
		knee  int64
		costs []float64
		want  []string
	}{
		{"holds", 16, measured, []string{
			"The step the claim names, between stride = 8 and stride = 16, is 2.00× (1.81 to 2.21), the steepest of the sweep.",
			"The cost per entity rises, as the claim says. The steepest step lies where the claim puts it, between stride = 8 and stride = 16, clear of every other step."}},
		{"elsewhere", 32, measured, []string{
			"the steepest is between stride = 8 and stride = 16, 2.00×",
			"Only in part: the cost per entity rises, as the claim says, but its steepest step lies between stride = 8 and stride = 16, not between stride = 16 and stride = 32 where the claim puts it."}},
		{"two steps alike", 16, []float64{1, 1.3, 1.4, 2.5, 4.6, 4.8, 4.9}, []string{
			"The cost per entity rises, as the claim says. Which step is the steepest cannot be told on this machine"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := Claim{Metric: "growth", Backing: "soa", Ratio: 1, Knee: tc.knee}
			s := sweepOf("stride", "", strides, []string{"soa"}, [][]float64{tc.costs}, []float64{24})
			got := c.AnswerSweep(s).String()
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("answer lacks %q:\n%s", w, got)
				}
			}
		})
	}
}

// TestKneeUnmeasured: a knee at a point with no figures is not judged, and says so.
func TestKneeUnmeasured(t *testing.T) {
	s := sweepOf("stride", "", strides, []string{"soa"}, [][]float64{{0.87, 1.13, 1.22, 1.68, 3.36, 3.84, 4.02}}, []float64{24})
	s.Points[4].Backings[0].NSPerEntity = 0 // not measured
	s.Points[4].Backings[0].NSPerEntityLo, s.Points[4].Backings[0].NSPerEntityHi = 0, 0
	got := Claim{Metric: "growth", Backing: "soa", Ratio: 1, Knee: 16}.AnswerSweep(s).String()
	if !strings.Contains(got, "has no figures of soa: where the curve bends is not judged") || strings.Contains(got, "steepest step lies") {
		t.Fatalf("answer:\n%s", got)
	}
}

// TestKneeValidate: a knee is a growth claim's, at one of the sweep's values after the
// first.
func TestKneeValidate(t *testing.T) {
	sw := &Sweep{Param: "stride", Values: strides}
	tests := []struct {
		name string
		c    Claim
		want string
	}{
		{"fine", Claim{Metric: "growth", Knee: 16}, ""},
		{"none", Claim{Metric: "cliff"}, ""},
		{"on a cliff", Claim{Metric: "cliff", Knee: 16}, `knee: set in a "cliff" claim`},
		{"not a value", Claim{Metric: "growth", Knee: 12}, "knee: 12 is not one of the sweep's values after the first (2, 4, 8, 16, 32, 64)"},
		{"the first value", Claim{Metric: "growth", Knee: 1}, "knee: 1 is not one of"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.c.validateKnee(sw)
			if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}
