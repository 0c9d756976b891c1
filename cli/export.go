package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"localitylab/charts"
	"localitylab/internal/atomicfile"
	"localitylab/lab/result"
)

// outputs are the files a run can be written to, shared by bench and report.
type outputs struct {
	json, csv, html, png string
	echartsURL           string
}

func (o *outputs) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.json, "json", "", "write the run to `FILE` as JSON (schema "+result.Schema+"); `localitylab report` reads it back")
	fs.StringVar(&o.csv, "csv", "", "write one row per backing per frame to `FILE` as CSV")
	fs.StringVar(&o.html, "html", "", "write the charts and the summary to `FILE` as an HTML page")
	fs.StringVar(&o.png, "png", "", "write the charts and the summary to `FILE` as a PNG image (1920×1080)")
	fs.StringVar(&o.echartsURL, "echarts-url", "", "where the HTML page loads the ECharts script from: a `URL` or a path to a local copy (default go-echarts' usual host)")
}

// each lists the outputs that were asked for, with their flags.
func (o *outputs) each() []struct{ flag, path string } {
	var out []struct{ flag, path string }
	for _, f := range []struct{ flag, path string }{{"json", o.json}, {"csv", o.csv}, {"html", o.html}, {"png", o.png}} {
		if f.path != "" {
			out = append(out, f)
		}
	}
	return out
}

// check reports, before the run, an output path that cannot be written.
func (o *outputs) check() error {
	for _, f := range o.each() {
		if err := atomicfile.Check(f.path); err != nil {
			return usagef("-%s: %v", f.flag, err)
		}
	}
	return nil
}

// write writes every output asked for, each through a temporary file, and returns
// the errors of those that failed, each naming its flag and file.
func (o *outputs) write(r *result.Run) error {
	opts := charts.Options{EChartsURL: o.echartsURL}
	var errs []error
	for _, f := range o.each() {
		var fill func(w io.Writer) error
		switch f.flag {
		case "json":
			fill = func(w io.Writer) error { return result.WriteJSON(w, r) }
		case "csv":
			fill = func(w io.Writer) error { return result.WriteCSV(w, r) }
		case "html":
			fill = func(w io.Writer) error { return charts.WriteHTML(w, r, opts) }
		case "png":
			fill = func(w io.Writer) error { return charts.WritePNG(w, r, opts) }
		}
		if err := atomicfile.Write(f.path, fill); err != nil {
			errs = append(errs, fmt.Errorf("-%s: %w", f.flag, err))
		}
	}
	return errors.Join(errs...)
}
