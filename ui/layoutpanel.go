//go:build !nogui

package ui

import (
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"localitylab/memlayout"
)

// layoutEvery is how often the worker of the backing the Layout tab shows is asked
// for its layout while it is shown: a few times a second, as the preview. A layout
// takes from a tenth of a millisecond (soa) to a few milliseconds (a million
// pointers walked), between frames.
const layoutEvery = 400 * time.Millisecond

// layoutPanel is the Layout tab: a selector of the run's backings over the view of
// the chosen one's layout.
type layoutPanel struct {
	root     *fyne.Container
	pick     *widget.Select
	view     *LayoutView
	backings []string
	quiet    bool // the selector is being set, not chosen
	onChoose func(i int)
}

const layoutEmpty = "No layout yet: run, and the chosen backing's layout appears here, a few times a second."

func newLayoutPanel(onChoose func(i int)) *layoutPanel {
	p := &layoutPanel{view: NewLayoutView(layoutEmpty), onChoose: onChoose}
	p.pick = widget.NewSelect(nil, func(name string) {
		if !p.quiet {
			p.onChoose(p.chosen())
		}
	})
	bar := container.NewHBox(widget.NewLabel("Inside"), p.pick)
	// No scroll: the view draws its facts and views into whatever room the tab has
	// (raster.DrawLayout fits them), so its axes and notes are never under a
	// scroll bar.
	p.root = container.NewBorder(bar, nil, nil, nil, p.view)
	return p
}

// reset offers backings, keeping the one chosen when it is among them and else
// choosing the first, and clears the view.
func (p *layoutPanel) reset(backings []string, empty string) {
	keep := p.pick.Selected
	p.backings = slices.Clone(backings)
	p.quiet = true
	p.pick.SetOptions(p.backings)
	switch {
	case slices.Contains(p.backings, keep):
		p.pick.SetSelected(keep)
	case len(p.backings) > 0:
		p.pick.SetSelected(p.backings[0])
	default:
		p.pick.ClearSelected()
	}
	p.quiet = false
	p.view.Clear(empty)
}

// choose selects the named backing, as a person would; it reports whether it is
// offered.
func (p *layoutPanel) choose(name string) bool {
	if !slices.Contains(p.backings, name) {
		return false
	}
	p.pick.SetSelected(name)
	return true
}

// chosen is the index of the chosen backing, -1 when none is.
func (p *layoutPanel) chosen() int { return slices.Index(p.backings, p.pick.Selected) }

// show puts l in the view if it is the chosen backing's.
func (p *layoutPanel) show(l *memlayout.Layout) {
	if i := p.chosen(); i >= 0 && l.Backing == p.backings[i] {
		p.view.SetLayout(l)
	}
}
