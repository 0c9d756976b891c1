package cli

import (
	"strings"
	"testing"

	"localitylab/presets"
)

// TestLessonAnswersWholeAnswer: the terminal states every part of a claim's
// answer: the verdict first, then the claim, what was measured, the source's
// conditions, the simulated misses and what the machine's probe allows.
func TestLessonAnswersWholeAnswer(t *testing.T) {
	a := presets.Answer{
		Measured:   "Measured here: ptrarray is 13.1× slower than soa.",
		Verdict:    "The claim does not hold here.",
		Conditions: "The source measured other conditions.",
		Misses:     "Simulated misses: 1.26 a sprite.",
		Machine:    "What this machine allows (its probe): the ceiling on this ratio is about 120×.",
	}
	l := lessonAnswers{claims: []presets.Answered{{Claim: presets.Claim{Source: "source 003", Text: "Fifty times faster."}, Answer: a}}}
	var b strings.Builder
	if err := l.write(&b); err != nil {
		t.Fatal(err)
	}
	out := strings.Join(strings.Fields(b.String()), " ")
	last := -1
	for _, want := range []string{a.Verdict, "The lesson's claim (source 003): Fifty times faster.", a.Measured, a.Conditions, a.Misses, a.Machine} {
		i := strings.Index(out, want)
		if i < 0 {
			t.Errorf("the answer lacks %q:\n%s", want, b.String())
			continue
		}
		if i < last {
			t.Errorf("%q comes earlier than the part before it:\n%s", want, b.String())
		}
		last = i
	}
}
