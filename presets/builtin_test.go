package presets

import (
	"regexp"
	"testing"

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
			if p.Sweep != nil {
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
