package charts

import (
	"io"

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
	Write func(w io.Writer, x T, o Options) error
}

// Format is a run's export; SweepFormat a sweep's.
type (
	Format      = FileFormat[*result.Run]
	SweepFormat = FileFormat[*result.Sweep]
)

// Formats are a run's exports, in the order the menus list them.
var Formats = []Format{
	{"HTML", "html", ".html", "a page to explore: charts to hover and zoom, the run record and the table", WriteHTML},
	{"PNG", "png", ".png", "an image for a slide: the three charts and the table, 1920×1080", WritePNG},
	{"CSV", "csv", ".csv", "a spreadsheet: one row per backing per frame",
		func(w io.Writer, r *result.Run, _ Options) error { return result.WriteCSV(w, r) }},
	{"JSON", "json", ".json", "the whole run, which the app and `localitylab report` reopen; schema " + result.Schema,
		func(w io.Writer, r *result.Run, _ Options) error { return result.WriteJSON(w, r) }},
}

// SweepFormats are a sweep's exports, in the order of Formats (the same flags).
var SweepFormats = []SweepFormat{
	{"HTML", "html", ".html", "a page to explore: the chart to hover and zoom, the tables and the sweep record", WriteSweepHTML},
	{"PNG", "png", ".png", "an image for a slide: the chart, a table per backing and the crossings, 1920×1080", WriteSweepPNG},
	{"CSV", "csv", ".csv", "a spreadsheet: one row per point per backing",
		func(w io.Writer, s *result.Sweep, _ Options) error { return result.WriteSweepCSV(w, s) }},
	{"JSON", "json", ".json", "the whole sweep, which the app and `localitylab report` reopen; schema " + result.SweepSchema,
		func(w io.Writer, s *result.Sweep, _ Options) error { return result.WriteSweepJSON(w, s) }},
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
