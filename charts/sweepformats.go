package charts

import (
	"io"

	"localitylab/lab/result"
)

// SweepFormat is one kind of file a sweep is exported to, as Format is for a run.
type SweepFormat struct {
	Name  string // as the menus show it: "HTML"
	Flag  string // the command line's flag, the same as a run's: "html"
	Ext   string
	Doc   string
	Write func(w io.Writer, s *result.Sweep, o Options) error
}

// SweepFormats are a sweep's exports, in the order of Formats.
var SweepFormats = []SweepFormat{
	{"HTML", "html", ".html", "a page to explore: the chart to hover and zoom, the tables and the sweep record", WriteSweepHTML},
	{"PNG", "png", ".png", "an image for a slide: the chart, a table per backing and the crossings, 1920×1080", WriteSweepPNG},
	{"CSV", "csv", ".csv", "a spreadsheet: one row per point per backing",
		func(w io.Writer, s *result.Sweep, _ Options) error { return result.WriteSweepCSV(w, s) }},
	{"JSON", "json", ".json", "the whole sweep, which the app and `localitylab report` reopen; schema " + result.SweepSchema,
		func(w io.Writer, s *result.Sweep, _ Options) error { return result.WriteSweepJSON(w, s) }},
}

// SweepFormatNamed returns the sweep format of that name; a name outside
// SweepFormats is a bug.
func SweepFormatNamed(name string) SweepFormat {
	for _, f := range SweepFormats {
		if f.Name == name {
			return f
		}
	}
	panic("charts: no sweep export format " + name)
}
