package charts

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"localitylab/charts/axis"
	"localitylab/internal/units"
	"localitylab/lab/result"
)

// A Metric is one chart of a run drawn frame by frame, per backing. It holds all
// there is to know about that chart: its names, its unit, how it reads a live
// sample and a saved run's frames into lines, its axis and what it draws besides
// them. Each metric is a file of its own (metric_*.go) and one line in Metrics;
// the renderers (raster, page, live) and the app iterate Metrics and ask the
// metric, so that a new chart is a new file and a line.
type Metric struct {
	Name  string // the key: the page's chart id, "frame_time"
	Title string // the chart's title: "Frame time"
	Short string // the app's picker: "Frame time"
	Unit  Unit
	Lines []Source // a backing's lines on this chart, in drawing order
	Note  string   // the chart's top-right note on how its lines differ; "" for one line

	// Typical, when set, lets the y axis follow Options.Scale (automatic, linear or
	// log): the automatic choice compares each backing's typical value, these.
	// The live chart takes the mean of its first line after warm-up instead.
	Typical func(r *result.Run) []float64
	Budget  bool // the frame budget is drawn across the chart

	// Row puts the chart in the row every view of a run draws side by side (the
	// app's, the PNG's, the handout's); one off the row is drawn on the pages and
	// offered in the app's picker.
	Row  bool
	Gone *Gone // how the chart gives way when it would show nothing, or nil
	Page Page
}

// Source is one of a backing's lines on a chart: where its values come from.
type Source struct {
	Suffix string // after the backing's name in the hover read-out: " heap"
	What   string // what the line is, where a note must say: "live heap"
	Dashed bool
	// Sample reads the line's value from one frame of a live run; Frames reads
	// every frame a saved run recorded, nil when it recorded none (n/a).
	Sample func(s result.Sample) float64
	Frames func(f *result.Series) []float64
}

// Unit is how a metric's values read: in hover read-outs, axis ticks and tooltips.
type Unit struct {
	Format func(v float64) string // "2.50 ms"
	JS     string                 // the page's formatter that writes the same: "llDuration"
	Tick   func(hi float64) float64
	// Tick, when set, is the unit (for values up to hi) in which linear ticks are
	// round numbers, and pages fix their axes to it; nil for 1.
	Whole bool // whole counts: no tick steps below 1
}

// The units of the metrics.
var (
	Nanoseconds = Unit{Format: units.Duration, JS: "llDuration"}
	Bytes       = Unit{Format: units.Bytes, JS: "llBytes", Tick: axis.BytesUnit}
	Count       = Unit{Format: units.Count, JS: "llCount", Whole: true}
)

// Gone is a chart's rule for giving its room to the others when it would show
// flat lines that a reader could not tell from nothing measured, and what is said
// in its place.
type Gone struct {
	When func(r *result.Run) bool   // the chart gives way for r
	Note func(r *result.Run) string // the sentence that stands for it, "" while it is drawn
	Goal string                     // what the pages add after the sentence, if anything
	App  string                     // on the row: the app's line beside it while the chart is away
	Pick string                     // on the row: the same in two words, in the app's picker
}

// Page is what the HTML pages say about a metric's chart.
type Page struct {
	Axis    string // the y axis's name: "frame time"
	Explain string // under the title, while the chart is drawn
	// LogExplain is said after Explain on a log axis.
	LogExplain  string
	CompareAxis string // the comparison page's axis name
	Compare     string // the comparison page's explanation
}

// Metrics are the charts in the order every view places them. A chart is
// registered here by one line.
var Metrics = []*Metric{
	FrameTime,
	Memory,
	Allocs,
	GC,
}

// String is the chart's title.
func (m *Metric) String() string {
	if m == nil {
		return "Metric(nil)"
	}
	return m.Title
}

// Check returns an error when m is not one of Metrics.
func (m *Metric) Check() error {
	if m == nil || !slices.Contains(Metrics, m) {
		return fmt.Errorf("charts: metric %v: want one of %s", m, metricTitles())
	}
	return nil
}

func metricTitles() string {
	var ts []string
	for _, m := range Metrics {
		ts = append(ts, m.Title)
	}
	return strings.Join(ts, ", ")
}

// Format writes a value of this metric the way hover read-outs show it.
func (m *Metric) Format(v float64) string { return m.Unit.Format(v) }

// Measured reports whether backing b recorded any of this chart's lines.
func (m *Metric) Measured(b *result.Backing) bool {
	for _, l := range m.Lines {
		if len(l.Frames(&b.Frames)) > 0 {
			return true
		}
	}
	return false
}

// GoneFor reports whether m gives way for run r (Gone).
func (m *Metric) GoneFor(r *result.Run) bool { return m.Gone != nil && m.Gone.When(r) }

// RowMetrics lists the charts of the row (Row), in Metrics' order.
func RowMetrics() []*Metric {
	var out []*Metric
	for _, m := range Metrics {
		if m.Row {
			out = append(out, m)
		}
	}
	return out
}

// RunMetrics lists the charts of a run's row, less those that give way for r (Gone).
func RunMetrics(r *result.Run) []*Metric {
	var out []*Metric
	for _, m := range RowMetrics() {
		if !m.GoneFor(r) {
			out = append(out, m)
		}
	}
	return out
}

// GoneNote is what stands for the charts of a run's row that give way for r, the
// sentence of each; "" while every one is drawn.
func GoneNote(r *result.Run) string {
	var notes []string
	for _, m := range Metrics {
		if m.Row && m.Gone != nil {
			if n := m.Gone.Note(r); n != "" {
				notes = append(notes, n)
			}
		}
	}
	return strings.Join(notes, " ")
}

// CompareMetrics lists the charts of a comparison's row: a chart gives way only
// while it would for both runs, so that a figure either run measured is charted
// beside the other's, never hidden.
func CompareMetrics(base, new *result.Run) []*Metric {
	var out []*Metric
	for _, m := range Metrics {
		if m.Row && CompareGoneNote(m, base, new) == "" {
			out = append(out, m)
		}
	}
	return out
}

// CompareGoneNote is m's Gone sentence for a comparison of two runs: each run's,
// named, while m gives way for both; "" while it is drawn.
func CompareGoneNote(m *Metric, base, new *result.Run) string {
	if m.Gone == nil {
		return ""
	}
	b, n := m.Gone.Note(base), m.Gone.Note(new)
	if b == "" || n == "" {
		return ""
	}
	return "Base run: " + lower(b) + " New run: " + lower(n)
}

// CompareGoneNotes joins CompareGoneNote over the charts of the row.
func CompareGoneNotes(base, new *result.Run) string {
	var notes []string
	for _, m := range Metrics {
		if m.Row {
			if n := CompareGoneNote(m, base, new); n != "" {
				notes = append(notes, n)
			}
		}
	}
	return strings.Join(notes, " ")
}

// lower puts the first letter of an ASCII sentence in lower case.
func lower(s string) string { return strings.ToLower(s[:1]) + s[1:] }

// checkMetrics returns an error naming every metric that lacks what the views ask
// of it, or shares a name with another: the views would draw it wrongly or not at
// all, or the app's picker would offer two charts under one name.
func checkMetrics(ms []*Metric) error {
	names, titles, shorts := map[string]bool{}, map[string]bool{}, map[string]bool{}
	var errs []error
	bad := func(m *Metric, format string, a ...any) {
		errs = append(errs, fmt.Errorf("metric %q: "+format, append([]any{m.Name}, a...)...))
	}
	for i, m := range ms {
		if m == nil {
			errs = append(errs, fmt.Errorf("metric %d: nil", i))
			continue
		}
		if m.Name == "" || m.Title == "" || m.Short == "" {
			bad(m, "want a name, a title and a short name")
		}
		if names[m.Name] || titles[m.Title] || shorts[m.Short] {
			bad(m, "its name, title or short name is another metric's")
		}
		names[m.Name], titles[m.Title], shorts[m.Short] = true, true, true
		if m.Unit.Format == nil || m.Unit.JS == "" {
			bad(m, "unit: want a Format and a JS formatter")
		}
		if len(m.Lines) == 0 {
			bad(m, "no lines")
		}
		for j, l := range m.Lines {
			if l.Sample == nil || l.Frames == nil {
				bad(m, "line %d: want Sample and Frames", j)
			}
		}
		if p := m.Page; p.Axis == "" || p.Explain == "" || p.CompareAxis == "" || p.Compare == "" {
			bad(m, "page: want both axes' names and both explanations")
		}
		if g := m.Gone; g != nil && (g.When == nil || g.Note == nil || m.Row && (g.App == "" || g.Pick == "")) {
			bad(m, "gone: want its rule, its sentence and, on the row, the app's words")
		}
	}
	return errors.Join(errs...)
}

// TrimZeros removes trailing zeros after a decimal point in the leading number of
// s: "2.50 ms" → "2.5 ms", "20.0 MiB" → "20 MiB". It leaves "1,024" alone.
func TrimZeros(s string) string {
	end := strings.IndexFunc(s, func(r rune) bool { return r != '.' && r != ',' && r != '-' && (r < '0' || r > '9') })
	if end < 0 {
		end = len(s)
	}
	num, rest := s[:end], s[end:]
	if !strings.Contains(num, ".") {
		return s
	}
	num = strings.TrimRight(num, "0")
	num = strings.TrimSuffix(num, ".")
	return num + rest
}

// Finite reports whether v can be drawn: NaN marks a figure that was not measured.
func Finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// floats converts a measured series for drawing; a nil series stays nil (n/a).
func floats[T int64 | uint64](xs []T) []float64 {
	if xs == nil {
		return nil
	}
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(x)
	}
	return out
}
