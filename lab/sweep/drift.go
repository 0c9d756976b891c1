package sweep

import (
	"slices"

	"localitylab/lab/result"
)

// FindDrift measures, per backing, how its cost per entity moved from the sweep's
// first pass to its last: at every point with two forks or more of that backing, the
// last fork's median over the first's, and the median of those over the points. The
// passes run the points in alternating order, so this is the machine drifting (a
// build that started, a neighbour that stopped), not the parameter; a trend along
// the parameter cannot come from it, since every point's figure holds every pass.
// None for a sweep of one pass.
func FindDrift(s *result.Sweep) []result.Drift {
	var out []result.Drift
	for j, name := range s.Backings {
		var ratios []float64
		for k := range s.Points {
			p := &s.Points[k]
			if j >= len(p.Backings) {
				continue
			}
			fs := p.Backings[j].ForkNSPerEntity
			if len(fs) < 2 || fs[0] <= 0 || fs[len(fs)-1] <= 0 {
				continue
			}
			ratios = append(ratios, fs[len(fs)-1]/fs[0])
		}
		if len(ratios) == 0 {
			continue
		}
		slices.Sort(ratios)
		m := len(ratios) / 2
		d := ratios[m]
		if len(ratios)%2 == 0 {
			d = (ratios[m-1] + ratios[m]) / 2
		}
		out = append(out, result.Drift{Backing: name, Ratio: d, Points: len(ratios)})
	}
	return out
}
