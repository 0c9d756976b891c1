package sweep

import (
	"fmt"
	"math"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// crossing is where two curves change order between two neighbouring points.
type crossing struct {
	from, to int     // indexes of the points on either side
	at       float64 // the x where the curves meet, interpolated
	aBelow   bool    // curve a is the lower (faster) one before the crossing
}

// crossings finds where curves a and b change order along xs: between two points
// where both have a value (positive and finite; others are gaps) and a is below b at
// one and above it at the other. Points where the two are equal belong to neither
// side: the crossing is sought between the nearest points on either side that
// differ, and lies at the tie (the middle of the ties, if several) when there is one.
// Otherwise the meeting point is interpolated on the log of the ratio a/b, which is
// linear in x when both costs scale by powers of x, along x or, when logX, along log x.
func crossings(xs, a, b []float64, logX bool) []crossing {
	var out []crossing
	last := -1 // the last point where a and b differ
	var lastD float64
	tie0, tie1 := -1, -1 // the first and last ties since last
	for i := range xs {
		if !usable(a[i]) || !usable(b[i]) || logX && !(xs[i] > 0) {
			continue
		}
		d := math.Log(a[i] / b[i])
		if d == 0 {
			if tie0 < 0 {
				tie0 = i
			}
			tie1 = i
			continue
		}
		if last >= 0 && (d < 0) != (lastD < 0) {
			at := lerp(xs[last], xs[i], lastD/(lastD-d), logX)
			if tie0 >= 0 {
				at = lerp(xs[tie0], xs[tie1], 0.5, logX)
			}
			out = append(out, crossing{from: last, to: i, at: at, aBelow: lastD < 0})
		}
		last, lastD, tie0, tie1 = i, d, -1, -1
	}
	return out
}

// usable reports whether a figure can take part in a comparison on a log scale.
func usable(v float64) bool { return v > 0 && !math.IsInf(v, 0) && !math.IsNaN(v) }

// lerp goes fraction t of the way from x0 to x1, along log x when logX.
func lerp(x0, x1, t float64, logX bool) float64 {
	if logX {
		return math.Exp(math.Log(x0) + t*(math.Log(x1)-math.Log(x0)))
	}
	return x0 + t*(x1-x0)
}

// FindCrossings lists, for every two backings of s, where their curves of ns per
// entity cross, in the order of the backings and then of the values. A sweep of modes
// (result.Sweep.Modes) has none: nothing lies between two of its values for a line to
// cross at, and its backings are compared value by value instead (charts.ModeOrders).
func FindCrossings(s *result.Sweep) []result.Crossing {
	out := []result.Crossing{}
	if s.Modes {
		return out
	}
	xs := make([]float64, len(s.Points))
	for k, p := range s.Points {
		xs[k] = float64(p.Value)
	}
	for i := range s.Backings {
		for j := i + 1; j < len(s.Backings); j++ {
			a, b := curve(s, i), curve(s, j)
			for _, c := range crossings(xs, a, b, s.LogX) {
				below, above := s.Backings[i], s.Backings[j]
				if !c.aBelow {
					below, above = above, below
				}
				from, to := s.Points[c.from].Value, s.Points[c.to].Value
				out = append(out, result.Crossing{Below: below, Above: above, From: from, To: to, At: c.at,
					Significant: differs(&s.Points[c.from], below, above) && differs(&s.Points[c.to], below, above),
					Text:        crossingText(s, below, above, c.at, from, to)})
			}
		}
	}
	return out
}

// curve is backing i's ns per entity at each point, NaN where it has none.
func curve(s *result.Sweep, i int) []float64 {
	ys := make([]float64, len(s.Points))
	for k, p := range s.Points {
		ys[k] = math.NaN()
		if i < len(p.Backings) && p.Backings[i].Measured() && p.Backings[i].Error == "" {
			ys[k] = p.Backings[i].NSPerEntity
		}
	}
	return ys
}

// differs reports whether the point's ratio of the two backings is significant.
func differs(p *result.Point, a, b string) bool {
	for _, q := range p.Pairs {
		if q.Backing == a && q.Vs == b || q.Backing == b && q.Vs == a {
			return q.Significant
		}
	}
	return false
}

// crossingText says a crossing in words: "spatialhash faster than soa below
// moving_pct ≈ 3.4% (the curves cross between 2% and 5%)".
func crossingText(s *result.Sweep, below, above string, at float64, from, to int64) string {
	return fmt.Sprintf("%s faster than %s below %s ≈ %s, %s faster above (the curves cross between %s and %s)",
		below, above, s.Param, units.ParamValue(at, s.Unit), above, units.ParamValue(float64(from), s.Unit), units.ParamValue(float64(to), s.Unit))
}
