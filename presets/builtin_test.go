package presets

import (
	"regexp"
	"slices"
	"testing"

	"localitylab/lab/result"
	"localitylab/workloads"
	"localitylab/workloads/workload"
)

// classroomBytes is the memory a built-in preset may ask for: a teaching laptop with
// 8 GiB free. The lab refuses a run above what the machine has, so a preset above this
// would be refused in the classroom it was written for.
const classroomBytes = 8 << 30

// The lab's own margins (lab/memory.go): a worker's overhead beyond its world, and a
// quarter on top of the sum for heap growth.
const (
	workerOverhead = 16 << 20
	marginDivisor  = 4
)

// TestBuiltinsFitAClassroom adds up the workloads' memory estimates the way the lab
// does before a run, so that a preset that would be refused fails here instead; a
// sweep lesson at each of its values, since each is a run.
func TestBuiltinsFitAClassroom(t *testing.T) {
	for _, p := range Builtin() {
		t.Run(p.Name, func(t *testing.T) {
			spec, err := workloads.Lookup(p.Workload)
			if err != nil {
				t.Fatal(err)
			}
			runs := []workload.Params{p.Params}
			if p.Sweep != nil && p.Sweep.Param != result.PagesParam { // the page mode leaves the parameters alone
				for _, v := range p.Sweep.Values {
					q := p.Params.Clone()
					q[p.Sweep.Param] = v
					runs = append(runs, q)
				}
			}
			for _, over := range runs {
				params, err := spec.Resolve(over)
				if err != nil {
					t.Fatal(err)
				}
				var sum int64
				for _, b := range p.Backings {
					est := spec.EstimateBytes(params, b)
					if est <= 0 {
						t.Errorf("%s: estimate %d bytes (want a positive figure)", b, est)
					}
					sum += est + workerOverhead
				}
				if need := sum + sum/marginDivisor; need > classroomBytes {
					t.Errorf("%v: needs %.1f GiB, more than a classroom machine's %.0f GiB", over, float64(need)/(1<<30), float64(classroomBytes)/(1<<30))
				}
			}
		})
	}
}

// asksForPrediction matches the words a lesson uses to make the reader commit to an
// answer before the run shows it.
var asksForPrediction = regexp.MustCompile(`(?i)\b(predict|guess|rank)\b`)

// TestLessonsAskFirst holds the lessons to the rule: each says what to predict
// before the run, and a lesson with a claim names its source.
func TestLessonsAskFirst(t *testing.T) {
	for _, p := range Builtin() {
		if !asksForPrediction.MatchString(p.Lesson) {
			t.Errorf("%s: the lesson asks for no prediction (predict, guess or rank)", p.Name)
		}
		for i, c := range p.Claims {
			if c.Source == "" {
				t.Errorf("%s: claims[%d] has no source", p.Name, i)
			}
		}
	}
}

// TestSweepLessonsAnswerBySweep: a lesson with a sweep has a claim the sweep answers
// (or none at all), so that `sweep -preset NAME` never runs for minutes to print no
// verdict; a lesson whose claims only a run answers is a run.
func TestSweepLessonsAnswerBySweep(t *testing.T) {
	for _, p := range Builtin() {
		if p.Sweep == nil || len(p.Claims) == 0 {
			continue
		}
		if !slices.ContainsFunc(p.Claims, func(c Claim) bool { return c.OfSweep() }) {
			t.Errorf("%s: has a sweep, but only a run answers its claims", p.Name)
		}
	}
}

// TestFrameClaimsJudgeTheWalk: a sprites lesson that judges whole frames compares the
// backings' walks, so no sprite moves in it (moving_pct 0, in its setup and in its
// claims' conditions): moves cost each backing another kind of work (the map hashes
// twice, the slot map reads three times), which the text does not describe.
func TestFrameClaimsJudgeTheWalk(t *testing.T) {
	for _, p := range Builtin() {
		if p.Workload != "sprites" {
			continue
		}
		for _, c := range p.Claims {
			if c.Metric != KindFrame {
				continue
			}
			if v, ok := p.Params["moving_pct"]; !ok || v != 0 {
				t.Errorf("%s: a frame claim, and moving_pct is not set to 0 in its params (want 0)", p.Name)
			}
			if v, ok := c.Conditions["moving_pct"]; !ok || v != 0 {
				t.Errorf("%s: a frame claim whose conditions do not hold moving_pct at 0", p.Name)
			}
		}
	}
}
