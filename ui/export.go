//go:build !nogui

package ui

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"

	"localitylab/internal/atomicfile"
)

// resultFiles are Export, Save, Open and the handout (handout.go), once for every
// kind of job: the job says what it has to write (job.output) and reads back what
// it wrote (job.open); the dialogs, the formats offered, the write through a
// temporary file and what the status line says are the same for all.
type resultFiles struct {
	win     fyne.Window
	dialogs fileDialogs
	status  *statusLine
	tabs    []*jobTab // the window's, once its jobs are made

	// printing is cancelled as the window closes, which stops a browser printing a
	// handout (handout.WritePDF) with everything it started; prints counts those
	// running, which the closing waits for.
	printing context.Context
	cancel   context.CancelFunc
	prints   sync.WaitGroup
}

func newResultFiles(win fyne.Window, d fileDialogs, status *statusLine) *resultFiles {
	f := &resultFiles{win: win, dialogs: d, status: status}
	f.printing, f.cancel = context.WithCancel(context.Background())
	return f
}

// export asks for one of j's formats, then for a file.
func (f *resultFiles) export(j job) {
	t := tabOf(f.tabs, j)
	if _, err := j.output(); err != nil {
		f.status.fail("Nothing to export", err)
		return
	}
	var names []string
	for _, ff := range t.formats {
		names = append(names, ff.Name+": "+ff.Doc)
	}
	f.dialogs.chooseFormat("Export the "+t.words.noun, names, func(i int) { f.exportAs(j, t.formats[i], "") })
}

// exportAs asks where to write j's result in format ff, then writes it; the
// dialog's title is title, else the kind's "Export as" and the format.
func (f *resultFiles) exportAs(j job, ff fileFormat, title string) {
	out, err := j.output()
	if err != nil {
		f.status.fail("Nothing to export", err)
		return
	}
	if title == "" {
		title = tabOf(f.tabs, j).words.exportAs + ff.Name
	}
	f.dialogs.save(title, out.stem+ff.Ext, ff.Ext, func(path string) {
		f.exportTo(j, withExt(path, ff.Ext), ff)
	})
}

// exportTo writes j's result as it is now to path in format ff, through a temporary
// file so that a failed export leaves no half-written file, and says so.
func (f *resultFiles) exportTo(j job, path string, ff fileFormat) {
	out, err := j.output()
	if err == nil {
		err = atomicfile.Write(path, func(wr io.Writer) error { return out.write(wr, ff) })
	}
	if err != nil {
		f.status.fail("Export failed", err)
		return
	}
	f.status.say(tabOf(f.tabs, j).words.exported+ff.Name+" to "+path+".", false)
}

// save saves j's result as JSON, the file Open and `localitylab report` read back.
func (f *resultFiles) save(j job) {
	t := tabOf(f.tabs, j)
	if !t.hasFormat("JSON") {
		f.status.fail("Nothing to save", errors.New(t.words.noSave))
		return
	}
	f.exportAs(j, t.format("JSON"), "Save the "+t.words.noun)
}

// openDialog asks for a saved result and opens it: in the tab of its kind, or in
// j's when j adds files whatever they hold.
func (f *resultFiles) openDialog(j job) {
	t := tabOf(f.tabs, j)
	if t.addsFiles {
		f.dialogs.open(t.words.open, j.open)
		return
	}
	f.dialogs.open(t.words.open, f.open)
}

// openFile asks for a JSON file and hands its path to done.
func (f *resultFiles) openFile(title string, done func(path string)) { f.dialogs.open(title, done) }

// open hands the file at path to the kind whose file it is, whichever dialog chose
// it: a sweep file opened as a run opens in the Sweep tab.
func (f *resultFiles) open(path string) {
	for _, t := range f.tabs {
		if t.opens != nil && t.opens(path) {
			t.job.open(path)
			return
		}
	}
	for _, t := range f.tabs {
		if t.opens == nil {
			t.job.open(path)
			return
		}
	}
}

// stopPrints stops the handouts being printed, and waits a while for them to
// return: a stopped print returns at once, its browser killed.
func (f *resultFiles) stopPrints() {
	f.cancel()
	printed := make(chan struct{})
	go func() {
		f.prints.Wait()
		close(printed)
	}()
	select {
	case <-printed:
	case <-time.After(5 * time.Second):
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
