package ui

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"localitylab/charts"
	"localitylab/internal/atomicfile"
	"localitylab/lab/result"
	"localitylab/presets"
)

// format is one way of writing a run to a file.
type format struct {
	Name string // as the menus show it
	Ext  string
	Doc  string
	fill func(w io.Writer, r *result.Run) error
}

// formats are the exports, in the order the menus list them.
var formats = []format{
	{"HTML", ".html", "a page to explore: charts to hover and zoom, the run record and the table",
		func(w io.Writer, r *result.Run) error { return charts.WriteHTML(w, r, charts.Options{}) }},
	{"PNG", ".png", "an image for a slide: the three charts and the table, 1920×1080",
		func(w io.Writer, r *result.Run) error { return charts.WritePNG(w, r, charts.Options{}) }},
	{"CSV", ".csv", "a spreadsheet: one row per backing per frame",
		result.WriteCSV},
	{"JSON", ".json", "the whole run, which the app and `localitylab report` reopen",
		result.WriteJSON},
}

// formatNamed returns the named format; a name outside formats is a bug.
func formatNamed(name string) format {
	for _, f := range formats {
		if f.Name == name {
			return f
		}
	}
	panic("ui: no export format " + name)
}

// export writes r to path in format f, through a temporary file, so that a failed
// export leaves no half-written file.
func export(path string, f format, r *result.Run) error {
	if r == nil {
		return fmt.Errorf("%s: there is no run to export", filepath.Base(path))
	}
	return atomicfile.Write(path, func(w io.Writer) error { return f.fill(w, r) })
}

// suggestName is the file name an export dialog proposes: what was run and when.
func suggestName(r *result.Run, setup presets.Preset, ext string) string {
	stem := setup.Name
	if stem == "" && r != nil {
		stem = r.Workload
	}
	if stem == "" {
		stem = "run"
	}
	when := time.Now()
	if r != nil && !r.Started.IsZero() {
		when = r.Started.Local()
	}
	return stem + "-" + when.Format("20060102-1504") + ext
}

// withExt adds ext to path unless it already ends in it, so that a name typed
// without one still opens in the right program.
func withExt(path, ext string) string {
	if strings.EqualFold(filepath.Ext(path), ext) {
		return path
	}
	return path + ext
}

// presetOf is the setup as a preset file: the lesson and claims it came with, its
// own name taken from the file's.
func presetOf(s presets.Preset, path string) presets.Preset {
	s.Schema = presets.Schema
	s.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return keepClaims(s)
}
