package presets

import (
	"encoding/json"
	"strings"
	"testing"

	"localitylab/lab/result"
	"localitylab/lab/runtest"
)

// kindFixture is a claim of one kind with a run or a sweep that bears it out.
type kindFixture struct {
	claim Claim
	run   *result.Run   // a run's kind
	sweep *result.Sweep // a sweep's kind
	want  string        // what its verdict says
}

// kindFixtures has one fixture per registered kind: a kind added needs one here
// (TestEveryKindAnswers says so).
func kindFixtures() map[ClaimKind]kindFixture {
	pair := runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{8, 1}, []int64{3e6, 1e6})
	gc := runtest.SyntheticFrames(300, []string{"ptrarray", "slotmap"}, []float64{3, 1}, []int64{1e9, 1e9})
	gc.Forks = []result.Fork{{First: 0, Frames: 100, Warmup: 10}, {First: 100, Frames: 100, Warmup: 10}, {First: 200, Frames: 100, Warmup: 10}}
	entities := []int64{1000, 100_000, 1_000_000, 10_000_000}
	cliff := sweepOf("entities", "", entities, []string{"ptrarray", "soa"}, [][]float64{{1.6, 2.8, 17, 20}, {1.2, 1.0, 1.2, 1.25}}, []float64{32, 24})
	cross := sweepOf("moving_pct", "%", []int64{0, 5, 50}, []string{"soa", "spatialhash"}, [][]float64{{1.3, 1.4, 1.6}, {0.1, 1.9, 6}}, []float64{24, 48})
	cross.Crossings = []result.Crossing{{Below: "spatialhash", Above: "soa", From: 0, To: 5, At: 3.2, Significant: true,
		Text: "spatialhash faster than soa below moving_pct ≈ 3.2%, soa faster above (the curves cross between 0% and 5%)"}}
	return map[ClaimKind]kindFixture{
		KindFrame:  {Claim{Metric: KindFrame, Slower: "ptrarray", Faster: "soa", Ratio: 8}, pair, nil, "The claim holds: the source's 8.00× lies within the interval."},
		KindLoad:   {Claim{Metric: KindLoad, Slower: "ptrarray", Faster: "soa", Ratio: 3}, pair, nil, "The claim holds on this load"},
		KindLookup: {Claim{Metric: KindLookup, Slower: "map", Faster: "slotmap", Ratio: 1}, runtest.WithLookups(runtest.Synthetic([]string{"map", "slotmap"}, []float64{5, 1}, []int64{1, 1}), []float64{3, 1}), nil, "The claim holds: the direction is borne out."},
		KindBudget: {Claim{Metric: KindBudget, Slower: "soa", Faster: "spatialhash"}, runtest.SyntheticFrames(400, []string{"soa", "spatialhash"}, []float64{16000, 1}, []int64{1, 1}), nil, "a pan that stutters"},
		KindGC:     {Claim{Metric: KindGC, Slower: "ptrarray", Faster: "slotmap", Ratio: 1}, withCycles(gc, []int{10, 0}), nil, "in every fork the collector ran more cycles for ptrarray"},
		KindGrowth: {Claim{Metric: KindGrowth, Backing: "ptrarray", Ratio: 1}, nil, cliff, "The cost per entity rises, as the claim says."},
		KindCliff:  {Claim{Metric: KindCliff, Backing: "ptrarray", Ratio: 1}, nil, cliff, "The cost per entity rises, as the claim says."},
		KindCrossing: {Claim{Metric: KindCrossing, Faster: "spatialhash", Slower: "soa", Ratio: 1}, nil, cross,
			"The lines cross, as the claim says."},
	}
}

// TestClaimKindsRegistered: every kind is registered once, under the name a preset
// file gives it, with a check, a question, and a run's answer or a sweep's (one).
func TestClaimKindsRegistered(t *testing.T) {
	seen := map[ClaimKind]bool{}
	for _, ck := range claimKinds {
		t.Run(string(ck.name), func(t *testing.T) {
			if ck.name == "" || seen[ck.name] {
				t.Fatalf("kind %q registered twice or without a name", ck.name)
			}
			seen[ck.name] = true
			if ck.check == nil || ck.ask == nil {
				t.Error("no check or no question")
			}
			if (ck.run == nil) == (ck.sweep == nil) {
				t.Error("want a run's answer or a sweep's, exactly one")
			}
			var c Claim
			if err := json.Unmarshal([]byte(`{"metric": "`+string(ck.name)+`"}`), &c); err != nil || kindOf(c.Metric) != ck {
				t.Errorf("a file's %q reads as kind %v (%v)", ck.name, kindOf(c.Metric), err)
			}
			for _, f := range ck.owns {
				if !hasOptionalField(f) {
					t.Errorf("owns %q, which is no optional field", f)
				}
			}
		})
	}
}

func hasOptionalField(name string) bool {
	for _, f := range optionalFields {
		if f.name == name {
			return true
		}
	}
	return false
}

// TestBuiltinClaimsValidate: every claim of every built-in lesson (offered by this
// binary or not) is of a registered kind and passes its kind's checks.
func TestBuiltinClaimsValidate(t *testing.T) {
	used := map[ClaimKind]int{}
	for _, p := range builtins {
		for i, c := range p.Claims {
			if err := c.validate(p.Backings, p.Sweep); err != nil {
				t.Errorf("%s: claims[%d]: %v", p.Name, i, err)
			}
			used[c.Metric]++
		}
	}
	for k := range used {
		if kindOf(k) == nil {
			t.Errorf("a built-in lesson claims %q, no registered kind", k)
		}
	}
}

// TestEveryKindAnswers: every registered kind answers its fixture with a verdict
// that bears the claim out, refuses the other kind of result, and asks the student
// a question whose prediction it reads back.
func TestEveryKindAnswers(t *testing.T) {
	fixtures := kindFixtures()
	if len(fixtures) != len(claimKinds) {
		t.Errorf("%d fixtures for %d kinds", len(fixtures), len(claimKinds))
	}
	for _, ck := range claimKinds {
		t.Run(string(ck.name), func(t *testing.T) {
			fx, ok := fixtures[ck.name]
			if !ok {
				t.Fatalf("no fixture for kind %q: add one to kindFixtures", ck.name)
			}
			c := fx.claim
			var a, other Answer
			if ck.run != nil {
				a, other = c.Answer(fx.run), c.AnswerSweep(&result.Sweep{})
			} else {
				a, other = c.AnswerSweep(fx.sweep), c.Answer(&result.Run{})
			}
			if a.Outcome != Holds || !strings.Contains(a.Verdict, fx.want) {
				t.Errorf("answer %q (%v), want it to hold and say %q", a, a.Outcome, fx.want)
			}
			if other.Verdict != "" || !strings.Contains(other.Measured, "This claim is answered by a") {
				t.Errorf("the other kind of result answered %q", other)
			}
			q := c.Question(&Sweep{Param: "entities", Values: []int64{1000, 2000}})
			if !strings.HasPrefix(q.Ask, "Your prediction: ") || q.Hint == "" || (ck.run != nil) != (q.Unit != "") {
				t.Errorf("question %+v: want an ask, a hint, and a unit for a run's claim alone", q)
			}
			if reply := c.Reply("10", fx.sweep); !strings.HasPrefix(reply, "You predicted 10") {
				t.Errorf("reply to 10: %q", reply)
			}
			if q.FindSize != (ck.name == KindBudget) {
				t.Errorf("offers the budget search: %v", q.FindSize)
			}
		})
	}
}

// TestReply: a run's prediction is read in the question's unit; a sweep's as typed;
// nothing readable, nothing said.
func TestReply(t *testing.T) {
	frame := Claim{Metric: KindFrame, Slower: "ptrarray", Faster: "soa", Ratio: 8}
	budget := Claim{Metric: KindBudget, Slower: "soa", Faster: "spatialhash"}
	crossing := Claim{Metric: KindCrossing, Slower: "soa", Faster: "spatialhash", Ratio: 1}
	for _, tc := range []struct {
		c     Claim
		guess string
		want  string
	}{
		{frame, "20", "You predicted 20.0×."},
		{frame, "2.5x", "You predicted 2.50×."},
		{frame, "lots", ""},
		{budget, "12 ms", "You predicted 12.0 ms."},
		{crossing, " about 5% ", "You predicted about 5%."},
		{crossing, "  ", ""},
		{Claim{Metric: "heat"}, "3", ""},
	} {
		if got := tc.c.Reply(tc.guess, nil); got != tc.want {
			t.Errorf("%s: Reply(%q) = %q, want %q", tc.c.Metric, tc.guess, got, tc.want)
		}
	}
}

func TestParseGuess(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want float64
		ok   bool
	}{{"10", 10, true}, {" 2.5× ", 2.5, true}, {"50x", 50, true}, {"", 0, false}, {"-3", 0, false}, {"lots", 0, false}, {"12 ms", 12, true}, {"3.5ms", 3.5, true}} {
		got, ok := ParseGuess(tt.in)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("ParseGuess(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestGrowthQuestionSpan: a growth question names where the sweep goes, by the
// modes' names where the values are page modes, not by their indexes.
func TestGrowthQuestionSpan(t *testing.T) {
	c := Claim{Metric: KindGrowth, Backing: "ptrarray", Ratio: 1}
	for _, tc := range []struct {
		sw   *Sweep
		want string
	}{
		{&Sweep{Param: "cold_bytes", Values: []int64{0, 64}}, "Your prediction: from the first value of cold_bytes to the last, ptrarray's"},
		{&Sweep{Param: "pages", Values: []int64{0, 1}}, "Your prediction: from pages = huge to pages = small, ptrarray's"},
		{nil, "Your prediction: from the first value of the parameter to the last"},
	} {
		if got := c.Question(tc.sw).Ask; !strings.HasPrefix(got, tc.want) {
			t.Errorf("%+v: asks %q, want it to start %q", tc.sw, got, tc.want)
		}
	}
}
