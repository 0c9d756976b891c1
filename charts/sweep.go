package charts

import (
	"fmt"
	"image/color"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// A sweep's chart: x is the swept parameter, y each backing's cost per entity (the
// median frame time over the entities), one line per backing in its colour with its
// interval as a band; vertical markers where a backing's working set reaches each
// cache's size; a ring where two lines cross. The window, the PNG and the HTML page
// draw it from the same SweepPlot, so that they agree.

// sweepLogRatio is how far apart the cheapest and dearest costs per entity must be
// for ScaleAuto to draw y on a log axis.
const sweepLogRatio = 30

// SweepPlot is a sweep's chart ready to draw.
type SweepPlot struct {
	XCaption string // "entities", "moving_pct (%)"
	Unit     string // the parameter's unit, for value labels
	LogX     bool
	LogY     bool
	XMin     float64 // the x axis spans the sweep's values, measured or not
	XMax     float64
	Curves   []SweepCurve
	Markers  []SweepMarker
	Crosses  []SweepCross
	Keys     []Key
	Note     string  // top right: "log scale", what is being measured
	Pending  float64 // the value being measured now, drawn as a faint column; NaN for none
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

// SweepCross is one crossing of two lines, ringed at (X, Y): boldly and labelled
// when the two differ significantly on both sides, faintly when noise could have
// made it (two lines within noise of each other cross back and forth).
type SweepCross struct {
	X, Y        float64
	Label       string
	Significant bool
}

// NewSweepPlot makes the chart of s. pending is the value being measured while a
// sweep is live (NaN when none), drawn so that a reader sees where the sweep is.
func NewSweepPlot(s *result.Sweep, scale Scale, pending float64) SweepPlot {
	pl := SweepPlot{XCaption: s.Param, Unit: s.Unit, LogX: s.LogX, Pending: pending}
	if s.Unit != "" {
		pl.XCaption += " (" + s.Unit + ")"
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
				note, failed = "failed at "+s.Param+" = "+units.Count(float64(p.Value)), true
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
		notes = append(notes, "dashed: working set reaches a cache")
	}
	if len(pl.Crosses) > 0 {
		notes = append(notes, "○ lines cross (faint: within noise)")
	}
	pl.Note = strings.Join(notes, " · ")
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

// ApproxLabel labels an interpolated value, to two significant digits: "630k".
func ApproxLabel(v float64, unit string) string {
	if v != 0 {
		mag := math.Pow(10, math.Floor(math.Log10(math.Abs(v)))-1)
		v = math.Round(v/mag) * mag
	}
	return ValueLabel(v, unit)
}

// SweepHeadline is the title line of a sweep: its lesson title if any, the
// workload, the parameter and its range, the backings and the cache mode.
func SweepHeadline(s *result.Sweep) string {
	parts := []string{s.Workload + " over " + s.Param}
	if n := len(s.Values); n > 0 {
		parts = append(parts, fmt.Sprintf("%s to %s (%d points)", ValueLabel(float64(s.Values[0]), s.Unit),
			ValueLabel(float64(s.Values[n-1]), s.Unit), n))
	}
	if seed, ok := s.Params["seed"]; ok {
		parts = append(parts, "seed "+strconv.FormatInt(seed, 10))
	}
	parts = append(parts, s.Cache+" caches")
	h := "Sweep: " + strings.Join(parts, " · ")
	if s.Title != "" {
		h = s.Title + " — " + h
	}
	return h
}

// SweepParamList writes the fixed parameters, sorted by name.
func SweepParamList(s *result.Sweep) string {
	return "fixed: " + s.Params.List() + TiedText(s)
}

// TiedText says which parameters followed the swept one, and how: "; on_screen
// follows entities (0.2% of them)"; "" when none did.
func TiedText(s *result.Sweep) string {
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(s.Tied)) {
		parts = append(parts, fmt.Sprintf("%s follows %s (%s of them)", name, s.Param,
			strconv.FormatFloat(100*s.Tied[name], 'g', 3, 64)+"%"))
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, ", ")
}

// SweepHostLine says where and when the sweep ran, and the caches it compared with.
func SweepHostLine(s *result.Sweep) string {
	parts := []string{HostName(s.Host)}
	if !s.Started.IsZero() {
		parts = append(parts, s.Started.Format("2006-01-02 15:04 -07:00"))
	}
	parts = append(parts, CachesText(s))
	if s.DurationNS > 0 {
		parts = append(parts, "took "+units.Duration(float64(s.DurationNS)))
	}
	return strings.Join(parts, " · ")
}

// CachesText lists the caches: "caches L1d 32 KiB, L2 1 MiB, L3 32 MiB", or why
// there are none.
func CachesText(s *result.Sweep) string {
	if len(s.Caches) == 0 {
		if s.CachesNote != "" {
			return "cache sizes unknown (" + s.CachesNote + ")"
		}
		return "cache sizes unknown"
	}
	parts := make([]string, len(s.Caches))
	for i, c := range s.Caches {
		parts[i] = c.Name + " " + units.Bytes(float64(c.Bytes))
	}
	return "caches " + strings.Join(parts, ", ")
}

// SkippedText names the points that were not run, and why: "" when none were.
func SkippedText(s *result.Sweep) string {
	var parts []string
	for _, p := range s.Points {
		if p.Skipped != "" {
			parts = append(parts, s.Param+" = "+units.Count(float64(p.Value))+": "+p.Skipped)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Skipped (would not fit in memory): " + strings.Join(parts, "; ")
}

// DriftText says how each backing's cost per entity moved from the sweep's first pass
// over the points to its last, "" for a sweep of one pass: the passes ran the points in
// alternating order, so a drift of the machine falls on every point alike and is
// reported here rather than read as a trend.
func DriftText(s *result.Sweep) string {
	if len(s.Drift) == 0 {
		return ""
	}
	parts := make([]string, len(s.Drift))
	for i, d := range s.Drift {
		parts[i] = d.Backing + " " + units.Percent(d.Ratio)
	}
	return fmt.Sprintf("Drift over the %d passes (each point's last fork against its first, the median over the points; "+
		"the passes ran the points in alternating order, so drift falls on every point alike): %s.", s.Forks, strings.Join(parts, ", "))
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
