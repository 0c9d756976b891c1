//go:build !nogui

package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/charts/classview"
	"localitylab/charts/page"
	"localitylab/charts/raster"
	"localitylab/lab"
	"localitylab/launch"
	"localitylab/presets/class"
)

// classJob is the Class tab: a class's machines side by side, one saved run or sweep
// of one lesson from each student's laptop (package class), as `localitylab compare
// A.json B.json C.json` prints them. It measures nothing: files are added one at a
// time or a folder at once, and each addition is checked against the others (the
// same lesson, workload, backings and parameters), so that a file that does not
// belong is refused by name and the class shown stays as it was.
//
// Files are read off the Fyne goroutine, one after another, with what is being read
// and how far shown under the buttons, and Esc (or Cancel) stops the reading: a class
// of thirty long runs takes seconds to read, and the window answers meanwhile. Each
// file's frames are let go of once the class keeps what it shows of it
// (class.Builder), and an addition is never read twice.
type classJob struct {
	kit                          // the window as the tab sees it (host.go)
	jobDefaults                  // it measures nothing, and follows neither the setup nor the keys
	paths       []string         // the files, in the order added
	read        *class.Builder   // what the class keeps of them
	c           *classview.Class // what the tab draws; nil until three files make a class
	reading     *classRead       // the files being read, nil when none is
	heading     *widget.Label
	hint        *widget.Label // what the class still needs, or the class's summary
	details     *widget.Button
	view        *classRasters // the chart and the table (classpane.go)
	claims      *widget.Label // the details: parameters, facts, and each claim's answer per machine
	root        fyne.CanvasObject
	// progress shows the reading: which file of how many, and a bar.
	progress    *fyne.Container
	progressBar *progressBar
	progressMsg *widget.Label
}

// classRead is an addition of files being read.
type classRead struct {
	paths  []string
	cancel context.CancelFunc
	done   chan struct{} // closed when the reading has returned
}

var classFormats = []fileFormat{
	{Name: "PNG", Doc: "the table, the chart and each machine's verdict on one 1920×1080 picture", Ext: ".png"},
	{Name: "HTML", Doc: "a page: the table, each machine's answer and the chart to hover", Ext: ".html"},
}

var classWords = jobWords{noun: "class", exportAs: "Export the class as ", exported: "Exported the class as ",
	whenBusy: "wait for it to end", open: "Add a machine's saved run or sweep",
	noSave: "a class is kept in its machines' own files; export it as PNG or HTML (Export…)"}

func newClassJob(k kit) *classJob {
	j := &classJob{kit: k}
	f := k.files
	j.heading = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	j.heading.Wrapping = fyne.TextWrapWord
	j.hint = widget.NewLabel("")
	j.hint.Wrapping = fyne.TextWrapWord
	add := widget.NewButtonWithIcon("Add a machine's file…", theme.ContentAddIcon(), func() { f.openDialog(j) })
	folder := widget.NewButtonWithIcon("Add a folder…", theme.FolderOpenIcon(), j.addFolderDialog)
	clear := widget.NewButtonWithIcon("Clear", theme.ContentClearIcon(), j.clear)
	export := widget.NewButtonWithIcon("Export…", theme.DocumentSaveIcon(), func() { f.export(j) })
	j.details = widget.NewButtonWithIcon("Details…", theme.InfoIcon(), j.showDetails)
	j.claims = widget.NewLabel("")
	j.claims.Wrapping = fyne.TextWrapWord
	j.claims.Selectable = true
	buttons := container.NewHBox(add, folder, clear, widget.NewSeparator(), export)
	j.progressBar, j.progressMsg = newProgressBar(), widget.NewLabel("")
	stop := widget.NewButtonWithIcon("Stop reading (Esc)", theme.CancelIcon(), j.cancel)
	j.progress = container.NewBorder(nil, nil, nil, stop, container.NewVBox(j.progressMsg, j.progressBar))
	j.progress.Hide()
	j.view = newClassRasters(j)
	// The class's answer is what a projector shows first: the heading, one paragraph
	// on what differs, then the chart and the table in the rest of the height. Each
	// machine's answer in full is behind Details, where a wall of text hides nothing.
	// Details sits beside the paragraph it completes, which leaves the row of buttons
	// narrow enough for a laptop's screen with large text.
	summary := container.NewBorder(nil, nil, nil, container.NewVBox(j.details), j.hint)
	top := container.NewVBox(buttons, j.progress, j.heading, summary, widget.NewSeparator())
	j.root = container.NewBorder(top, nil, nil, nil, j.view.box)
	j.show()
	return j
}

func (j *classJob) places() places { return places{tab: j.root, menu: j.menu()} }
func (j *classJob) toggle()        { j.cancel() }

// fromFlags shows the class -compare A B C… names, as the command line read it or
// reading it now, and brings the tab to the front.
func (j *classJob) fromFlags(o launch.Options) bool {
	switch {
	case len(o.Class) == 0:
		return false
	case o.ClassRead != nil:
		j.addRead(o.Class, o.ClassRead)
	default:
		j.addAll(o.Class)
	}
	return true
}

// final stops the reading: a class saves nothing for -quit-after.
func (j *classJob) final() func() outcome { return finalAfter(j.stop()) }

// cancel stops the reading of files, if any: the class stays as it was.
func (j *classJob) cancel() {
	if j.reading != nil {
		j.reading.cancel()
	}
}

// stop stops the reading; the channel closes once it has returned (nil: none).
func (j *classJob) stop() <-chan struct{} {
	if j.reading == nil {
		return nil
	}
	j.reading.cancel()
	return j.reading.done
}

// open adds the file at path (the window's Open hands it a file no other tab
// claims only when this tab is in front; see openDialog).
func (j *classJob) open(path string) { j.add(path) }

// menu is the class's actions, which also bring its tab to the front.
func (j *classJob) menu() *fyne.Menu {
	f := j.files
	front := func(fn func()) func() {
		return func() {
			j.host.bringFront(j)
			fn()
		}
	}
	return fyne.NewMenu("Class",
		fyne.NewMenuItem("Show the class", front(func() {})),
		fyne.NewMenuItem("Add a machine's file…", front(func() { f.openDialog(j) })),
		fyne.NewMenuItem("Add a folder…", front(j.addFolderDialog)),
		fyne.NewMenuItem("Clear the class", front(j.clear)),
		fyne.NewMenuItem("Export the class…", front(func() { f.export(j) })),
	)
}

// add adds one machine's file, if it belongs with the others.
func (j *classJob) add(path string) { j.addAll([]string{path}) }

// addAll adds files: all of them, or, when one cannot be read or does not belong
// with the others, none, with the file named. It reads them off the Fyne goroutine
// and shows them when they are read.
func (j *classJob) addAll(paths []string) {
	if j.reading != nil {
		j.host.say(fmt.Sprintf("The class is still reading %d files: wait for it, or stop it (Esc).", len(j.reading.paths)), true)
		return
	}
	next := class.NewBuilder(nil)
	if j.read != nil {
		next = j.read.Clone()
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &classRead{paths: slices.Clone(paths), cancel: cancel, done: make(chan struct{})}
	j.reading = r
	j.showProgress(r, 0)
	have, e := slices.Clone(j.paths), *j.env
	go func() {
		defer close(r.done)
		defer cancel()
		err := next.AddFiles(ctx, lab.LoadSaved, have, r.paths, func(done int) {
			e.doOnMain(func() { j.showProgress(r, done) })
		})
		var c *classview.Class
		if err == nil && next.Len() >= class.MinFiles {
			var cl *class.Class
			if cl, err = next.Class(); err == nil {
				c = cl.Chart()
			}
		}
		e.doOnMain(func() { j.readEnded(r, next, c, err) })
	}()
}

// addRead shows the class the command line read (launch.Options.ClassRead) of paths.
func (j *classJob) addRead(paths []string, read *class.Builder) {
	c, err := read.Class()
	if err != nil {
		j.host.fail("Cannot show the class", err)
		return
	}
	j.paths, j.read, j.c = slices.Clone(paths), read, c.Chart()
	j.show()
}

// showProgress shows how far reading r has come: done of its files read.
func (j *classJob) showProgress(r *classRead, done int) {
	if j.reading != r {
		return
	}
	msg := fmt.Sprintf("Read %d of %d files.", done, len(r.paths))
	if done < len(r.paths) {
		msg = fmt.Sprintf("Reading %s, %d of %d files…", filepath.Base(r.paths[done]), done+1, len(r.paths))
	}
	j.progressMsg.SetText(msg)
	j.progressBar.SetValue(float64(done) / float64(len(r.paths)))
	j.progress.Show()
	j.host.say(msg+" Esc stops.", false)
}

// readEnded shows what reading r added, if it is still the job's (Clear drops it):
// every file it read, or, when one could not be read or does not belong, none.
func (j *classJob) readEnded(r *classRead, next *class.Builder, c *classview.Class, err error) {
	if j.reading != r {
		return
	}
	j.reading = nil
	j.progress.Hide()
	switch {
	case errors.Is(err, context.Canceled):
		j.host.say("Stopped reading the files: the class stays as it was.", false)
		return
	case err != nil:
		j.host.fail("Cannot add that file", err)
		return
	}
	j.paths, j.read = append(j.paths, r.paths...), next
	if c != nil {
		j.c = c
	}
	j.show()
	j.host.say(fmt.Sprintf("The class has %d machines' files.", len(j.paths)), false)
}

// addFolderDialog asks for a folder and adds every JSON file in it: a teacher
// collects the class's files in one.
func (j *classJob) addFolderDialog() {
	dlg := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		switch {
		case err != nil:
			j.host.fail("Add a folder", err)
		case u != nil:
			j.addFolder(u.Path())
		}
	}, j.win)
	s := j.win.Canvas().Size()
	dlg.Resize(fyne.NewSize(max(600, s.Width*0.7), max(400, s.Height*0.75)))
	dlg.Show()
}

// addFolder adds the folder's JSON files, in name order.
func (j *classJob) addFolder(dir string) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err == nil && len(names) == 0 {
		err = fmt.Errorf("%s holds no .json file", dir)
	}
	if err != nil {
		j.host.fail("Cannot add that folder", err)
		return
	}
	j.addAll(names)
}

// clear empties the class, and stops the reading of files if any.
func (j *classJob) clear() {
	j.cancel()
	j.reading = nil
	j.progress.Hide()
	j.paths, j.read, j.c = nil, nil, nil
	j.show()
	j.host.say("The class is cleared.", false)
}

// show puts the class, or what it still needs, on the tab.
func (j *classJob) show() {
	if j.c == nil {
		j.heading.SetText("A class's machines side by side")
		names := make([]string, len(j.paths))
		for i, p := range j.paths {
			names[i] = filepath.Base(p)
		}
		have := "No file yet."
		if len(names) > 0 {
			have = "So far: " + strings.Join(names, ", ") + "."
		}
		j.hint.SetText(fmt.Sprintf("Add one saved run (localitylab bench -preset LESSON -json me.json, or Save run…) or one saved sweep "+
			"of the same lesson from each student's machine, %d or more, or a folder that holds them. %s", class.MinFiles, have))
		j.claims.SetText("")
		j.details.Disable()
		j.view.refresh()
		return
	}
	j.heading.SetText(j.c.Heading)
	j.hint.SetText(classSummary(j.c))
	j.claims.SetText(classDetails(j.c))
	j.details.Enable()
	j.view.refresh()
}

// classSummary is the one paragraph under the class's heading: what differs between
// the machines (their facts, their answers to each claim, how they rank the backings),
// short enough to leave the chart and the table the window.
func classSummary(c *classview.Class) string {
	var parts []string
	switch {
	case len(c.Differ) > 0:
		parts = append(parts, "The machines differ in "+charts.JoinAnd(c.Differ)+".")
	case c.OneHost != "":
		parts = append(parts, c.OneHost)
	}
	for k, cl := range c.Claims {
		parts = append(parts, fmt.Sprintf("Claim %d: %s", k+1, cl.Agreement))
	}
	if len(c.Claims) == 0 {
		parts = append(parts, "No claim to answer.")
	}
	// Each machine's own ranking, when they differ, is a line per machine: Details
	// holds it.
	switch {
	case c.Order == "":
	case len(c.Order) <= maxSummaryOrder:
		parts = append(parts, c.Order)
	default:
		parts = append(parts, "How each machine ranks the backings is under Details.")
	}
	return strings.Join(parts, " ")
}

// maxSummaryOrder is the longest ranking the summary quotes, in bytes: one order of
// six backings.
const maxSummaryOrder = 160

// classDetails is what the summary leaves out: the parameters, the machines' ranking
// (the summary quotes a short one only), each machine's facts and each claim's answer
// on each machine in full.
func classDetails(c *classview.Class) string {
	lines := []string{"parameters: " + c.Params}
	if c.Order != "" {
		lines = append(lines, c.Order)
	}
	lines = append(lines, "", "Each machine's facts:")
	for i, m := range c.Machines {
		for _, row := range c.Table.Rows {
			if row.Group == classview.GroupMachine && i < len(row.Cells) {
				lines = append(lines, fmt.Sprintf("  %s %s: %s: %s", charts.ClassLetter(i), m, row.Name, row.Cells[i]))
			}
		}
	}
	return strings.Join(lines, "\n") + "\n\n" + claimsText(c)
}

// showDetails shows the class's details in a dialog, where they wrap, scroll and can
// be selected and copied.
func (j *classJob) showDetails() {
	if j.c == nil {
		return
	}
	scroll := container.NewVScroll(j.claims)
	s := j.win.Canvas().Size()
	scroll.SetMinSize(fyne.NewSize(s.Width*0.7, s.Height*0.6))
	dialog.ShowCustom(j.c.Heading, "Close", scroll, j.win)
}

// claimsText is each claim, where the machines agree, and its answer on each
// machine, as the command line prints them.
func claimsText(c *classview.Class) string {
	var b strings.Builder
	if len(c.Claims) == 0 {
		b.WriteString("No claim to answer: the files name no built-in lesson with claims a " + c.Kind + " answers.\n")
	}
	for k, cl := range c.Claims {
		fmt.Fprintf(&b, "Claim %d (%s): %s\n%s\n", k+1, cl.Source, cl.Text, cl.Agreement)
		for i, a := range cl.Answers {
			fmt.Fprintf(&b, "  %s %s: %s\n", charts.ClassLetter(i), c.Machines[i], a.Full)
		}
		b.WriteString("\n")
	}
	b.WriteString(c.FiguresNote)
	return b.String()
}

// output is the class as Export writes it.
func (j *classJob) output() (output, error) {
	c := j.c
	if c == nil {
		return output{}, errors.New("a class needs a saved run or sweep from each of three machines or more: add them first")
	}
	return output{stem: strings.TrimSuffix(c.Machines[0], filepath.Ext(c.Machines[0])) + "-class",
		write: func(w io.Writer, f fileFormat) error {
			switch f.Name {
			case "PNG":
				return raster.WriteClassPNG(w, c, charts.Options{})
			case "HTML":
				return page.WriteClassHTML(w, c, charts.Options{})
			}
			return fmt.Errorf("a class is not written as %s", f.Name)
		}}, nil
}
