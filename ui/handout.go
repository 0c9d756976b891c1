//go:build !nogui

package ui

import (
	"errors"
	"fmt"
	"io"
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

// handout asks for the prediction and a format, then for a file, and writes the
// handout of j's result there.
func (f *resultFiles) handout(j job) {
	if _, err := f.handoutPage(j, ""); err != nil {
		f.status.fail("No handout", err)
		return
	}
	pred := widget.NewMultiLineEntry()
	pred.Wrapping = fyne.TextWrapWord
	pred.SetMinRowsVisible(4)
	pred.SetPlaceHolder("Leave empty: the page then has a box to write the prediction in by hand")
	pred.SetText(j.(handouter).predictions())
	formats := handoutFormats()
	names := make([]string, len(formats))
	for i, ff := range formats {
		names[i] = ff.Name + ": " + ff.Doc
	}
	format := widget.NewRadioGroup(names, nil)
	format.Required = true
	format.SetSelected(names[0])
	items := []*widget.FormItem{
		widget.NewFormItem("Your prediction", pred),
		widget.NewFormItem("Format", format),
	}
	items[0].HintText = fmt.Sprintf("before the run, in a few sentences (at most %d characters)", handout.MaxPrediction)
	dlg := dialog.NewForm("Export a handout of the "+tabOf(f.tabs, j).words.noun, "Choose a file…", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		ff := formats[max(0, indexOf(names, format.Selected))]
		pg, err := f.handoutPage(j, pred.Text)
		if err != nil {
			f.status.fail("No handout", err)
			return
		}
		f.dialogs.save("Export the handout as "+ff.Name, pg.Lesson+"-handout"+ff.Ext, ff.Ext, func(path string) {
			f.writeHandout(pg, withExt(path, ff.Ext), ff)
		})
	}, f.win)
	dlg.Resize(fyne.NewSize(720, 420))
	dlg.Show()
	// Typing goes to the prediction, not to the window, whose Space would start a run.
	f.win.Canvas().Focus(pred)
}

// handoutPage is the page of j's result with prediction, or why there is none.
func (f *resultFiles) handoutPage(j job, prediction string) (*handout.Page, error) {
	if n := utf8.RuneCountInString(prediction); n > handout.MaxPrediction {
		return nil, fmt.Errorf("the prediction has %d characters: at most %d fit the page", n, handout.MaxPrediction)
	}
	h, ok := j.(handouter)
	if !ok {
		return nil, fmt.Errorf("the %s tab has no handout", tabOf(f.tabs, j).words.noun)
	}
	return h.handoutPage(prediction)
}

// lessonOf is the lesson a result of that title came from: a built-in one, or the
// preset file the setup was loaded from.
func lessonOf(title, workloadName string, setup presets.Preset) (presets.Preset, error) {
	if b, ok := presets.BuiltinTitled(title, workloadName); ok {
		return b, nil
	}
	if title != "" && setup.Title == title && setup.Workload == workloadName {
		return setup, nil
	}
	return presets.Preset{}, errors.New("a handout is of a lesson, and this result is of none: choose a lesson in the picker and run it")
}

// writeHandout lays the page out and writes it to path, off the Fyne goroutine (a
// PDF waits for the browser), and says how it went.
func (f *resultFiles) writeHandout(pg *handout.Page, path string, ff fileFormat) {
	f.status.say("Writing the handout…", false)
	f.prints.Add(1)
	go func() {
		defer f.prints.Done()
		l, err := pg.Fit()
		if err == nil {
			pdf := func(out io.Writer) error { return l.WritePDF(f.printing, out) }
			write := map[string]func(io.Writer) error{"HTML": l.WriteHTML, "PNG": l.WritePNG, "PDF": pdf}[ff.Name]
			err = atomicfile.Write(path, write)
		}
		fyne.Do(func() {
			if err != nil {
				f.status.fail("Handout failed", err)
				return
			}
			f.status.say("Exported the handout of "+pg.Lesson+" as "+ff.Name+" to "+path+".", false)
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
