package charts

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// A sweep's chart: x is the swept parameter, y each backing's cost per entity (the
// median frame time over the entities), one line per backing in its colour with its
// interval as a band; vertical markers where a backing's working set reaches each
// cache's size; a ring where two lines cross; and, where the sweep has simulated
// misses, a panel of them under the cost (see SweepMisses). The window, the PNG and
// the HTML page draw it from the same SweepPlot, so that they agree.

// sweepLogRatio is how far apart the cheapest and dearest costs per entity must be
// for ScaleAuto to draw y on a log axis.
const sweepLogRatio = 30

// SweepPlot is a sweep's chart ready to draw.
type SweepPlot struct {
	XCaption string // "entities", "moving_pct (%)"
	Unit     string // the parameter's unit, for value labels
	LogX     bool
	LogY     bool
	// Doubling says the values step by one factor of 2 or more (stride 1, 2, 4 …
	// 64): the x axis is logarithmic and ticks at the values themselves, which a
	// linear axis crowds into its left end and a decade axis leaves unlabelled.
	Doubling bool
	XMin     float64 // the x axis spans the sweep's values, measured or not
	XMax     float64
	Curves   []SweepCurve
	Markers  []SweepMarker
	Crosses  []SweepCross
	Keys     []Key
	Note     string  // top right: "log scale", what is being measured
	Pending  float64 // the value being measured now, drawn as a faint column; NaN for none
	// Misses is the panel of misses per entity under the cost, on the same x axis;
	// nil where the sweep has none.
	Misses *SweepMisses

	// Title, XLabel and YLabel let another chart of the same shape (the machine's
	// ladder: a figure against a working set) be drawn as a sweep's: its title, and
	// how its x ticks and y figures read. Empty or nil for a sweep's: the cost per
	// entity, ValueLabel, a duration.
	Title  string
	XLabel func(v float64) string
	YLabel func(v float64) string
	// XTicks, when set, places the x ticks between the axis's ends instead of the
	// 1-2-5 numbers of a log axis or the nice steps of a linear one.
	XTicks func(lo, hi float64) []float64
	// YUnit, when set, is the unit (for figures up to hi) in which a linear y
	// axis's steps are round: axis.BytesUnit for bytes per second. Nil for 1.
	YUnit func(hi float64) float64
}

// SweepCurve is one backing's line: its points, with NaN where it has no figure.
type SweepCurve struct {
	Name   string
	Color  color.NRGBA
	X      []float64
	Y      []float64 // ns per entity
	Lo, Hi []float64 // the interval's ends, ns per entity
}

// SweepMarker is one cache marker: where Backing's working set reaches the cache.
type SweepMarker struct {
	X       float64
	Label   string // "L2"
	Backing string
	Color   color.NRGBA
}

// SweepCross is one crossing of two lines, ringed at (X, Y): in black and labelled
// when the two differ significantly on both sides, in grey and unlabelled when noise
// could have made it (two lines within noise of each other cross back and forth).
type SweepCross struct {
	X, Y        float64
	Label       string
	Significant bool
}

// NewSweepPlot makes the chart of s. pending is the value being measured while a
// sweep is live (NaN when none), drawn so that a reader sees where the sweep is.
func NewSweepPlot(s *result.Sweep, scale Scale, pending float64) SweepPlot {
	pl := SweepPlot{XCaption: s.Param, Unit: s.Unit, LogX: s.LogX, Pending: pending, Doubling: Doubling(s.Values)}
	pl.LogX = pl.LogX || pl.Doubling
	if pl.Doubling {
		ticks := make([]float64, len(s.Values))
		for i, v := range s.Values {
			ticks[i] = float64(v)
		}
		pl.XTicks = func(float64, float64) []float64 { return ticks } // the values, each a tick
	}
	if s.Unit != "" {
		pl.XCaption += " (" + s.Unit + ")"
	}
	if len(s.Labels) > 0 { // named values: a tick at each, with its name
		ticks := make([]float64, len(s.Values))
		for i, v := range s.Values {
			ticks[i] = float64(v)
		}
		pl.XTicks = func(float64, float64) []float64 { return ticks }
		pl.XLabel = func(v float64) string { return SweepValueLabel(s, v) }
	}
	if n := len(s.Values); n > 0 {
		pl.XMin, pl.XMax = float64(s.Values[0]), float64(s.Values[n-1])
	}
	var typical []float64
	for i, name := range s.Backings {
		c := SweepCurve{Name: name, Color: Color(name)}
		note, failed := "", false
		for _, p := range s.Points {
			if p.Skipped != "" || i >= len(p.Backings) {
				continue
			}
			b := &p.Backings[i]
			y, lo, hi := math.NaN(), math.NaN(), math.NaN()
			if b.Measured() {
				y, lo, hi = b.NSPerEntity, b.NSPerEntityLo, b.NSPerEntityHi
				typical = append(typical, y)
			}
			if b.Error != "" {
				note, failed = "failed at "+s.Param+" = "+pointValue(s, p.Value), true
			}
			c.X, c.Y, c.Lo, c.Hi = append(c.X, float64(p.Value)), append(c.Y, y), append(c.Lo, lo), append(c.Hi, hi)
		}
		pl.Curves = append(pl.Curves, c)
		pl.Keys = append(pl.Keys, Key{Name: name, Color: c.Color, Note: note, Failed: failed})
	}
	pl.LogY = scale.logAbove(typical, sweepLogRatio)
	for _, m := range s.Markers {
		pl.Markers = append(pl.Markers, SweepMarker{X: m.At, Label: m.Cache, Backing: m.Backing, Color: Color(m.Backing)})
	}
	for _, c := range s.Crossings {
		y := pl.CurveAt(c.Below, c.At)
		if Finite(y) {
			pl.Crosses = append(pl.Crosses, SweepCross{X: c.At, Y: y, Label: ApproxLabel(c.At, s.Unit), Significant: c.Significant})
		}
	}
	var notes []string
	if len(pl.Markers) > 0 {
		span, kept := false, false
		for _, m := range s.Markers {
			span, kept = span || m.By == result.MarkerBySpan, kept || m.By != result.MarkerBySpan
		}
		what := "working set"
		switch {
		case span && kept:
			what = "working set (address span; bytes kept where none) "
		case span:
			what = "working set (by address span)"
		}
		what = strings.TrimSpace(what)
		notes = append(notes, "dashed: "+what+" reaches a cache")
	}
	if len(pl.Crosses) > 0 {
		notes = append(notes, "○ lines cross (grey, dashed: within noise)")
	}
	pl.Note = strings.Join(notes, " · ")
	pl.Misses = newSweepMisses(s)
	return pl
}

// CurveAt is the named curve's value at x, interpolated between its points as the
// chart draws it (along the log axes where they are logarithmic); NaN outside.
func (pl *SweepPlot) CurveAt(name string, x float64) float64 {
	for _, c := range pl.Curves {
		if c.Name != name {
			continue
		}
		for k := 1; k < len(c.X); k++ {
			x0, x1, y0, y1 := c.X[k-1], c.X[k], c.Y[k-1], c.Y[k]
			if !(x >= x0 && x <= x1) || !Finite(y0) || !Finite(y1) {
				continue
			}
			t := (x - x0) / (x1 - x0)
			if pl.LogX && x0 > 0 {
				t = math.Log(x/x0) / math.Log(x1/x0)
			}
			if pl.LogY && y0 > 0 && y1 > 0 {
				return math.Exp(math.Log(y0) + t*(math.Log(y1)-math.Log(y0)))
			}
			return y0 + t*(y1-y0)
		}
	}
	return math.NaN()
}

// ValueRange is the smallest and largest drawable figure, bands included.
func (pl *SweepPlot) ValueRange() (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, c := range pl.Curves {
		for _, vs := range [][]float64{c.Y, c.Lo, c.Hi} {
			for _, v := range vs {
				if Finite(v) && (!pl.LogY || v > 0) {
					lo, hi = min(lo, v), max(hi, v)
				}
			}
		}
	}
	return lo, hi, lo <= hi
}

// ValueLabel writes a value of the swept parameter compactly, for axis ticks and
// marks: "1k", "2.5M", "5%", "64".
func ValueLabel(v float64, unit string) string {
	var s string
	switch a := math.Abs(v); {
	case a >= 1e6:
		s = TrimZeros(strconv.FormatFloat(v/1e6, 'f', 2, 64)) + "M"
	case a >= 1e3:
		s = TrimZeros(strconv.FormatFloat(v/1e3, 'f', 1, 64)) + "k"
	case v != math.Trunc(v):
		s = strconv.FormatFloat(v, 'g', 2, 64)
	default:
		s = units.Count(v)
	}
	if unit == "%" {
		s += "%"
	}
	return s
}

// SweepValueLabel writes value v of s's swept parameter compactly: its name where the
// sweep names its values ("small"), else as ValueLabel does.
func SweepValueLabel(s *result.Sweep, v float64) string {
	if v == math.Trunc(v) {
		if l, ok := s.Label(int64(v)); ok {
			return l
		}
	}
	return ValueLabel(v, s.Unit)
}

// pointValue writes a point's value as a table's cell: its name where the sweep
// names its values, else the number in full ("1,000,000").
func pointValue(s *result.Sweep, v int64) string {
	if l, ok := s.Label(v); ok {
		return l
	}
	return units.Count(float64(v))
}

// ApproxLabel labels an interpolated value, to two significant digits: "630k".
func ApproxLabel(v float64, unit string) string {
	if v != 0 {
		mag := math.Pow(10, math.Floor(math.Log10(math.Abs(v)))-1)
		v = math.Round(v/mag) * mag
	}
	return ValueLabel(v, unit)
}

// Doubling reports whether values (ascending) step by one whole factor of 2 or more
// throughout, over three values at least: 1, 2, 4 … 64, or 1, 4, 16.
func Doubling(values []int64) bool {
	if len(values) < 3 || values[0] <= 0 {
		return false
	}
	f := values[1] / values[0]
	if f < 2 {
		return false
	}
	for i := 1; i < len(values); i++ {
		if values[i] != values[i-1]*f {
			return false
		}
	}
	return true
}
