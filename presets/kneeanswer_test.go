package presets

import (
	"strings"
	"testing"

	"localitylab/lab/result"
)

// strides are the stride lesson's values.
var strides = []int64{1, 2, 4, 8, 16, 32, 64}

// TestKnee: a growth claim with a knee is judged on its rise up to the knee, step by
// step, and then on its change per step before the knee against past it (each point
// here within ±5%).
func TestKnee(t *testing.T) {
	// soa's cost per sprite in a stride sweep on this machine: a climb to stride 16,
	// where its reads come to lie a 64-byte line apart, a step up and a fall after it.
	measured := []float64{0.83, 1.08, 1.34, 1.88, 3.15, 3.68, 3.26}
	tests := []struct {
		name   string
		knee   int64
		costs  []float64
		want   []string
		unwant string
		ratio  float64 // the claim's figure; 0 for a claim of direction
	}{
		{"bends where the claim says", 16, measured, []string{
			"3.15 ns at stride = 16, 3.68 ns at stride = 32 and 3.26 ns at stride = 64. From the first to the knee (stride = 16): 3.80×",
			"Per step, it changed 1.40× (1.36 to 1.43) up to the knee and 1.02× (0.97 to 1.07) from there to stride = 64.",
			"The cost per entity rises, as the claim says. Past the knee, stride = 16, it rises less per step: the curve bends where the claim puts it."},
			"Only in part", 0}, // the fall from 32 to 64 lies past the knee
		{"cannot tell", 4, measured, []string{
			"From the first to the knee (stride = 4): 1.61×",
			"Whether it bends at stride = 4 cannot be told on this machine"}, "", 0},
		{"bends the other way", 16, []float64{1, 1.2, 1.44, 1.73, 2.07, 4.5, 10}, []string{
			"Only in part: up to stride = 16 the cost per entity rises, as the claim says, but past it it rises more per step, not less: the curve does not bend there."}, "", 0},
		{"a fall before the knee", 16, []float64{1, 1.5, 1.2, 1.9, 3, 3.1, 3.2}, []string{
			"Between them it falls from 1.50 ns at stride = 2 to 1.20 ns at stride = 4",
			"Only in part: from the first point to the knee (stride = 16) the cost per entity rises, as the claim says, but not at every step between",
			"Past the knee, stride = 16, it rises less per step"}, "", 0},
		{"a figure's rise that does not bend", 16, []float64{1, 1.2, 1.44, 1.73, 2.07, 4.5, 10}, []string{
			"The source's 2.07× lies within that range. Past stride = 16 it rises more per step, not less: the curve does not bend there."}, "", 2.07},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := Claim{Metric: "growth", Backing: "soa", Ratio: max(1, tc.ratio), Knee: tc.knee}
			s := sweepOf("stride", "", strides, []string{"soa"}, [][]float64{tc.costs}, []float64{24})
			got := checked(t, c.AnswerSweep(s)).String()
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("answer lacks %q:\n%s", w, got)
				}
			}
			if tc.unwant != "" && strings.Contains(got, tc.unwant) {
				t.Errorf("answer has %q:\n%s", tc.unwant, got)
			}
		})
	}
}

// TestKneeFromLine: a knee read from the line lies where 4-byte reads come a line
// apart on the machine whose file is read: stride 16 on 64-byte lines, 32 on Apple
// Silicon's 128-byte ones, 16 where the file records no line, said to be assumed.
func TestKneeFromLine(t *testing.T) {
	stride, err := Lookup("stride")
	if err != nil {
		t.Fatal(err)
	}
	c := stride.Claims[0]
	if c.KneeFieldBytes != 4 || c.Knee != 0 {
		t.Fatalf("the stride lesson's claim %+v does not read its knee from the line", c)
	}
	// soa's cost climbing until its reads lie 128 bytes apart, then flat.
	apple := []float64{0.8, 1.1, 1.5, 2.1, 2.9, 4.1, 4.2}
	tests := []struct {
		name  string
		line  int // the line the file records; 0, none
		costs []float64
		knee  int64
		want  []string
	}{
		{"64-byte lines", 64, []float64{0.83, 1.08, 1.34, 1.88, 3.15, 3.68, 3.26}, 16, []string{
			"From the first to the knee (stride = 16)",
			"The claim's knee, stride = 16, is where 4-byte reads lie a cache line apart: 64 bytes, the line the file records.",
			"the curve bends where the claim puts it"}},
		{"Apple Silicon's 128-byte lines", 128, apple, 32, []string{
			"From the first to the knee (stride = 32)",
			"The claim's knee, stride = 32, is where 4-byte reads lie a cache line apart: 128 bytes, the line the file records.",
			"Past the knee, stride = 32, it rises less per step: the curve bends where the claim puts it."}},
		{"no line recorded", 0, []float64{0.83, 1.08, 1.34, 1.88, 3.15, 3.68, 3.26}, 16, []string{
			"The claim's knee, stride = 16, is where 4-byte reads lie a cache line apart: 64 bytes, assumed: the file records no line."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := sweepOf("stride", "", strides, []string{"soa"}, [][]float64{tc.costs}, []float64{24})
			for i := range s.Caches {
				s.Caches[i].LineBytes = tc.line
			}
			if knee, _ := c.KneeOn(s); knee != tc.knee {
				t.Errorf("knee at %d, want %d", knee, tc.knee)
			}
			got := checked(t, c.AnswerSweep(s)).String()
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("answer lacks %q:\n%s", w, got)
				}
			}
		})
	}
	// The host's line serves where the sweep's caches record none; a cache not used
	// gives none.
	s := sweepOf("stride", "", strides, []string{"soa"}, [][]float64{apple}, []float64{24})
	s.Caches[0].LineBytes, s.Caches[0].NotUsed = 64, "not this machine's"
	s.Host.Caches = []result.CacheLevel{{Level: 1, Type: "Data", Bytes: 128 << 10, LineBytes: 128}}
	if knee, how := c.KneeOn(s); knee != 32 || !strings.Contains(how, "128 bytes, the line the file records") {
		t.Errorf("from the host's line: knee %d, %q", knee, how)
	}
}

// TestKneeUnmeasured: a knee at a point with no figures is not judged, and says so;
// the rise is then judged over every point.
func TestKneeUnmeasured(t *testing.T) {
	s := sweepOf("stride", "", strides, []string{"soa"}, [][]float64{{0.83, 1.08, 1.34, 1.88, 3.15, 3.68, 3.9}}, []float64{24})
	s.Points[4].Backings[0].NSPerEntity = 0 // not measured
	got := checked(t, Claim{Metric: "growth", Backing: "soa", Ratio: 1, Knee: 16}.AnswerSweep(s)).String()
	if !strings.Contains(got, "which has no figures of soa or none past it: where the curve bends is not judged") ||
		!strings.Contains(got, "From the first to the last") || strings.Contains(got, "bends where") {
		t.Fatalf("answer:\n%s", got)
	}
}

// TestKneeValidate: a knee is a growth claim's, at one of the sweep's values between
// its first and its last.
func TestKneeValidate(t *testing.T) {
	sw := &Sweep{Param: "stride", Values: strides}
	tests := []struct {
		name string
		c    Claim
		sw   *Sweep
		want string
	}{
		{"fine", Claim{Metric: "growth", Knee: 16}, sw, ""},
		{"none", Claim{Metric: "cliff"}, sw, ""},
		{"on a cliff", Claim{Metric: "cliff", Knee: 16}, sw, `knee: set in a "cliff" claim`},
		{"not a value", Claim{Metric: "growth", Knee: 12}, sw, "knee: 12 is not one of the sweep's values between its first and its last (2, 4, 8, 16, 32)"},
		{"the first value", Claim{Metric: "growth", Knee: 1}, sw, "knee: 1 is not one of"},
		{"the last value", Claim{Metric: "growth", Knee: 64}, sw, "knee: 64 is not one of"},
		{"no sweep", Claim{Metric: "growth", Knee: 16}, nil, "the preset has no sweep"},
		{"from the line", Claim{Metric: "growth", KneeFieldBytes: 4}, sw, ""},
		{"from the line, off the values", Claim{Metric: "growth", KneeFieldBytes: 3}, sw, "knee: 21 (a 64-byte line over knee_field_bytes 3) is not one of"},
		{"from the line, at the last value", Claim{Metric: "growth", KneeFieldBytes: 1}, sw, "knee: 64 (a 64-byte line over knee_field_bytes 1) is not one of"},
		{"both", Claim{Metric: "growth", Knee: 16, KneeFieldBytes: 4}, sw, "knee_field_bytes: 4 with knee 16"},
		{"a negative field", Claim{Metric: "growth", KneeFieldBytes: -4}, sw, "knee_field_bytes: -4"},
		{"from the line, on a cliff", Claim{Metric: "cliff", KneeFieldBytes: 4}, sw, `knee: set in a "cliff" claim`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.c.validateKnee(tc.sw)
			if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestKneeByPass: each pass of the sweep is judged on its own too; a pass whose own
// figures bend the other way leaves the bend unsettled, as a rise is.
func TestKneeByPass(t *testing.T) {
	measured := []float64{0.83, 1.08, 1.34, 1.88, 3.15, 3.68, 3.26}
	withForks := func(forks [][3]float64) *result.Sweep {
		s := sweepOf("stride", "", strides, []string{"soa"}, [][]float64{measured}, []float64{24})
		for k := range s.Points {
			pb := &s.Points[k].Backings[0]
			for _, f := range forks {
				x := pb.NSPerEntity
				switch s.Points[k].Value {
				case 1:
					x = f[0]
				case 16:
					x = f[1]
				case 64:
					x = f[2]
				}
				pb.ForkNSPerEntity = append(pb.ForkNSPerEntity, x)
				pb.ForkNSPerEntityLo = append(pb.ForkNSPerEntityLo, 0.97*x)
				pb.ForkNSPerEntityHi = append(pb.ForkNSPerEntityHi, 1.03*x)
			}
		}
		return s
	}
	c := Claim{Metric: "growth", Backing: "soa", Ratio: 1, Knee: 16}
	got := checked(t, c.AnswerSweep(withForks([][3]float64{{0.83, 3.15, 3.26}, {0.82, 3.2, 3.3}, {0.84, 3.1, 3.2}}))).String()
	for _, w := range []string{"from there to stride = 64; pass by pass 1.40× then 1.02×, 1.41× then 1.02×, 1.39× then 1.02×.",
		"the curve bends where the claim puts it"} {
		if !strings.Contains(got, w) {
			t.Errorf("every pass bends: answer lacks %q:\n%s", w, got)
		}
	}
	// The third pass: a small rise to the knee, then a steep one past it.
	got = checked(t, c.AnswerSweep(withForks([][3]float64{{0.83, 3.15, 3.26}, {0.82, 3.2, 3.3}, {0.84, 1.0, 3.2}}))).String()
	if w := "Whether it bends at stride = 16 is unsettled on this machine: judged on its own, a pass that gave 1.40× then 1.02× bends where the claim puts it and one that gave 1.04× then 1.79× the other way."; !strings.Contains(got, w) {
		t.Errorf("a pass against: answer lacks %q:\n%s", w, got)
	}
}
