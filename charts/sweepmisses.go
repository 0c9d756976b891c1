package charts

import (
	"image/color"
	"math"

	"localitylab/lab/result"
)

// A sweep's misses panel: under the cost per entity, on the same x axis, each
// backing's cache misses per entity at each point, so that a cliff in the cost is
// seen beside the misses that make it. A sweep carries simulated misses only (the
// measured points keep no hardware counts), so the panel is labelled simulated; it
// is absent where the sweep has none, and the chart is drawn as before.

// SweepMissesTitle heads the panel and names its axis.
const SweepMissesTitle = "Simulated D1/LL misses per entity"

// SweepMissesKey says how the panel's two lines per backing differ.
const SweepMissesKey = "solid: D1 (first level) · dashed: LL (last level) · by Callgrind's cache model"

// SweepMisses is the misses panel of a sweep's chart.
type SweepMisses struct {
	Title  string
	Note   string // top right: which line is which
	Curves []SweepMissCurve
}

// SweepMissCurve is one backing's misses of one cache level, point by point, NaN
// where it has no figure (a skipped point, a failed worker, a failed simulation).
type SweepMissCurve struct {
	Backing string
	Level   string // "D1", "LL"
	Dashed  bool   // LL: dashed, so that the two lines of a backing's colour differ
	Color   color.NRGBA
	X, Y    []float64 // misses per entity
}

// newSweepMisses makes the panel of s, or nil when no point of s has simulated
// misses.
func newSweepMisses(s *result.Sweep) *SweepMisses {
	if s.Counters.Simulated == nil {
		return nil
	}
	m := &SweepMisses{Title: SweepMissesTitle, Note: SweepMissesKey}
	found := false
	for i, name := range s.Backings {
		d1 := SweepMissCurve{Backing: name, Level: "D1", Color: Color(name)}
		ll := SweepMissCurve{Backing: name, Level: "LL", Dashed: true, Color: Color(name)}
		for _, p := range s.Points {
			if p.Skipped != "" || i >= len(p.Backings) {
				continue
			}
			b := &p.Backings[i]
			x, yd, yl := float64(p.Value), math.NaN(), math.NaN()
			if b.HasSim() && b.SimD1MissesPerEntity != nil && b.SimLLMissesPerEntity != nil {
				yd, yl, found = *b.SimD1MissesPerEntity, *b.SimLLMissesPerEntity, true
			}
			d1.X, d1.Y = append(d1.X, x), append(d1.Y, yd)
			ll.X, ll.Y = append(ll.X, x), append(ll.Y, yl)
		}
		m.Curves = append(m.Curves, d1, ll)
	}
	if !found {
		return nil
	}
	return m
}

// Max is the largest figure of the panel, 0 when all are 0.
func (m *SweepMisses) Max() float64 {
	hi := 0.0
	for _, c := range m.Curves {
		for _, v := range c.Y {
			if Finite(v) {
				hi = max(hi, v)
			}
		}
	}
	return hi
}
