//go:build !nogui

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// The panels of text (the lesson, the sweep's claims, the setup's parameters) scroll
// vertically, a few lines per notch of the wheel: Fyne moves a scroll 25 units a
// notch, about one line of text, so that reading a lesson took a dozen notches a
// paragraph. Their entries hold a few characters and have no scroll of their own
// (Scroll None): a scroll inside the panel's would take the wheel's events whenever
// the pointer rests on an entry and stop the panel there.

// wheelLines is how many notches of Fyne's own a notch of the panel's wheel moves.
const wheelLines = 3

// wheelScroll is a vertical scroll whose wheel moves wheelLines times Fyne's step.
type wheelScroll struct{ container.Scroll }

func newWheelScroll(content fyne.CanvasObject) *wheelScroll {
	s := &wheelScroll{}
	s.Direction = container.ScrollVerticalOnly
	s.Content = content
	s.ExtendBaseWidget(s)
	return s
}

func (s *wheelScroll) Scrolled(ev *fyne.ScrollEvent) {
	e := *ev
	e.Scrolled.DY *= wheelLines
	s.Scroll.Scrolled(&e)
}

// panelEntry is an entry for a few characters inside a panel that scrolls.
func panelEntry() *widget.Entry {
	e := widget.NewEntry()
	e.Wrapping, e.Scroll = fyne.TextWrapOff, container.ScrollNone // Fyne keeps its scroll unless both say none
	return e
}
