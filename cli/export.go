package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"localitylab/charts"
	"localitylab/internal/atomicfile"
	"localitylab/lab/result"
	"localitylab/presets"
)

// outputs are the files a run can be written to, shared by bench and report: a
// flag per export format (charts.Formats), and what the files say beside the
// figures.
type outputs struct {
	paths      map[string]*string // by format flag; "" where not asked for
	echartsURL string
	// lesson is the preset bench ran, whose claims the run answers; nil for a run
	// of no preset, and for report, which finds the lesson by the run's title.
	lesson *presets.Preset
}

func (o *outputs) flags(fs *flag.FlagSet) {
	o.paths = map[string]*string{}
	for _, f := range charts.Formats {
		o.paths[f.Flag] = fs.String(f.Flag, "", fmt.Sprintf("write the run to `FILE` as %s (%s)", f.Name, f.Doc))
	}
	fs.StringVar(&o.echartsURL, "echarts-url", "", "where the HTML page loads the ECharts script from: a `URL` or a path to a local copy (default go-echarts' usual host)")
}

// output is one file asked for.
type output struct {
	format charts.Format
	path   string
}

// each lists the outputs that were asked for, in the formats' order.
func (o *outputs) each() []output {
	var out []output
	for _, f := range charts.Formats {
		if p := o.paths[f.Flag]; p != nil && *p != "" {
			out = append(out, output{f, *p})
		}
	}
	return out
}

// check reports, before the run, an output path that cannot be written.
func (o *outputs) check() error {
	var files []outputFile
	for _, f := range o.each() {
		files = append(files, outputFile{f.format.Flag, f.path})
	}
	return checkOutputs(files...)
}

// outputFile is a file a flag asks a command to write: path is "" where the flag
// was not given.
type outputFile struct{ flag, path string }

// checkOutputs reports the first file asked for that cannot be written, as a usage
// error naming its flag: every command checks its files before it starts any work,
// so that a mistyped path cannot cost a long run.
func checkOutputs(files ...outputFile) error {
	for _, f := range files {
		if f.path == "" {
			continue
		}
		if err := atomicfile.Check(f.path); err != nil {
			return usagef("-%s: %v", f.flag, err)
		}
	}
	return nil
}

// write writes every output asked for, each through a temporary file, and returns
// the errors of those that failed, each naming its flag and file.
func (o *outputs) write(r *result.Run, l lessonAnswers) error {
	opts := charts.Options{EChartsURL: o.echartsURL}
	opts.Claims, opts.ClaimsNote = l.chartClaims()
	var errs []error
	for _, f := range o.each() {
		if err := atomicfile.Write(f.path, func(w io.Writer) error { return f.format.Write(w, r, opts) }); err != nil {
			errs = append(errs, fmt.Errorf("-%s: %w", f.format.Flag, err))
		}
	}
	return errors.Join(errs...)
}
