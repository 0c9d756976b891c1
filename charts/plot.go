package charts

import (
	"image/color"
	"math"

	"localitylab/lab/result"
)

// Plot is one chart ready to draw: the shape the live widget and the PNG export
// share, so that a chart on a slide looks like the one in the window.
type Plot struct {
	Metric *Metric
	Frames int // the x axis spans frames 0..Frames-1 however many have arrived, so it does not creep
	Warmup int // frames before this one are shaded (each fork's own, when Forks has more than one)
	// Forks are the run's forks (result.Fork), laid end to end: each one's warm-up is
	// shaded and a line marks where each after the first begins. Nil for one.
	Forks  []result.Fork
	Budget float64 // the budget line in ns, on a metric that draws it; 0 draws none
	Log    bool    // logarithmic y axis
	Lines  []Line
	Keys   []Key  // the legend, one entry per backing
	Note   string // shown at the top right, after "log scale" when Log is set
	Hover  int    // the frame to read out under the pointer; negative for none
}

// Line is one series of a plot.
type Line struct {
	Label  string // in the hover read-out: "ptrarray", "ptrarray RSS"
	Color  color.NRGBA
	Dashed bool
	Values []float64 // by frame; NaN where nothing was measured; may stop early
}

// Key is one legend entry.
type Key struct {
	Name   string
	Color  color.NRGBA
	Note   string // after the name: "n/a", or the error of a failed backing
	Failed bool   // the note is an error and is drawn in red
	Shade  bool   // the key of the warm-up shade, drawn outlined
}

// FrameCount is the length of the x axis: Frames, or more if a line is longer.
func (pl *Plot) FrameCount() int {
	n := pl.Frames
	for i := range pl.Lines {
		n = max(n, len(pl.Lines[i].Values))
	}
	return n
}

// ValueRange returns the smallest and largest drawable value of every line, and
// false when there is none. On a log axis only positive values count.
func (pl *Plot) ValueRange() (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for i := range pl.Lines {
		for _, v := range pl.Lines[i].Values {
			if !Finite(v) || (pl.Log && v <= 0) {
				continue
			}
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi, lo <= hi
}

// BudgetShown reports whether the budget line fits the axis: always on a log axis,
// which has room for it; on a linear one only if showing it leaves the data at least
// half the height, since a line far above squashes every series into the floor.
func (pl *Plot) BudgetShown(hi float64) bool {
	return pl.Metric.Budget && pl.Budget > 0 && (pl.Log || pl.Budget <= 2*hi)
}

// InWarmup reports whether frame f is a warm-up frame: one of its fork's first.
func (pl *Plot) InWarmup(f int) bool {
	if len(pl.Forks) < 2 {
		return f < pl.Warmup
	}
	fk := pl.Forks[pl.ForkOf(f)]
	return f-fk.First < fk.Warmup
}

// ForkOf is the fork of frame f, from 0 (0 without forks).
func (pl *Plot) ForkOf(f int) int {
	k := 0
	for k+1 < len(pl.Forks) && f >= pl.Forks[k+1].First {
		k++
	}
	return k
}
