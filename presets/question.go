package presets

import (
	"strconv"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// Question is what the app asks the student about a claim before it is measured, and
// what it offers beside the question.
type Question struct {
	Ask  string // "Your prediction: …"
	Unit string // written after the box: "×" or "ms" for a run's claim; "" for a sweep's, whose prediction is read as typed
	Hint string // the box's placeholder
	// FindSize offers the search for the size from which the claim's slower backing
	// misses the frame budget on this machine (FindBudget): the app's "Find the size
	// on this machine".
	FindSize bool
}

// The units a prediction is read in, and the boxes' placeholders.
const (
	unitRatio = "×"
	unitMS    = "ms"
	runHint   = "a number, e.g. 10"
	sweepHint = "your prediction"
)

// runQuestion asks for a run's claim, in unit.
func runQuestion(ask, unit string) Question { return Question{Ask: ask, Unit: unit, Hint: runHint} }

// sweepQuestion asks for a sweep's claim, the answer read as typed.
func sweepQuestion(ask string) Question { return Question{Ask: ask, Hint: sweepHint} }

// sweptParam names sw's parameter, "the parameter" where there is no sweep.
func sweptParam(sw *Sweep) string {
	if sw == nil {
		return "the parameter"
	}
	return sw.Param
}

// sweptSpan says where sw goes, for a question about its first and last values:
// "from the first value of cold_bytes to the last", or, where the values are named
// page modes, "from pages = huge to pages = small".
func sweptSpan(sw *Sweep) string {
	if sw != nil && sw.Param == result.PagesParam && len(sw.Values) >= 2 {
		first, ok1 := result.PagesMode(sw.Values[0])
		last, ok2 := result.PagesMode(sw.Values[len(sw.Values)-1])
		if ok1 && ok2 {
			return "from pages = " + first + " to pages = " + last
		}
	}
	return "from the first value of " + sweptParam(sw) + " to the last"
}

// Question is what the app asks about c before a run, or a sweep of sw (nil: the
// preset has none); a claim of a kind this version does not know asks nothing.
func (c Claim) Question(sw *Sweep) Question {
	if ck := kindOf(c.Metric); ck != nil {
		return ck.ask(c, sw)
	}
	return Question{}
}

// Reply is what the app sets after the answer about the student's prediction, guess
// as typed ("You predicted 20.0×."), or "" when there is nothing to say of it. s is
// the sweep answered, nil for a run's claim.
func (c Claim) Reply(guess string, s *result.Sweep) string {
	ck := kindOf(c.Metric)
	switch {
	case ck == nil:
		return ""
	case ck.reply != nil:
		return ck.reply(c, strings.TrimSpace(guess), s)
	}
	return ck.ask(c, nil).echo(guess) // the unit does not depend on the sweep
}

// echo is the prediction guess as q's unit reads it; "" for one it cannot read.
func (q Question) echo(guess string) string {
	if q.Unit == "" {
		if g := strings.TrimSpace(guess); g != "" {
			return "You predicted " + g + "."
		}
		return ""
	}
	g, ok := ParseGuess(guess)
	switch {
	case !ok:
		return ""
	case q.Unit == unitMS:
		return "You predicted " + units.Duration(g*1e6) + "."
	}
	return "You predicted " + units.Ratio(g) + "."
}

// ParseGuess reads a prediction typed in a run claim's box: "10", "10×", "10x",
// "2.5", "12 ms"; false for one that is no positive number.
func ParseGuess(s string) (float64, bool) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "ms"))
	s = strings.TrimSpace(strings.TrimRight(s, "×xX"))
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil && v > 0
}
