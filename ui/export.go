//go:build !nogui

package ui

import (
	"errors"
	"io"
	"path/filepath"
	"strings"

	"localitylab/internal/atomicfile"
)

// Export, Save and Open, once for every kind of job: the job says what it has to
// write (job.output) and reads back what it wrote (job.open); the dialogs, the
// formats offered, the write through a temporary file and what the status line
// says are the same for all.

// exportDialog asks for one of j's formats, then for a file.
func (w *window) exportDialog(j job) {
	t := w.tabOf(j)
	if _, err := j.output(); err != nil {
		w.status.fail("Nothing to export", err)
		return
	}
	var names []string
	for _, f := range t.formats {
		names = append(names, f.Name+": "+f.Doc)
	}
	w.files.chooseFormat("Export the "+t.words.noun, names, func(i int) { w.exportFileDialog(j, t.formats[i], "") })
}

// exportFileDialog asks where to write j's result in format f, then writes it; the
// dialog's title is title, else the kind's "Export as" and the format.
func (w *window) exportFileDialog(j job, f fileFormat, title string) {
	out, err := j.output()
	if err != nil {
		w.status.fail("Nothing to export", err)
		return
	}
	if title == "" {
		title = w.tabOf(j).words.exportAs + f.Name
	}
	w.files.save(title, out.stem+f.Ext, f.Ext, func(path string) {
		w.exportTo(j, withExt(path, f.Ext), f)
	})
}

// exportTo writes j's result as it is now to path in format f, through a temporary
// file so that a failed export leaves no half-written file, and says so.
func (w *window) exportTo(j job, path string, f fileFormat) {
	out, err := j.output()
	if err == nil {
		err = atomicfile.Write(path, func(wr io.Writer) error { return out.write(wr, f) })
	}
	if err != nil {
		w.status.fail("Export failed", err)
		return
	}
	w.status.say(w.tabOf(j).words.exported+f.Name+" to "+path+".", false)
}

// saveDialog saves j's result as JSON, the file Open and `localitylab report` read
// back.
func (w *window) saveDialog(j job) {
	if j == job(w.class) {
		w.status.fail("Nothing to save", errors.New("a class is kept in its machines' own files; export it as PNG or HTML (Export…)"))
		return
	}
	w.exportFileDialog(j, w.tabOf(j).format("JSON"), "Save the "+w.tabOf(j).words.noun)
}

// openDialog asks for a saved result and opens it.
func (w *window) openDialog(j job) {
	if j == job(w.class) {
		w.files.open("Add a machine's saved run or sweep", w.class.add)
		return
	}
	w.files.open("Open a saved "+w.tabOf(j).words.noun, w.open)
}

// open hands the file at path to the kind whose file it is, whichever dialog chose
// it: a sweep file opened as a run opens in the Sweep tab.
func (w *window) open(path string) {
	for _, t := range w.tabs {
		if t.opens != nil && t.opens(path) {
			t.job.open(path)
			return
		}
	}
	for _, t := range w.tabs {
		if t.opens == nil {
			t.job.open(path)
			return
		}
	}
}

// withExt adds ext to path unless it already ends in it, so that a name typed
// without one still opens in the right program.
func withExt(path, ext string) string {
	if strings.EqualFold(filepath.Ext(path), ext) {
		return path
	}
	return path + ext
}
