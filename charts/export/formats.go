// Package export is the table of the files a result is exported to (HTML, PNG, CSV,
// JSON), each with its writer for a run and for a sweep. The command line's output
// flags and the app's Export menu are both made from it, so that a new kind of file
// is added once and appears in both. It sits above the drawers (packages raster and
// page) and the result files (lab/result) because it names their writers.
package export

import (
	"io"

	"localitylab/charts"
	"localitylab/charts/page"
	"localitylab/charts/raster"
	"localitylab/lab/result"
)

// FileFormat is one kind of file a result (a run, a sweep) is exported to. The
// command line's output flags and the app's Export menu are both made from the lists
// below, so a new kind of file is added once and appears in both.
type FileFormat[T any] struct {
	Name  string // as the menus show it: "HTML"
	Flag  string // the command line's flag: "html"
	Ext   string // the file name's extension: ".html"
	Doc   string // what the file is for
	Write func(w io.Writer, x T, o charts.Options) error
}

// Format is a run's export; SweepFormat a sweep's.
type (
	Format      = FileFormat[*result.Run]
	SweepFormat = FileFormat[*result.Sweep]
)

// exports are the kinds of file, each once with what it holds for a run and for a
// sweep, so that Formats and SweepFormats keep the same names, flags and order.
var exports = []struct {
	name, flag, ext  string
	runDoc, sweepDoc string
	run              func(io.Writer, *result.Run, charts.Options) error
	sweep            func(io.Writer, *result.Sweep, charts.Options) error
}{
	{"HTML", "html", ".html",
		"a page to explore: charts to hover and zoom, the run record and the table",
		"a page to explore: the chart to hover and zoom, the tables and the sweep record",
		page.WriteHTML, page.WriteSweepHTML},
	{"PNG", "png", ".png",
		"an image for a slide: the three charts and the table, 1920×1080",
		"an image for a slide: the chart, a table per backing and the crossings, 1920×1080",
		raster.WritePNG, raster.WriteSweepPNG},
	{"CSV", "csv", ".csv",
		"a spreadsheet: one row per backing per frame",
		"a spreadsheet: one row per point per backing",
		withoutOptions(result.WriteCSV), withoutOptions(result.WriteSweepCSV)},
	{"JSON", "json", ".json",
		"the whole run, which the app and `localitylab report` reopen; schema " + result.Schema,
		"the whole sweep, which the app and `localitylab report` reopen; schema " + result.SweepSchema,
		withoutOptions(result.WriteJSON), withoutOptions(result.WriteSweepJSON)},
}

// Formats are a run's exports, in the order the menus list them.
var Formats = make([]Format, len(exports))

// SweepFormats are a sweep's exports, in the order of Formats (the same flags).
var SweepFormats = make([]SweepFormat, len(exports))

func init() {
	for i, e := range exports {
		Formats[i] = Format{e.name, e.flag, e.ext, e.runDoc, e.run}
		SweepFormats[i] = SweepFormat{e.name, e.flag, e.ext, e.sweepDoc, e.sweep}
	}
}

// withoutOptions makes a writer that needs no options (the data files) fit a
// FileFormat.
func withoutOptions[T any](write func(io.Writer, T) error) func(io.Writer, T, charts.Options) error {
	return func(w io.Writer, x T, _ charts.Options) error { return write(w, x) }
}

// FormatNamed returns the run format of that name; a name outside Formats is a bug.
func FormatNamed(name string) Format { return named(Formats, name) }

// SweepFormatNamed returns the sweep format of that name; a name outside
// SweepFormats is a bug.
func SweepFormatNamed(name string) SweepFormat { return named(SweepFormats, name) }

func named[T any](list []FileFormat[T], name string) FileFormat[T] {
	for _, f := range list {
		if f.Name == name {
			return f
		}
	}
	panic("charts: no export format " + name)
}
