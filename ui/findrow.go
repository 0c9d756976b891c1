//go:build !nogui

package ui

import (
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/presets"
	"localitylab/workloads/workload"
)

// A budget claim's rows in the lesson panel: the search's button (budgetfind.go),
// where the search is, and what it found, kept while the setup's parameters hold.

// findRow is what a budget claim has beyond a prediction: the search's button, where
// it is, and what it found.
type findRow struct {
	button   *widget.Button
	progress *widget.Label
	found    *widget.Label
}

// keptFound is a search's answer as the lesson panel keeps it: for the setup's
// parameters other than the entities the search chose itself (another moving % is
// another answer).
type keptFound struct {
	text   string
	params workload.Params
}

// addFind adds, under budget claim c, the search's button and the labels for its
// progress and its answer; an answer found before for the same parameters shows again.
func (p *lessonPanel) addFind(c presets.Claim) *findRow {
	r := &findRow{progress: wrapped(""), found: wrapped("")}
	r.button = widget.NewButtonWithIcon(findButtonText, theme.SearchIcon(), func() { p.onFind(c) })
	r.found.TextStyle.Italic = true
	r.progress.Hide()
	r.found.Hide()
	p.box.Add(wrapped("Whether it stutters depends on the machine: the search runs " + c.Slower +
		" alone at a few sizes it chooses and says from how many entities its frames miss the budget here."))
	p.box.Add(container.NewHBox(r.button))
	p.box.Add(r.progress)
	p.box.Add(r.found)
	if k, ok := p.found[c.Text]; ok && sameBut(k.params, p.setup.Params, "entities") {
		setShown(r.found, k.text)
	}
	return r
}

// sameBut reports whether a and b hold the same parameters but for skip.
func sameBut(a, b workload.Params, skip string) bool {
	for k, v := range a {
		if k != skip && b[k] != v {
			return false
		}
	}
	for k, v := range b {
		if k != skip && a[k] != v {
			return false
		}
	}
	return true
}

// findOf is claim c's search row, or nil.
func (p *lessonPanel) findOf(c presets.Claim) *findRow {
	for _, r := range p.claims {
		if r.find != nil && r.claim.Text == c.Text {
			return r.find
		}
	}
	return nil
}

// showFinding shows where the search of c is ("": hide it).
func (p *lessonPanel) showFinding(c presets.Claim, msg string) {
	if r := p.findOf(c); r != nil {
		setShown(r.progress, msg)
	}
}

// showFound shows what the search of c ended with, in red when it failed; it is not
// kept for another setup.
func (p *lessonPanel) showFound(c presets.Claim, text string, failed bool) {
	delete(p.found, c.Text)
	if r := p.findOf(c); r != nil {
		r.found.Importance = widget.MediumImportance
		if failed {
			r.found.Importance = widget.DangerImportance
		}
		setShown(r.found, text)
	}
}

// keepFound shows the search's answer for c and keeps it while the setup's
// parameters (but the entities) stay as they were for the search.
func (p *lessonPanel) keepFound(c presets.Claim, text string, params workload.Params) {
	p.showFound(c, text, false)
	p.found[c.Text] = keptFound{text: text, params: params}
}

// syncFind enables the search buttons: each while nothing measures; the one of the
// search running, as its Cancel.
func (p *lessonPanel) syncFind(free bool, running *budgetFind) {
	for _, r := range p.claims {
		if r.find == nil {
			continue
		}
		mine := running != nil && running.claim.Text == r.claim.Text
		r.find.button.SetText(findButtonText)
		if mine {
			r.find.button.SetText(findCancelText)
		}
		enable(r.find.button, mine || (free && running == nil))
	}
}

// syncKept shows each kept answer while params (but the entities) are those it was
// found with, and hides it otherwise.
func (p *lessonPanel) syncKept(params workload.Params) {
	for _, r := range p.claims {
		if r.find == nil {
			continue
		}
		if k, ok := p.found[r.claim.Text]; ok {
			if sameBut(k.params, params, "entities") {
				setShown(r.find.found, k.text)
			} else {
				setShown(r.find.found, "")
			}
		}
	}
}

var _ findView = (*lessonPanel)(nil)
