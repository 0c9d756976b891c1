//go:build !nogui

package ui

import (
	"strings"

	"localitylab/presets"
)

// What was typed in a tab's prediction boxes, one line per claim, to start a
// handout's prediction from (handout.go).

// predictions are the lesson panel's: each claim's question and the number typed,
// with its unit.
func (p *lessonPanel) predictions() string {
	var lines []string
	for _, c := range p.claims {
		if g := strings.TrimSpace(c.guess.Text); g != "" {
			q, unit := askFor(c.claim)
			q = strings.TrimPrefix(q, "Your prediction: ")
			lines = append(lines, q+" "+withUnit(g, unit))
		}
	}
	return strings.Join(lines, "\n")
}

// predictions are the sweep claims': each claim's question about sw and what was
// typed.
func (p *sweepClaims) predictions(sw *presets.Sweep) string {
	var lines []string
	for _, r := range p.rows {
		if g := strings.TrimSpace(r.guess.Text); g != "" {
			q := strings.TrimPrefix(sweepAsk(r.claim, sw), "Your prediction: ")
			lines = append(lines, q+" "+g)
		}
	}
	return strings.Join(lines, "\n")
}

// withUnit adds unit to a bare number typed in a prediction box.
func withUnit(guess, unit string) string {
	if _, ok := parseGuess(guess); ok && !strings.HasSuffix(guess, unit) && !strings.HasSuffix(guess, "x") {
		return guess + unit
	}
	return guess
}
