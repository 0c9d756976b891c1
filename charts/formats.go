package charts

import (
	"io"

	"localitylab/lab/result"
)

// Format is one kind of file a run is exported to. The command line's output flags
// and the app's Export menu are both made from Formats, so a new kind of file is
// added once and appears in both.
type Format struct {
	Name  string // as the menus show it: "HTML"
	Flag  string // the command line's flag: "html"
	Ext   string // the file name's extension: ".html"
	Doc   string // what the file is for
	Write func(w io.Writer, r *result.Run, o Options) error
}

// Formats are the exports, in the order the menus list them.
var Formats = []Format{
	{"HTML", "html", ".html", "a page to explore: charts to hover and zoom, the run record and the table", WriteHTML},
	{"PNG", "png", ".png", "an image for a slide: the three charts and the table, 1920×1080", WritePNG},
	{"CSV", "csv", ".csv", "a spreadsheet: one row per backing per frame",
		func(w io.Writer, r *result.Run, _ Options) error { return result.WriteCSV(w, r) }},
	{"JSON", "json", ".json", "the whole run, which the app and `localitylab report` reopen; schema " + result.Schema,
		func(w io.Writer, r *result.Run, _ Options) error { return result.WriteJSON(w, r) }},
}

// FormatNamed returns the format of that name; a name outside Formats is a bug.
func FormatNamed(name string) Format {
	for _, f := range Formats {
		if f.Name == name {
			return f
		}
	}
	panic("charts: no export format " + name)
}
