package cli

import (
	"fmt"
	"io"
	"strings"

	"localitylab/charts"
	"localitylab/lab/result"
	"localitylab/presets"
)

// lessonAnswers are the claims of a run's lesson that the run can answer, each
// with its answer, and the note on how the run's parameters differ from the ones
// the lesson was written for.
type lessonAnswers struct {
	claims []presets.Answered
	note   string
}

// lessonOf answers the claims of lesson, the preset bench ran, or, when it is nil,
// of the built-in lesson whose title r carries (report has only the saved run).
func lessonOf(r *result.Run, lesson *presets.Preset) lessonAnswers {
	if lesson == nil {
		b, ok := presets.BuiltinTitled(r.Title, r.Workload)
		if !ok {
			return lessonAnswers{}
		}
		lesson = &b
	}
	l := lessonAnswers{claims: presets.AnswerClaims(lesson.Claims, r)}
	if len(l.claims) > 0 {
		l.note = presets.ConditionsNote(lesson.Lesson, r.Workload, r.Params, "this run")
	}
	return l
}

// conditionsDiffer is how a verdict begins when the run's conditions are not the
// source's (presets' Answer).
const conditionsDiffer = "Conditions differ (see below). "

// write prints each claim's answer for the lines just under the table: the verdict
// first, on a line of its own, then the claim it judges and what was measured, each
// wrapped to 100 columns.
func (l lessonAnswers) write(w io.Writer) error {
	var b strings.Builder
	for _, c := range l.claims {
		a := c.Answer
		// The verdict leads; that the conditions differ is said with the source's
		// conditions, after what was measured.
		verdict, differ := strings.CutPrefix(a.Verdict, conditionsDiffer)
		measured := a.Measured
		if differ {
			measured += " " + conditionsDiffer
		}
		first, rest := verdict, strings.TrimSpace(measured+" "+a.After())
		if first == "" { // nothing measured: why comes first
			first, rest = rest, ""
		}
		fmt.Fprintf(&b, "\n%s\n%s\n", wrap(first, termWidth), wrap("The lesson's claim ("+c.Source+"): "+c.Text, termWidth))
		if rest != "" {
			fmt.Fprintf(&b, "%s\n", wrap(rest, termWidth))
		}
	}
	if l.note != "" {
		fmt.Fprintf(&b, "\n%s\n", wrap(l.note, termWidth))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// chartClaims are the claims with their answers as the HTML page states them.
func (l lessonAnswers) chartClaims() ([]charts.Claim, string) {
	var out []charts.Claim
	for _, c := range l.claims {
		out = append(out, charts.Claim{Source: c.Source, Text: c.Text, Answer: c.Answer.String()})
	}
	return out, l.note
}
