package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/internal/units"
	"localitylab/lab"
)

// statusBar is the line under everything: what the app is doing, or what went
// wrong. Some messages are longer than a line (a worker's error with its last
// stderr lines, why the hardware counters read n/a); the line then shows their
// start, cut with an ellipsis, and a Details button that shows them whole.
type statusBar struct {
	box     *fyne.Container
	label   *widget.Label
	details *widget.Button
}

func newStatusBar(win fyne.Window) *statusBar {
	b := &statusBar{label: widget.NewLabel("Ready.")}
	b.label.Truncation = fyne.TextTruncateEllipsis
	b.details = widget.NewButtonWithIcon("Details", theme.InfoIcon(), func() { b.showDetails(win) })
	b.details.Importance = widget.LowImportance
	b.box = container.New(&statusLayout{b}, b.label, b.details)
	return b
}

// showDetails shows the whole message in a dialog, where it wraps and can be
// selected and copied into a bug report.
func (b *statusBar) showDetails(win fyne.Window) {
	text := widget.NewLabel(b.label.Text)
	text.Wrapping, text.Selectable, text.Importance = fyne.TextWrapWord, true, b.label.Importance
	scroll := container.NewVScroll(text)
	scroll.SetMinSize(fyne.NewSize(640, 240))
	dialog.ShowCustom("Status", "Close", scroll, win)
}

// statusLayout gives the label the whole line when its text fits, and otherwise
// makes room at the right for the Details button.
type statusLayout struct{ b *statusBar }

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
	if need <= box.Width {
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

// say puts msg on the status line; an error is shown in the danger colour.
func (w *window) say(msg string, isErr bool) {
	w.status.Importance = widget.MediumImportance
	if isErr {
		w.status.Importance = widget.DangerImportance
	}
	w.status.SetText(msg)
	w.statusBar.box.Refresh() // lay it out again: the Details button follows the text's length
}

// firstLine is an error on one line, for a table row or the status line: a worker
// error's stderr lines follow its reason after a dash.
func firstLine(s string) string {
	s = strings.Replace(s, "; last stderr lines:\n\t", " — ", 1)
	return strings.ReplaceAll(strings.TrimSpace(s), "\n\t", " | ")
}

// progress is the status line while a run is live, naming the fork in a run of
// several.
func progress(st lab.Status) string {
	line := phaseProgress(st)
	if st.Forks > 1 && st.Phase != lab.Starting {
		line = fmt.Sprintf("Fork %d of %d (fresh workers): %s", st.Fork+1, st.Forks, line)
	}
	return line
}

func phaseProgress(st lab.Status) string {
	switch st.Phase {
	case lab.Starting:
		return "Starting the worker processes…"
	case lab.Loading:
		for _, b := range st.Backings {
			if !b.Loaded && b.Err == nil {
				return fmt.Sprintf("Loading %s: %.0f%%…", b.Name, 100*b.Load)
			}
		}
		return "Loading…"
	case lab.Paused:
		return fmt.Sprintf("Paused after frame %s of %s. Space or Run resumes; S or → steps one frame.", units.Count(float64(st.Done)), units.Count(float64(st.Frames)))
	}
	return fmt.Sprintf("Running: frame %s of %s.", units.Count(float64(st.Done)), units.Count(float64(st.Frames)))
}

// counterNote says why the hardware counters read n/a, as a sentence.
func counterNote(note string) string {
	if !strings.HasPrefix(strings.ToLower(note), "hardware counters") {
		note = "hardware counters: " + note
	}
	return strings.ToUpper(note[:1]) + note[1:]
}

// failures lists the failed workers for the status line; the table and the chart
// legends say it too, but the status line is where a person looks first.
func failures(st lab.Status) string {
	msg := ""
	for _, b := range st.Backings {
		if b.Err != nil {
			msg += " " + firstLine(b.Err.Error()) + "."
		}
	}
	return msg
}

// doneMessage is the status line after a run that ran to its end.
func doneMessage(st lab.Status) string {
	return fmt.Sprintf("Done: %s frames per backing.", units.Count(float64(st.Done))) + failures(st)
}
