package presets

import (
	"strings"
	"testing"

	"localitylab/lab/result"
	"localitylab/lab/runtest"
)

// wordsSay reads a verdict as a person reads it, by its words alone: the opening
// says whether the claim holds, and where it holds, a sentence about the claimed bend
// may say that this part does not, or cannot be told, or is unsettled. It is the
// tests' second, independent reading of every verdict, against which the Outcome set
// where the verdict is decided is checked; NoVerdict for words it does not know.
func wordsSay(verdict string) Outcome {
	if verdict == "" {
		return NoVerdict
	}
	v := verdict
	for again := true; again; {
		again = false
		for _, q := range []string{"Conditions differ (see below). ", "Against the control: "} {
			if strings.HasPrefix(v, q) {
				v, again = strings.TrimPrefix(v, q), true
			}
		}
	}
	o := NoVerdict
	for _, w := range []struct {
		prefix string
		o      Outcome
	}{
		{"The claim holds", Holds},
		{"The lines cross, as the claim says", Holds},
		{"The cost per entity rises, as the claim says", Holds},
		{"The source's ", Holds}, // "The source's 2.0× lies within that range."
		{"Only in part", InPart},
		{"The claim does not hold", Fails},
		{"The claim does not clearly hold", Fails},
		{"They cross the other way round", Fails},
		{"Not borne out", Fails},
		{"The cost per entity falls here", Fails},
		{"The rise here is", Fails},
		{"The fall here is", Fails},
		{"The cost per entity rises here", Fails},
		{"No measurable change", Fails}, // a figure claimed, and a range that holds 1
		{"Unsettled", Unsettled},
		{"Cannot tell", CannotTell},
		{"Too few rounds", CannotTell},
		{"No clear change", CannotTell},
	} {
		if strings.HasPrefix(v, w.prefix) {
			o = w.o
			break
		}
	}
	if o == Holds {
		switch {
		case strings.Contains(v, "is unsettled on this machine"):
			return Unsettled
		case strings.Contains(v, "cannot be told on this machine"):
			return CannotTell
		case strings.Contains(v, "the curve does not bend there"):
			return InPart
		}
	}
	return o
}

// checked fails unless a's Outcome is what its verdict's words say, and returns a.
func checked(t *testing.T, a Answer) Answer {
	t.Helper()
	want := wordsSay(a.Verdict)
	if a.Verdict != "" && want == NoVerdict {
		t.Errorf("a verdict in words the test does not know: %q", a.Verdict)
	}
	if a.Outcome != want {
		t.Errorf("outcome %q, but the words say %q: %q", a.Outcome, want, a.Verdict)
	}
	return a
}

// TestWordsSay checks the tests' own reading of the words, one wording of each kind.
func TestWordsSay(t *testing.T) {
	for _, tt := range []struct {
		verdict string
		want    Outcome
	}{
		{"", NoVerdict},
		{"The claim holds: the source's 50.0× lies within the interval.", Holds},
		{"Conditions differ (see below). The claim holds: the direction is borne out.", Holds},
		{"The claim holds on this load: close to the source's 5.8× (within a factor of 1.25).", Holds},
		{"The lines cross, as the claim says.", Holds},
		{"Against the control: The source's 2.0× lies within that range.", Holds},
		{"The cost per entity rises, as the claim says. Past the knee, stride = 16, it rises less per step: the curve bends where the claim puts it.", Holds},
		{"The cost per entity rises, as the claim says. Past stride = 16 it rises more per step, not less: the curve does not bend there.", InPart},
		{"The cost per entity rises, as the claim says. Whether it bends at stride = 16 cannot be told on this machine: …", CannotTell},
		{"The cost per entity rises, as the claim says. Whether it bends at stride = 16 is unsettled on this machine: …", Unsettled},
		{"The rise here is smaller than the source's 10.0×. Whether it bends at stride = 16 is unsettled on this machine: …", Fails},
		{"Only in part: from the first point to the last the cost per entity rises.", InPart},
		{"The claim does not hold here: the direction holds, but the gap is about a third (35%) of the source's 50.0×.", Fails},
		{"The claim does not clearly hold: ptrarray misses the budget in 3% of its frames.", Fails},
		{"They cross the other way round: the claim does not hold here.", Fails},
		{"Not borne out in the range measured.", Fails},
		{"Against the control: The rise here is smaller than the source's 10.0×.", Fails},
		{"The cost per entity falls here, against the claim.", Fails},
		{"Unsettled on this machine: judged on its own rounds, a fork that gave 40.0× bears the claim out.", Unsettled},
		{"Cannot tell from this run: no collection ran during ptrarray's frames nor soa's.", CannotTell},
		{"Too few rounds to judge (4; a 95% interval needs 6): run more frames.", CannotTell},
		{"No clear change: the two points' intervals overlap.", CannotTell},
		{"Some wording presets does not have.", NoVerdict},
	} {
		if got := wordsSay(tt.verdict); got != tt.want {
			t.Errorf("%q: %v, want %v", tt.verdict, got, tt.want)
		}
	}
}

// TestLessonOutcomes answers every built-in lesson's claims about a single run on
// synthetic runs of its backings, the first from reversed to far past any claim, in
// one fork and in three forks at a third, once and three times that, and requires each answer's Outcome to be what
// its words say; between them they must reach a verdict that holds and one that
// does not. (The claims about sweeps are checked where their tests build sweeps:
// every answer those tests read goes through checked.)
func TestLessonOutcomes(t *testing.T) {
	seen := map[Outcome]int{}
	for _, p := range Builtin() {
		for _, ratio := range []float64{0.3, 1, 1.02, 3, 5.8, 13, 50, 231, 2000} {
			factors, loads := make([]float64, len(p.Backings)), make([]int64, len(p.Backings))
			for i := range factors {
				factors[i], loads[i] = 1, 1e9
				if i == 0 {
					factors[i], loads[i] = ratio, int64(ratio*1e9)
				}
			}
			one := runtest.Synthetic(p.Backings, factors, loads)
			// Three forks, the first backing at a third, once and three times the
			// ratio: forks that may contradict each other.
			spread := []float64{1. / 3, 1, 3}
			forked := runtest.Forked(3, 8, p.Backings, func(k, i int) float64 { return factors[i] * pick(i == 0, spread[k], 1) },
				func(k, i int) int64 { return int64(float64(loads[i]) * pick(i == 0, spread[k], 1)) })
			for _, r := range []*result.Run{one, forked} {
				r.Title, r.Params = p.Title, p.Params.Clone()
				for _, a := range AnswerClaims(p.Claims, r) {
					seen[checked(t, a.Answer).Outcome]++
				}
			}
		}
	}
	if seen[Holds] == 0 || seen[Fails] == 0 || seen[Unsettled] == 0 {
		t.Errorf("outcomes seen %v: want verdicts that hold, that do not and that are unsettled", seen)
	}
}

func pick(cond bool, a, b float64) float64 {
	if cond {
		return a
	}
	return b
}
