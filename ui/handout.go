//go:build !nogui

package ui

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"localitylab/handout"
	"localitylab/internal/atomicfile"
	"localitylab/presets"
)

// A handout is the lesson's run or sweep on one printed page (package handout): the
// run's tab and the sweep's each offer it beside Export, and File → Export handout…
// (Ctrl+H) offers the front tab's. The dialog asks for the student's prediction,
// filled with what was typed in the lesson's boxes, and a format; the page states
// the answer the tab shows.

// keyHandout opens the handout dialog of the tab in front.
var keyHandout = &desktop.CustomShortcut{KeyName: fyne.KeyH, Modifier: fyne.KeyModifierShortcutDefault}

// handoutFormats are the formats a handout is written in, PDF only where a browser
// can print it.
func handoutFormats() []fileFormat {
	fs := []fileFormat{{"HTML", "one page, self-contained, prints on A4 or Letter", ".html"},
		{"PNG", "the sheet as a picture, 150 dpi", ".png"}}
	if browser, err := handout.Browser(); err == nil {
		fs = append(fs, fileFormat{"PDF", "printed by " + handout.BrowserName(browser), ".pdf"})
	}
	return fs
}

// handoutDialog asks for the prediction and a format, then for a file, and writes
// the handout of j's result there.
func (w *window) handoutDialog(j job) {
	if _, err := w.handoutPage(j, ""); err != nil {
		w.status.fail("No handout", err)
		return
	}
	pred := widget.NewMultiLineEntry()
	pred.Wrapping = fyne.TextWrapWord
	pred.SetMinRowsVisible(4)
	pred.SetPlaceHolder("Leave empty: the page then has a box to write the prediction in by hand")
	pred.SetText(w.typedPredictions(j))
	formats := handoutFormats()
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.Name + ": " + f.Doc
	}
	format := widget.NewRadioGroup(names, nil)
	format.Required = true
	format.SetSelected(names[0])
	items := []*widget.FormItem{
		widget.NewFormItem("Your prediction", pred),
		widget.NewFormItem("Format", format),
	}
	items[0].HintText = fmt.Sprintf("before the run, in a few sentences (at most %d characters)", handout.MaxPrediction)
	dlg := dialog.NewForm("Export a handout of the "+w.tabOf(j).words.noun, "Choose a file…", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		f := formats[max(0, indexOf(names, format.Selected))]
		pg, err := w.handoutPage(j, pred.Text)
		if err != nil {
			w.status.fail("No handout", err)
			return
		}
		w.files.save("Export the handout as "+f.Name, pg.Lesson+"-handout"+f.Ext, f.Ext, func(path string) {
			w.writeHandout(pg, withExt(path, f.Ext), f)
		})
	}, w.win)
	dlg.Resize(fyne.NewSize(720, 420))
	dlg.Show()
	// Typing goes to the prediction, not to the window, whose Space would start a run.
	w.win.Canvas().Focus(pred)
}

// handoutPage is the page of j's result with prediction, or why there is none.
func (w *window) handoutPage(j job, prediction string) (*handout.Page, error) {
	if n := utf8.RuneCountInString(prediction); n > handout.MaxPrediction {
		return nil, fmt.Errorf("the prediction has %d characters: at most %d fit the page", n, handout.MaxPrediction)
	}
	switch j := j.(type) {
	case *runJob:
		if j.shown == nil || j.invalid != nil || j.measuring {
			return nil, errors.New("a handout needs a finished run: run the lesson first, or open a saved run of it")
		}
		l, err := w.lessonOf(j.shown.Title, j.shown.Workload)
		if err != nil {
			return nil, err
		}
		return handout.FromRun(l, j.shown, prediction)
	case *sweepJob:
		if j.shown == nil || j.sweeping || len(j.shown.Points) == 0 {
			return nil, errors.New("a handout needs a finished sweep: run the lesson's sweep first, or open a saved sweep of it")
		}
		l, err := w.lessonOf(j.shown.Title, j.shown.Workload)
		if err != nil {
			return nil, err
		}
		return handout.FromSweep(l, j.shown, prediction)
	}
	return nil, fmt.Errorf("the %s tab has no handout", w.tabOf(j).words.noun)
}

// lessonOf is the lesson a result of that title came from: a built-in one, or the
// preset file the setup was loaded from.
func (w *window) lessonOf(title, workloadName string) (presets.Preset, error) {
	if b, ok := presets.BuiltinTitled(title, workloadName); ok {
		return b, nil
	}
	if s := w.setup.preset; title != "" && s.Title == title && s.Workload == workloadName {
		return s, nil
	}
	return presets.Preset{}, errors.New("a handout is of a lesson, and this result is of none: choose a lesson in the picker and run it")
}

// typedPredictions are the predictions typed in the lesson's boxes for j's kind, one
// line per claim, to start the handout's prediction from.
func (w *window) typedPredictions(j job) string {
	var lines []string
	switch j.(type) {
	case *runJob:
		for _, c := range w.run.pane.lesson.claims {
			if g := strings.TrimSpace(c.guess.Text); g != "" {
				q, unit := askFor(c.claim)
				q = strings.TrimPrefix(q, "Your prediction: ")
				lines = append(lines, q+" "+withUnit(g, unit))
			}
		}
	case *sweepJob:
		for _, r := range w.sweep.claims.rows {
			if g := strings.TrimSpace(r.guess.Text); g != "" {
				q := strings.TrimPrefix(sweepAsk(r.claim, w.setup.preset.Sweep), "Your prediction: ")
				lines = append(lines, q+" "+g)
			}
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

// writeHandout lays the page out and writes it to path, off the Fyne goroutine (a
// PDF waits for the browser), and says how it went.
func (w *window) writeHandout(pg *handout.Page, path string, f fileFormat) {
	w.status.say("Writing the handout…", false)
	w.prints.Add(1)
	go func() {
		defer w.prints.Done()
		l, err := pg.Fit()
		if err == nil {
			pdf := func(out io.Writer) error { return l.WritePDF(w.printing, out) }
			write := map[string]func(io.Writer) error{"HTML": l.WriteHTML, "PNG": l.WritePNG, "PDF": pdf}[f.Name]
			err = atomicfile.Write(path, write)
		}
		fyne.Do(func() {
			if err != nil {
				w.status.fail("Handout failed", err)
				return
			}
			w.status.say("Exported the handout of "+pg.Lesson+" as "+f.Name+" to "+path+".", false)
		})
	}()
}

// indexOf is the index of s in list, -1 when absent.
func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
