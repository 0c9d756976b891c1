package class

import (
	"fmt"
	"slices"
	"strings"

	"localitylab/presets"
)

// Claim is one of the lesson's claims with its answer on each machine, in the
// order of the machines, and what the machines' verdicts have in common.
type Claim struct {
	Source, Text string
	Answers      []Answer
	Agreement    string // "The claim holds on 2 of 3 machines (a.json, c.json); it does not hold on b.json."
}

// Answer is a claim's answer on one machine: presets' answer whole, and its verdict
// sorted into an outcome so that machines can be counted.
type Answer struct {
	Outcome Outcome
	Verdict string // the verdict alone, as presets words it
	Full    string // the answer as the lesson states it (presets.Answer.String)
}

// Outcome is what a verdict says, in the few kinds a class counts.
type Outcome int

const (
	NoAnswer   Outcome = iota // the file cannot answer it (a backing missing, too short)
	Holds                     // the claim holds
	Fails                     // it does not hold, or only in part
	CannotTell                // the measurement cannot say (too few rounds, too close to call)
	Unsettled                 // the machine's forks or passes disagree
)

// String is the outcome as a cell shows it.
func (o Outcome) String() string {
	return [...]string{"no answer", "holds", "does not hold", "cannot tell", "unsettled"}[o]
}

// openings sort a verdict by the words presets opens it with (verdict.go,
// sweepanswer.go, gcanswer.go): each of presets' verdicts starts with one of these,
// after the prefixes in qualifiers. TestEveryVerdictSorted walks the lessons'
// verdicts on runs and sweeps that hold and that do not, so that a new wording
// in presets that this list misses fails a test rather than a class. A verdict
// that matches none is counted apart ("no answer") and shown whole.
var openings = []struct {
	prefix string
	o      Outcome
}{
	{"The claim holds", Holds},
	{"The lines cross, as the claim says", Holds},
	{"The cost per entity rises, as the claim says", Holds},
	{"The source's ", Holds}, // "The source's 2.0× lies within that range."
	{"The claim does not hold", Fails},
	{"The claim does not clearly hold", Fails},
	{"They cross the other way round", Fails},
	{"Not borne out", Fails},
	{"Only in part", Fails},
	{"The cost per entity falls here", Fails},
	{"The rise here is", Fails},
	{"Unsettled", Unsettled},
	{"Cannot tell", CannotTell},
	{"Too few rounds", CannotTell},
	{"No clear change", CannotTell},
}

// qualifiers are what presets puts before a verdict without changing what it says.
var qualifiers = []string{"Conditions differ (see below). ", "Against the control: "}

// outcomeOf sorts a verdict.
func outcomeOf(verdict string) Outcome {
	v := verdict
	for again := true; again; {
		again = false
		for _, q := range qualifiers {
			if strings.HasPrefix(v, q) {
				v, again = strings.TrimPrefix(v, q), true
			}
		}
	}
	for _, o := range openings {
		if strings.HasPrefix(v, o.prefix) {
			return o.o
		}
	}
	return NoAnswer
}

// claimsOf answers each of the lesson's claims on every machine, with presets'
// own answers: Claim.Answer for a run, Claim.AnswerSweep for a sweep.
func claimsOf(files []File, backings []string, claims []presets.Claim) []Claim {
	var out []Claim
	for _, pc := range presets.ClaimsAbout(claims, backings) {
		if pc.OfSweep() != (files[0].Sweep != nil) {
			continue // a run cannot answer a sweep's claim, nor a sweep a run's
		}
		c := Claim{Source: pc.Source, Text: pc.Text}
		for _, f := range files {
			var a presets.Answer
			if f.Sweep != nil {
				a = pc.AnswerSweep(f.Sweep)
			} else {
				a = pc.Answer(f.Run)
			}
			o := NoAnswer
			if a.Verdict != "" {
				o = outcomeOf(a.Verdict)
			}
			c.Answers = append(c.Answers, Answer{Outcome: o, Verdict: a.Verdict, Full: a.String()})
		}
		c.Agreement = agreement(c.Answers, files)
		out = append(out, c)
	}
	return out
}

// agreement says on how many machines the claim holds, and where it does not:
// "The claim holds on all 3 machines.", "The claim holds on 2 of 3 machines (a.json,
// c.json); it does not hold on b.json."
func agreement(as []Answer, files []File) string {
	by := map[Outcome][]string{}
	for i, a := range as {
		by[a.Outcome] = append(by[a.Outcome], files[i].Name)
	}
	n := len(as)
	holds := len(by[Holds])
	if holds == n {
		return fmt.Sprintf("The claim holds on all %d machines.", n)
	}
	for _, o := range []Outcome{Fails, CannotTell, Unsettled, NoAnswer} {
		if len(by[o]) == n {
			return fmt.Sprintf("Every machine says the same: %s (all %d machines).", o.phrase(), n)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "The machines disagree: the claim holds on %d of %d machines", holds, n)
	if holds > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(by[Holds], ", "))
	}
	var rest []string
	for _, o := range []Outcome{Fails, Unsettled, CannotTell, NoAnswer} {
		if len(by[o]) > 0 {
			rest = append(rest, o.phrase()+" on "+strings.Join(by[o], ", "))
		}
	}
	b.WriteString("; " + strings.Join(rest, "; ") + ".")
	return b.String()
}

// phrase is the outcome in a sentence.
func (o Outcome) phrase() string {
	return [...]string{"no answer", "the claim holds", "the claim does not hold", "the machine cannot tell", "unsettled (its forks disagree)"}[o]
}

// Count is how many machines gave each outcome to claim k.
func (c *Claim) Count(o Outcome) int {
	return len(slices.DeleteFunc(slices.Clone(c.Answers), func(a Answer) bool { return a.Outcome != o }))
}
