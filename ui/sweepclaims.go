//go:build !nogui

package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/lab/result"
	"localitylab/presets"
)

// sweepClaims is the reading beside the sweep chart: the lesson's claims about a
// sweep, a box for the reader's prediction about each and, once the sweep has
// points, the measured answer; then the crossings and the points skipped, in words.
type sweepClaims struct {
	scroll *wheelScroll
	box    *fyne.Container
	rows   []sweepClaimRow
	words  *widget.Label // crossings and skipped points
}

type sweepClaimRow struct {
	claim  presets.Claim
	guess  *widget.Entry
	answer *widget.Label
}

func newSweepClaims() *sweepClaims {
	p := &sweepClaims{box: container.NewVBox(), words: wrapped("")}
	p.scroll = newWheelScroll(p.box)
	p.SetClaims(nil, nil)
	return p
}

// SetClaims shows the sweep claims among claims; predictions already typed for the
// same claims are kept.
func (p *sweepClaims) SetClaims(claims []presets.Claim, sw *presets.Sweep) {
	old := map[string]string{}
	for _, r := range p.rows {
		old[r.claim.Text] = r.guess.Text
	}
	p.box.RemoveAll()
	p.rows = nil
	title := widget.NewLabel("What the sweep shows")
	title.TextStyle.Bold, title.SizeName = true, theme.SizeNameSubHeadingText
	p.box.Add(title)
	for _, c := range claims {
		if !c.OfSweep() {
			continue
		}
		head := widget.NewLabel("The claim (" + c.Source + ")")
		head.TextStyle.Bold, head.Wrapping = true, fyne.TextWrapWord
		q := c.Question(sw)
		r := sweepClaimRow{claim: c, guess: panelEntry(), answer: wrapped("")}
		r.guess.SetPlaceHolder(q.Hint)
		r.guess.SetText(old[c.Text])
		r.answer.TextStyle.Italic = true
		r.answer.Hide()
		p.box.Add(head)
		p.box.Add(wrapped(c.Text))
		p.box.Add(wrapped(q.Ask))
		p.box.Add(r.guess)
		p.box.Add(r.answer)
		p.rows = append(p.rows, r)
	}
	if len(p.rows) == 0 {
		p.box.Add(wrapped("Each point is a whole run. The dashed lines mark where a backing's working set " +
			"(its address span, or its bytes kept where that is larger or there is no span) reaches each cache; a ring marks where two lines cross."))
	}
	p.box.Add(widget.NewSeparator())
	p.box.Add(p.words)
	p.box.Refresh()
}

// sweepAsk is the question a claim puts to the reader before the sweep.
func sweepAsk(c presets.Claim, sw *presets.Sweep) string { return c.Question(sw).Ask }

// ShowSweep puts what s measured beside the claims and under them; nil clears it.
func (p *sweepClaims) ShowSweep(s *result.Sweep) {
	for _, r := range p.rows {
		text := ""
		if s != nil && len(s.Points) > 0 {
			text = r.claim.AnswerSweep(s).String()
			if reply := r.claim.Reply(r.guess.Text, s); reply != "" {
				text += " " + reply
			}
		}
		setShown(r.answer, text)
	}
	if s == nil {
		setShown(p.words, "")
		return
	}
	lines := charts.CrossingLines(s)
	if sk := charts.SkippedText(s); sk != "" {
		lines = append(lines, sk)
	}
	if d := charts.DriftText(s); d != "" {
		lines = append(lines, d)
	}
	if len(s.Markers) > 0 {
		var ms []string
		for _, mk := range s.Markers {
			ms = append(ms, fmt.Sprintf("%s's reaches the %s %s", mk.Backing, mk.Cache, markerPlace(s, mk.At)))
		}
		lines = append(lines, "Working sets: "+strings.Join(ms, "; ")+". "+charts.WorkingSetWords(s))
	}
	lines = append(lines, charts.CachesText(s)+".")
	setShown(p.words, strings.Join(lines, "\n\n"))
}

// answers counts the claims the panel shows an answer to.
func (p *sweepClaims) answers() int {
	n := 0
	for _, r := range p.rows {
		if r.answer.Visible() && r.answer.Text != "" {
			n++
		}
	}
	return n
}

// markerPlace says where on the sweep's axis a working set reaches a cache: between
// the two values measured around it ("between cold_bytes 0 and 8 bytes"), since the
// marker is interpolated between points and a value between two of a parameter's
// sizes (1.5 bytes of cold data) may be none the workload can run; at a value
// measured, that value.
func markerPlace(s *result.Sweep, at float64) string {
	unit := ""
	if s.Unit != "" && s.Unit != "%" {
		unit = " " + s.Unit
	}
	label := func(v float64) string { return charts.SweepValueLabel(s, v) }
	for i, v := range s.Values {
		switch {
		case float64(v) == at:
			return fmt.Sprintf("at %s = %s%s", s.Param, label(at), unit)
		case float64(v) > at && i > 0:
			return fmt.Sprintf("between %s = %s and %s%s", s.Param, label(float64(s.Values[i-1])), label(float64(v)), unit)
		}
	}
	return fmt.Sprintf("at %s = %s%s", s.Param, label(at), unit)
}
