// Package charts is what every drawing of a result is made from, and draws
// nothing itself: the models of a run's, a sweep's and a comparison's charts (Plot,
// RunPlot, ComparePlot, SweepPlot), the tables (SummaryTable, the sweep's, the
// comparison's) and the cells and notes every table of a run shares, the lines that
// head an exported chart (Headline, HostLine, the record's texts), the colours of
// every backing, and the choices a person makes about a drawing (Options, Scale,
// the budget).
//
// The drawers sit above it: package raster paints these models with a pure-Go
// renderer (the PNG slides, the layout picture, and the app's live widget through
// package live), package page writes them as an ECharts page, and package export
// lists the files a result is exported to. One model under both drawers is what
// keeps the slide, the page and the window telling the same story: what is charted
// is decided here once, and each drawer decides only how it looks.
//
// Two rules hold everywhere: a figure that was not measured (a counter that was off,
// a frame a failed backing never reached) reads "n/a" and is never drawn as zero, and
// a figure that looks bad is never hidden (a failed backing keeps its partial series
// and shows its error in the legend and the table).
package charts

import (
	"fmt"
	"localitylab/internal/backingnames"
	"math"
	"time"

	"localitylab/lab/result"
)

// Scale chooses the frame-time axis.
type Scale int

const (
	ScaleAuto Scale = iota // logarithmic when backings differ by more than ~20×
	ScaleLinear
	ScaleLog
)

// logRatio is how far apart the fastest and slowest typical frame times must be
// for ScaleAuto to pick a log axis: beyond it the fast backings would be drawn as a
// flat line on the floor of a linear axis.
const logRatio = 20

// Log decides the frame-time axis for backings whose typical frame times (median,
// or mean while a run is live) are given; non-positive and NaN entries are ignored.
func (s Scale) Log(typical []float64) bool { return s.logAbove(typical, logRatio) }

// logAbove decides a log axis: always for ScaleLog, never for ScaleLinear, and for
// ScaleAuto when the largest typical value is more than ratio times the smallest.
func (s Scale) logAbove(typical []float64, ratio float64) bool {
	switch s {
	case ScaleLinear:
		return false
	case ScaleLog:
		return true
	}
	lo, hi := math.Inf(1), 0.0
	for _, v := range typical {
		if Finite(v) && v > 0 {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return hi > ratio*lo
}

// String names the scale as a menu shows it.
func (s Scale) String() string {
	return enumName([]string{ScaleAuto: "auto", ScaleLinear: "linear", ScaleLog: "log"}, "Scale", int(s))
}

// enumName is the name of value i of an enumeration, from names indexed by value,
// or the type and the number (as %v shows an int) for a value outside them.
func enumName(names []string, typ string, i int) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("%s(%d)", typ, i)
}

// The frame budgets people pick from: one frame at 60 and at 30 frames per second.
const (
	Budget60 = time.Second / 60
	Budget30 = time.Second / 30
)

// Options are the choices a person makes about how a run is drawn.
type Options struct {
	Width, Height int           // PNG size in pixels; 0 means 1920×1080 (a slide)
	Budget        time.Duration // frame-time budget line; 0 means 16.7 ms, negative means none
	Scale         Scale
	EChartsURL    string // HTML: where a lighter page links ECharts from; "" means the page carries it

	// Claims are, for a run of a lesson, the lesson's claims with what the run
	// measured about each; the HTML page states them under the summary.
	Claims []Claim
	// ClaimsNote says, when the run's parameters differ from those the lesson was
	// written for, how: the lesson's words then describe another setup.
	ClaimsNote string
}

// Claim is a source's claim beside what a run measured.
type Claim struct {
	Source, Text string
	Answer       string // the measured figure and the verdict, in sentences
}

// The PNG size limits: below the minimum the three charts and the table do not fit;
// above the maximum (8K) the image is no longer a slide but a memory problem.
const (
	minWidth, maxWidth   = 960, 7680
	minHeight, maxHeight = 540, 4320
)

// Check returns an error naming the first option out of range.
func (o Options) Check() error {
	if o.Width != 0 && (o.Width < minWidth || o.Width > maxWidth) {
		return fmt.Errorf("charts: width %d: want 0 (1920) or %d–%d pixels", o.Width, minWidth, maxWidth)
	}
	if o.Height != 0 && (o.Height < minHeight || o.Height > maxHeight) {
		return fmt.Errorf("charts: height %d: want 0 (1080) or %d–%d pixels", o.Height, minHeight, maxHeight)
	}
	if o.Scale < ScaleAuto || o.Scale > ScaleLog {
		return fmt.Errorf("charts: scale %d: want ScaleAuto, ScaleLinear or ScaleLog", int(o.Scale))
	}
	return nil
}

// FirstError is the first of errs that is not nil: the writers check their options
// and what they draw before they write anything, so that they write a whole picture
// or page or nothing, and report what was wrong first.
func FirstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// BudgetNS returns a budget option as the nanoseconds of its line, 0 for none:
// 0 means the 60 fps budget, a negative duration means no line.
func BudgetNS(d time.Duration) float64 {
	switch {
	case d == 0:
		return float64(Budget60)
	case d < 0:
		return 0
	}
	return float64(d)
}

// maxBackings is the most backings a run compares: the charts and the table are laid
// out for that many.
const maxBackings = backingnames.MaxPerRun

// CheckRun returns an error when r cannot be drawn at all. A run with failed or
// partial backings can; one without backings or with more than six cannot.
func CheckRun(r *result.Run) error {
	if r == nil {
		return fmt.Errorf("charts: no run")
	}
	if n := len(r.Backings); n == 0 || n > maxBackings {
		return fmt.Errorf("charts: run has %d backings: want 1–%d", n, maxBackings)
	}
	if r.Frames < 0 || r.Warmup < 0 {
		return fmt.Errorf("charts: run frames %d, warmup %d: want both ≥ 0", r.Frames, r.Warmup)
	}
	return nil
}

// CheckSweep returns an error when s cannot be drawn at all.
func CheckSweep(s *result.Sweep) error {
	if s == nil {
		return fmt.Errorf("charts: no sweep")
	}
	if n := len(s.Backings); n == 0 || n > len(palette) {
		return fmt.Errorf("charts: sweep has %d backings: want 1–%d", n, len(palette))
	}
	return nil
}
