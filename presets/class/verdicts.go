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

// Answer is a claim's answer on one machine: presets' answer whole, and the outcome
// presets decided with its verdict, by which the machines are counted.
type Answer struct {
	Outcome presets.Outcome
	Verdict string // the verdict alone, as presets words it
	Full    string // the answer as the lesson states it (presets.Answer.String)
}

// answersOn answers each of claims on the file f, with presets' own answers:
// Claim.Answer for a run, Claim.AnswerSweep for a sweep.
func answersOn(f File, claims []presets.Claim) []Answer {
	var out []Answer
	for _, pc := range claims {
		var a presets.Answer
		if f.Sweep != nil {
			a = pc.AnswerSweep(f.Sweep)
		} else {
			a = pc.Answer(f.Run)
		}
		out = append(out, Answer{Outcome: a.Outcome, Verdict: a.Verdict, Full: a.String()})
	}
	return out
}

// agreement says on how many machines the claim holds, and where it does not:
// "The claim holds on all 3 machines.", "The claim holds on 2 of 3 machines (a.json,
// c.json); it does not hold on b.json."
func agreement(as []Answer, names []string) string {
	by := map[presets.Outcome][]string{}
	for i, a := range as {
		by[a.Outcome] = append(by[a.Outcome], names[i])
	}
	n := len(as)
	holds := len(by[presets.Holds])
	if holds == n {
		return fmt.Sprintf("The claim holds on all %d machines.", n)
	}
	for _, o := range []presets.Outcome{presets.InPart, presets.Fails, presets.CannotTell, presets.Unsettled, presets.NoVerdict} {
		if len(by[o]) == n {
			return fmt.Sprintf("Every machine says the same: %s (all %d machines).", phrase(o), n)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "The machines disagree: the claim holds on %d of %d machines", holds, n)
	if holds > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(by[presets.Holds], ", "))
	}
	var rest []string
	for _, o := range []presets.Outcome{presets.InPart, presets.Fails, presets.Unsettled, presets.CannotTell, presets.NoVerdict} {
		if len(by[o]) > 0 {
			rest = append(rest, phrase(o)+" on "+strings.Join(by[o], ", "))
		}
	}
	b.WriteString("; " + strings.Join(rest, "; ") + ".")
	return b.String()
}

// phrase is the outcome in a sentence.
func phrase(o presets.Outcome) string {
	switch o {
	case presets.Holds:
		return "the claim holds"
	case presets.InPart:
		return "the claim holds only in part"
	case presets.Fails:
		return "the claim does not hold"
	case presets.CannotTell:
		return "the machine cannot tell"
	case presets.Unsettled:
		return "unsettled (its forks disagree)"
	}
	return "no answer"
}

// Count is how many machines gave each outcome to claim k.
func (c *Claim) Count(o presets.Outcome) int {
	return len(slices.DeleteFunc(slices.Clone(c.Answers), func(a Answer) bool { return a.Outcome != o }))
}
