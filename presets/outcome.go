package presets

// Outcome is what a verdict says about its claim, in the few kinds a reader counts
// ("holds on 2 of 3 machines"). It is set where the verdict is decided, beside its
// words, so that whoever counts verdicts reads this and never the words: a verdict
// may be reworded without changing what it says, and must not change what it
// counts as.
type Outcome int

const (
	NoVerdict  Outcome = iota // nothing judged: not measured yet, or the claim is not this answer's to judge
	Holds                     // the claim holds
	InPart                    // part of the claim holds and part does not (a rise at some steps only; a rise without the claimed bend)
	Fails                     // the claim does not hold here
	CannotTell                // the measurement cannot say (too few rounds, too near to call, intervals that overlap)
	Unsettled                 // the forks or passes disagree, so a rerun may give another verdict
)

// Outcomes are the outcomes a verdict can have, in order.
var Outcomes = []Outcome{Holds, InPart, Fails, CannotTell, Unsettled}

// String is the outcome as a table's cell shows it.
func (o Outcome) String() string {
	switch o {
	case Holds:
		return "holds"
	case InPart:
		return "holds in part"
	case Fails:
		return "does not hold"
	case CannotTell:
		return "cannot tell"
	case Unsettled:
		return "unsettled"
	}
	return "no answer"
}

// outcome is what a judged kind counts as. A kind says how a verdict weighs in
// beside others (a fork that cannot tell contradicts none); the outcome is what its
// words say.
func (k kind) outcome() Outcome {
	switch k {
	case holds:
		return Holds
	case fails, insignificant:
		return Fails
	}
	return CannotTell
}
