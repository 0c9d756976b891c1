//go:build !nogui

package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// statusLine is the line under everything: what the app is doing, or what went
// wrong. Some messages are longer than a line (a worker's error with its last
// stderr lines, why the hardware counters read n/a); the line then shows their
// start, cut with an ellipsis, and a Details button that shows them whole.
type statusLine struct {
	win     fyne.Window
	box     *fyne.Container
	label   *widget.Label
	details *widget.Button
	more    string // what Details adds to the line's message, if anything
}

func newStatusLine(win fyne.Window) *statusLine {
	b := &statusLine{win: win, label: widget.NewLabel("Ready.")}
	b.label.Truncation = fyne.TextTruncateEllipsis
	b.details = widget.NewButtonWithIcon("Details", theme.InfoIcon(), b.showDetails)
	b.details.Importance = widget.LowImportance
	b.box = container.New(&statusLayout{b}, b.label, b.details)
	return b
}

// say puts msg on the line; an error is shown in the danger colour.
func (b *statusLine) say(msg string, isErr bool) { b.sayMore(msg, "", isErr) }

// sayMore puts msg on the line with a Details button that shows more after it. The
// line holds one line of text: whatever msg has after its first line (a tool's
// output, a worker's last words) goes under Details, before more, so that a long
// error never pushes the charts and the table up.
func (b *statusLine) sayMore(msg, more string, isErr bool) {
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg, more = strings.TrimSpace(msg[:i]), strings.TrimSpace(msg[i+1:]+"\n\n"+more)
	}
	b.more = more
	b.label.Importance = widget.MediumImportance
	if isErr {
		b.label.Importance = widget.DangerImportance
	}
	b.label.SetText(msg)
	b.box.Refresh() // lay it out again: the Details button follows the text's length
}

// fail shows err in a dialog titled what, and on the line.
func (b *statusLine) fail(what string, err error) {
	b.say(failText(what, err), true)
	dialog.ShowError(fmt.Errorf("%s: %w", what, err), b.win)
}

// failText is what the line says of err, an error titled what.
func failText(what string, err error) string { return what + ": " + firstLine(err.Error()) }

// text is what the line says; showsError whether it is an error.
func (b *statusLine) text() string     { return b.label.Text }
func (b *statusLine) showsError() bool { return b.label.Importance == widget.DangerImportance }

// showDetails shows the whole message in a dialog, where it wraps and can be
// selected and copied into a bug report.
func (b *statusLine) showDetails() {
	text := widget.NewLabel(strings.TrimSpace(b.label.Text + "\n\n" + b.more))
	text.Wrapping, text.Selectable, text.Importance = fyne.TextWrapWord, true, b.label.Importance
	scroll := container.NewVScroll(text)
	scroll.SetMinSize(fyne.NewSize(640, 240))
	dialog.ShowCustom("Status", "Close", scroll, b.win)
}

// statusLayout gives the label the whole line when its text fits, and otherwise
// makes room at the right for the Details button.
type statusLayout struct{ b *statusLine }

func (l *statusLayout) Layout(_ []fyne.CanvasObject, box fyne.Size) {
	label, details := l.b.label, l.b.details
	th := label.Theme()
	pad := th.Size(theme.SizeNameInnerPadding)
	size := th.Size(theme.SizeNameText) // a label's text size unless its SizeName says otherwise
	if label.SizeName != "" {
		size = th.Size(label.SizeName)
	}
	need := fyne.MeasureText(label.Text, size, label.TextStyle).Width + 2*pad
	label.Move(fyne.NewPos(0, 0))
	if need <= box.Width && l.b.more == "" {
		details.Hide()
		label.Resize(box)
		return
	}
	details.Show()
	bs := details.MinSize()
	label.Resize(fyne.NewSize(box.Width-bs.Width, box.Height))
	details.Move(fyne.NewPos(box.Width-bs.Width, (box.Height-bs.Height)/2))
	details.Resize(bs)
}

func (l *statusLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	lm, bm := l.b.label.MinSize(), l.b.details.MinSize()
	return fyne.NewSize(lm.Width+bm.Width, max(lm.Height, bm.Height))
}

var _ fyne.Layout = (*statusLayout)(nil)

// firstLine is an error on one line, for a table row or the status line: a worker
// error's stderr lines follow its reason after a dash.
func firstLine(s string) string {
	s = strings.Replace(s, "; last stderr lines:\n\t", " — ", 1)
	return strings.ReplaceAll(strings.TrimSpace(s), "\n\t", " | ")
}
