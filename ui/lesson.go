//go:build !nogui

package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/lab/result"
	"localitylab/presets"
	"localitylab/workloads"
)

// lessonPanel is the reading beside the preview: the lesson with its claims, a box per
// claim for the reader's prediction and, after a run, the measured answer beside it;
// then, for each chosen backing, what it is, why it wins or loses on this workload,
// and what this run measured for it.
type lessonPanel struct {
	scroll *wheelScroll
	box    *fyne.Container

	setup      presets.Preset
	conditions *widget.Label // how the setup differs from the one the lesson was written for
	claims     []claimRow
	notes      []noteRow

	onFind func(presets.Claim)  // a budget claim's "Find the size on this machine" (budgetfind.go)
	found  map[string]keptFound // what the last searches found, by claim text
}

type claimRow struct {
	claim  presets.Claim
	guess  *widget.Entry
	answer *widget.Label
	find   *findRow // a budget claim's search; nil for others
}

func newLessonPanel() *lessonPanel {
	p := &lessonPanel{box: container.NewVBox(), found: map[string]keptFound{}, onFind: func(presets.Claim) {}}
	p.scroll = newWheelScroll(p.box)
	return p
}

// SetSetup shows the lesson and notes for p. Predictions already typed for the same
// claims are kept, so that choosing other backings or parameters does not lose them.
func (p *lessonPanel) SetSetup(s presets.Preset) {
	old := map[string]string{}
	for _, c := range p.claims {
		old[c.claim.Text] = c.guess.Text
	}
	p.setup = s
	p.box.RemoveAll()
	p.claims, p.notes = nil, nil

	title := widget.NewLabel(s.Title)
	title.TextStyle.Bold, title.Wrapping, title.SizeName = true, fyne.TextWrapWord, theme.SizeNameSubHeadingText
	p.box.Add(title)
	for _, para := range presets.Paragraphs(s.Lesson) {
		p.box.Add(wrapped(para))
	}
	p.conditions = wrapped("")
	p.conditions.Importance = widget.WarningImportance
	p.box.Add(p.conditions)
	p.ShowConditions(s.Params)
	for _, c := range s.Claims {
		p.addClaim(c, old[c.Text])
	}
	if spec, err := workloads.Lookup(s.Workload); err == nil {
		p.box.Add(widget.NewSeparator())
		h := widget.NewLabel("The backings on " + spec.Title)
		h.TextStyle.Bold, h.Wrapping = true, fyne.TextWrapWord
		p.box.Add(h)
		for _, b := range s.Backings {
			p.addNote(b, spec.Note(b))
		}
	}
	p.box.Refresh()
}

// ShowConditions says, under the lesson, when params differ from those the lesson
// was written for: its text names sizes ("a million sprites") that the setup then
// no longer has.
func (p *lessonPanel) ShowConditions(params map[string]int64) {
	setShown(p.conditions, presets.ConditionsNote(p.setup.Lesson, p.setup.Workload, params, "this setup"))
	p.syncKept(params)
}

// addClaim adds a claim, the box for a prediction about it (holding guess), and,
// hidden until a run has gone, the label for the answer.
func (p *lessonPanel) addClaim(c presets.Claim, guess string) {
	head := widget.NewLabel("The claim (" + c.Source + ")")
	head.TextStyle.Bold, head.Wrapping = true, fyne.TextWrapWord
	if c.OfSweep() { // the Sweep tab asks for the prediction and answers it
		p.box.Add(head)
		p.box.Add(wrapped(c.Text))
		p.box.Add(wrapped("A sweep answers this claim: open the Sweep tab and run the sweep."))
		return
	}
	q := c.Question(p.setup.Sweep)
	row := claimRow{claim: c, guess: panelEntry(), answer: wrapped("")}
	row.guess.SetPlaceHolder(q.Hint)
	row.guess.SetText(guess)
	row.answer.TextStyle.Italic = true
	row.answer.Hide()
	p.box.Add(head)
	p.box.Add(wrapped(c.Text))
	p.box.Add(wrapped(q.Ask))
	p.box.Add(container.NewBorder(nil, nil, nil, widget.NewLabel(q.Unit), row.guess))
	p.box.Add(row.answer)
	if q.FindSize {
		row.find = p.addFind(c)
	}
	p.claims = append(p.claims, row)
}

// askFor is the question the prediction box under claim c answers, and the unit
// written after the box.
func askFor(c presets.Claim) (ask, unit string) {
	q := c.Question(nil)
	return q.Ask, q.Unit
}

// parseGuess reads a prediction as the lesson's answer does.
func parseGuess(s string) (float64, bool) { return presets.ParseGuess(s) }

// ShowRun puts r's figures beside the claims and under the notes; nil clears them.
// A run of another workload than the setup's says nothing about these notes.
func (p *lessonPanel) ShowRun(r *result.Run) {
	if r != nil && r.Workload != p.setup.Workload {
		r = nil
	}
	for _, c := range p.claims {
		text := c.claim.Answer(r).String()
		if reply := c.claim.Reply(c.guess.Text, nil); reply != "" && text != "" && !strings.HasPrefix(text, "Not measured") {
			text += " " + reply
		}
		setShown(c.answer, text)
	}
	for _, n := range p.notes {
		setShown(n.measured, measured(r, n.backing))
	}
}

// Guesses returns the predictions typed so far, by claim, for tests.
func (p *lessonPanel) guesses() []*widget.Entry {
	out := make([]*widget.Entry, len(p.claims))
	for i, c := range p.claims {
		out[i] = c.guess
	}
	return out
}

// setShown sets l's text and hides it while empty, so that an empty answer leaves
// no gap in the panel.
func setShown(l *widget.Label, text string) {
	l.SetText(text)
	if text == "" {
		l.Hide()
	} else {
		l.Show()
	}
}

func wrapped(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}
