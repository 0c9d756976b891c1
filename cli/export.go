package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"

	"localitylab/charts"
	"localitylab/charts/export"
	"localitylab/internal/atomicfile"
	"localitylab/lab/result"
	"localitylab/presets"
)

// outputs are the files a run can be written to, shared by bench and report: a
// flag per export format (export.Formats), and what the files say beside the
// figures.
type outputs struct {
	paths   map[string]*string // by format flag; "" where not asked for
	echarts echartsFlag
	wide    bool // the table with every column, not only those that fit 100 columns
	// lesson is the preset bench ran, whose claims the run answers; nil for a run
	// of no preset, and for report, which finds the lesson by the run's title.
	lesson *presets.Preset
	// measured says the run was measured here, not read from a file: if its JSON
	// cannot be written, it is saved elsewhere (rescue) rather than lost.
	measured bool
}

func (o *outputs) flags(fs *flag.FlagSet) {
	o.paths = map[string]*string{}
	for _, f := range export.Formats {
		o.paths[f.Flag] = fs.String(f.Flag, "", fmt.Sprintf("write the run to `FILE` as %s (%s)", f.Name, f.Doc))
	}
	echartsVar(fs, &o.echarts)
	fs.BoolVar(&o.wide, "wide", false, "print the table with every column (by default it keeps those that fit 100 columns; the files always hold them all)")
}

// output is one file asked for.
type output struct {
	format export.Format
	path   string
}

// each lists the outputs that were asked for, in the formats' order.
func (o *outputs) each() []output {
	var out []output
	for _, f := range export.Formats {
		if p := o.paths[f.Flag]; p != nil && *p != "" {
			out = append(out, output{f, *p})
		}
	}
	return out
}

// saves reports whether the run's JSON file is asked for: the file that carries
// the machine's probe.
func (o *outputs) saves() bool { p := o.paths["json"]; return p != nil && *p != "" }

// check reports, before the run, an output path that cannot be written, or that is
// an input (what inputs names) or another output.
func (o *outputs) check(inputs ...namedFile) error {
	var files []namedFile
	for _, f := range o.each() {
		files = append(files, flagFile(f.format.Flag, f.path))
	}
	return checkFiles(inputs, files...)
}

// toStdout reports whether an output goes to standard output ("-json -").
func (o *outputs) toStdout() bool {
	return slices.ContainsFunc(o.each(), func(f output) bool { return atomicfile.IsStdout(f.path) })
}

// textOut is where a command prints its text: stdout or, when a file goes to
// standard output ("-json -"), stderr, so that the stream holds the file alone.
func textOut(fileToStdout bool, stdout, stderr io.Writer) io.Writer {
	if fileToStdout {
		return newTermText(stderr)
	}
	return stdout
}

// namedFile is a file a command reads or writes, and what names it on the command
// line: a flag ("-json") or an argument ("FILE"); path is "" where it was not given.
type namedFile struct{ name, path string }

// flagFile is the file a flag names.
func flagFile(flag, path string) namedFile { return namedFile{"-" + flag, path} }

// checkFiles reports the first output asked for that cannot be written, as a usage
// error naming its flag: every command checks its files before it starts any work,
// so that a mistyped path cannot cost a long run. An output that is one of the
// inputs would destroy what the command reads, and two outputs on one file would
// keep only the last: both are refused, naming both flags. Files are compared by
// what their names lead to (atomicfile.Same): a link, a hard link or another
// spelling of the input is the input.
func checkFiles(inputs []namedFile, outputs ...namedFile) error {
	var asked []namedFile
	for _, f := range outputs {
		if f.path != "" {
			asked = append(asked, f)
		}
	}
	for i, f := range asked {
		for _, in := range inputs {
			if in.path != "" && atomicfile.Same(f.path, in.path) {
				return usagef("%s %s: the same file as %s %s, which is read: writing it would destroy the input (give the output another name)",
					f.name, f.path, in.name, in.path)
			}
		}
		for _, g := range asked[:i] {
			if atomicfile.Same(f.path, g.path) {
				return usagef("%s %s and %s %s: one file for two outputs, which would keep only one (give each its own file)",
					g.name, g.path, f.name, f.path)
			}
		}
	}
	for _, f := range asked {
		if err := atomicfile.Check(f.path); err != nil {
			return usagef("%s: %v", f.name, err)
		}
	}
	return nil
}

// write writes every output asked for, each through a temporary file ("-" to
// stdout), and returns the errors of those that failed, each naming its flag and
// file. A stop signal (ctx) gives up the file being written and the rest. saved
// says whether the run's JSON is among the files written.
func (o *outputs) write(ctx context.Context, r *result.Run, l lessonAnswers, stdout io.Writer) (saved bool, err error) {
	opts := charts.Options{EChartsURL: o.echarts.url}
	opts.Claims, opts.ClaimsNote = l.chartClaims()
	var errs []error
	for _, f := range o.each() {
		if err := writeUnder(ctx, f.path, raw(stdout), func(w io.Writer) error { return f.format.Write(w, r, opts) }); err != nil {
			errs = append(errs, fmt.Errorf("-%s: %w", f.format.Flag, err))
		} else if f.format.Flag == "json" {
			saved = true
		}
	}
	return saved, errors.Join(errs...)
}
