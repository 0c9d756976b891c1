package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"localitylab/handout"
	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/sweep"
	"localitylab/launch"
	"localitylab/presets"
)

// handoutOpts are the handout command's flags.
type handoutOpts struct {
	preset, run, sweep, prediction string
	html, png, pdf, json           string

	lesson presets.Preset
	failed launch.WorkersFailed // the workers that failed in the run or sweep measured here
}

func handoutFlags(w io.Writer) (*flag.FlagSet, *handoutOpts) {
	fs, o := newFlags[handoutOpts]("handout", w)
	fs.StringVar(&o.preset, "preset", "", "the lesson: a built-in preset `NAME` (see localitylab presets) or a preset FILE (required)")
	fs.StringVar(&o.run, "run", "", "a saved run of the lesson (`FILE`.json, from bench -json or the app's Save); without -run or -sweep the lesson is run first")
	fs.StringVar(&o.sweep, "sweep", "", "a saved sweep of a sweep lesson (`FILE`.json, from sweep -json or the app's Save sweep)")
	fs.StringVar(&o.prediction, "prediction", "", fmt.Sprintf("the student's prediction, in `WORDS` (at most %d characters); without it the page leaves a box to write in by hand", handout.MaxPrediction))
	fs.StringVar(&o.html, "html", "", "write the page to `FILE` as HTML, self-contained (fonts and chart inside), one printed A4 or Letter sheet")
	fs.StringVar(&o.png, "png", "", "write the page to `FILE` as a PNG of the sheet, 1240×1650 at 150 dpi")
	fs.StringVar(&o.pdf, "pdf", "", "write the page to `FILE` as PDF, printed by Chrome, Chromium or Edge (needs one of them installed; works offline)")
	fs.StringVar(&o.json, "json", "", "when the lesson is run here: save the run or sweep to `FILE` as JSON too")
	return fs, o
}

// handoutCmd writes a lesson as one page for a class (package handout).
func handoutCmd(args []string, stdout, stderr io.Writer) int {
	fs, o := handoutFlags(stderr)
	return runFlagCmd(fs, o, "the lesson is -preset NAME, a saved file -run FILE or -sweep FILE", args, stdout, stderr)
}

// prepare checks every flag and file before anything runs or is written.
func (o *handoutOpts) prepare(map[string]bool) error {
	if o.preset == "" {
		return usagef("-preset: missing: which lesson? (see localitylab presets)")
	}
	p, err := lookupPreset(o.preset)
	if err != nil {
		return err
	}
	o.lesson = p
	switch {
	case o.run != "" && o.sweep != "":
		return usagef("-run and -sweep: give one saved file, a run or a sweep")
	case o.html == "" && o.png == "" && o.pdf == "":
		return usagef("handout: no output asked for (give -html FILE, -png FILE or -pdf FILE)")
	case o.json != "" && (o.run != "" || o.sweep != ""):
		return usagef("-json: saves a run or sweep measured here; with -run or -sweep nothing is measured (leave -json out)")
	case utf8.RuneCountInString(o.prediction) > handout.MaxPrediction:
		return usagef("-prediction: %d characters (at most %d: the page has room for a few sentences)", utf8.RuneCountInString(o.prediction), handout.MaxPrediction)
	case o.run != "" && result.IsSweepFile(o.run):
		return usagef("-run %s: the file is a saved sweep (give it with -sweep)", o.run)
	case o.sweep != "" && !result.IsSweepFile(o.sweep):
		return usagef("-sweep %s: the file is not a saved sweep (a saved run goes with -run)", o.sweep)
	}
	if o.pdf != "" {
		if _, err := handout.Browser(); err != nil {
			return usagef("-pdf: %v", err)
		}
	}
	inputs := []namedFile{presetFile(o.preset), {"-run", o.run}, {"-sweep", o.sweep}}
	return checkFiles(inputs, flagFile("html", o.html), flagFile("png", o.png), flagFile("pdf", o.pdf), flagFile("json", o.json))
}

func (o *handoutOpts) work(ctx context.Context, stdout, stderr io.Writer) int {
	var pg *handout.Page
	var err error
	switch {
	case o.run != "":
		r, lerr := lab.LoadRun(o.run)
		if lerr != nil {
			return complain(usagef("-run: %v", lerr), stderr)
		}
		pg, err = handout.FromRun(o.lesson, r, o.prediction)
	case o.sweep != "":
		s, lerr := lab.LoadSweep(o.sweep)
		if lerr != nil {
			return complain(usagef("-sweep: %v", lerr), stderr)
		}
		pg, err = handout.FromSweep(o.lesson, s, o.prediction)
	default:
		var status int
		if pg, status = o.measure(ctx, stdout, stderr); pg == nil {
			return status
		}
	}
	if err != nil {
		return complain(usagef("handout: %v", err), stderr)
	}
	if status := o.write(ctx, pg, stdout, stderr); status != exit.OK {
		return status
	}
	if o.failed != nil { // the page is written, with what the others measured, as bench writes its files
		return launch.Status(o.failed)
	}
	return exit.OK
}

// measure runs the lesson as bench or sweep would, its progress on stderr and its
// table on stdout, saves it with -json, and makes its page with the load average as
// the run ended. A nil page means it failed, with the status.
func (o *handoutOpts) measure(ctx context.Context, stdout, stderr io.Writer) (*handout.Page, int) {
	var pg *handout.Page
	var err error
	lesson := &o.lesson
	if !handout.TellsBySweep(o.lesson) {
		b := &benchOpts{preset: o.preset, timeout: lab.DefaultTimeout, counters: countersFlag{hardware: true}}
		c, cerr := b.config(map[string]bool{"preset": true})
		if cerr != nil {
			return nil, complain(cerr, stderr)
		}
		warnHeavy(lesson, false, stderr)
		r, rerr := runWatched(ctx, c, lab.Run, newProgress(stderr))
		if rerr != nil {
			return nil, failed(ctx, rerr, "; nothing was written", stderr)
		}
		if status := show(context.WithoutCancel(ctx), r, "table", outputs{lesson: lesson, paths: o.jsonPath("json"), measured: true}, stdout, stderr); status != exit.OK {
			return nil, status
		}
		for _, b := range r.Backings {
			if b.Error != "" {
				fmt.Fprintf(stderr, "localitylab: %s\n", b.Error)
				o.failed = append(o.failed, b.Error)
			}
		}
		pg, err = handout.FromRun(o.lesson, r, o.prediction)
	} else {
		so := &sweepOpts{budget: sweep.DefaultBudget}
		so.preset, so.timeout, so.counters = o.preset, lab.DefaultTimeout, countersFlag{hardware: true}
		c, cerr := so.config(map[string]bool{"preset": true})
		if cerr != nil {
			return nil, complain(cerr, stderr)
		}
		warnHeavy(lesson, true, stderr)
		s, serr := runWatched(ctx, c, sweep.Run, newSweepProgress(stderr))
		if serr != nil {
			return nil, failed(ctx, serr, "; nothing was written", stderr)
		}
		if status := showSweep(context.WithoutCancel(ctx), s, lesson, sweepOutputs{paths: o.jsonPath("json"), measured: true}, stdout, stderr); status != exit.OK {
			return nil, status
		}
		o.failed = sweepFailures(s, stderr)
		pg, err = handout.FromSweep(o.lesson, s, o.prediction)
	}
	if err != nil {
		return nil, complain(err, stderr)
	}
	pg.AddLoadAverage(handout.LoadAverage())
	return pg, exit.OK
}

// jsonPath is -json as the export flags' map that show and showSweep write from.
func (o *handoutOpts) jsonPath(flag string) map[string]*string {
	return map[string]*string{flag: &o.json}
}

// write lays the page out and writes each file asked for; one that fails leaves the
// others to be written. The PDF is printed first, into memory, since a browser takes
// seconds and a stop (Ctrl-C, SIGTERM) may come meanwhile: then no page is written.
// A stop that comes later gives up the file being written and the rest
// (writeUnder), with its status.
func (o *handoutOpts) write(ctx context.Context, pg *handout.Page, stdout, stderr io.Writer) int {
	l, err := pg.Fit()
	if err != nil {
		return complain(usagef("handout: %v", err), stderr)
	}
	var errs []error
	pdfPath := o.pdf
	var pdf bytes.Buffer
	if pdfPath != "" {
		if err := l.WritePDF(ctx, &pdf); err != nil {
			if interrupted(err) {
				return failed(ctx, err, "; no page was written", stderr)
			}
			errs, pdfPath = append(errs, fmt.Errorf("-pdf: %w", err)), "" // the other files are written all the same
		}
	}
	writePDF := func(w io.Writer) error {
		_, err := w.Write(pdf.Bytes())
		return err
	}
	var written []string
	for _, f := range []struct {
		flag, path string
		write      func(io.Writer) error
	}{{"html", o.html, l.WriteHTML}, {"png", o.png, l.WritePNG}, {"pdf", pdfPath, writePDF}} {
		if f.path == "" {
			continue
		}
		if ctx.Err() != nil {
			note := "; no page was written"
			if len(written) > 0 {
				note = "; written before the stop: " + strings.Join(written, ", ")
			}
			return failed(ctx, ctx.Err(), note, stderr)
		}
		if err := writeUnder(ctx, f.path, raw(stdout), f.write); err != nil {
			errs = append(errs, fmt.Errorf("-%s: %w", f.flag, err))
			continue
		}
		written = append(written, f.path)
	}
	if ctx.Err() != nil {
		return stoppedWriting(ctx, stderr)
	}
	return complain(errors.Join(errs...), stderr)
}
