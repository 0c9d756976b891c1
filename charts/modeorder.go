package charts

import (
	"fmt"
	"slices"
	"strings"

	"localitylab/lab/result"
)

// ModeOrders says, for a sweep whose values are modes (result.Sweep.Modes), which of
// every two backings that change order was faster at each value: "Order by mode: soa
// faster than slotmap at dispatch = 0 and 1, slotmap faster at 2." A mode has no
// value between two others, so no crossing is interpolated; a value where the two
// are within noise says so, and two that are within noise at every value have no
// clear order. Two backings in the same order at every value are left
// out, and a line says when no two change order.
func ModeOrders(s *result.Sweep) []string {
	if len(s.Backings) < 2 {
		return nil
	}
	var out []string
	for i := range s.Backings {
		for j := i + 1; j < len(s.Backings); j++ {
			if line := modeOrder(s, s.Backings[i], s.Backings[j]); line != "" {
				out = append(out, line)
			}
		}
	}
	if len(out) == 0 {
		return []string{fmt.Sprintf("No two backings change order over the values of %s measured (its values are modes, not amounts).", s.Param)}
	}
	return out
}

// modeOrder is the order of backings a and b at each value where both have figures,
// or "" when one is faster at every one of them.
func modeOrder(s *result.Sweep, a, b string) string {
	i, j := slices.Index(s.Backings, a), slices.Index(s.Backings, b)
	var first string
	var groups []struct {
		faster, slower string
		values         []string
	}
	var noise []string
	measured := 0
	for k := range s.Points {
		p := &s.Points[k]
		if max(i, j) >= len(p.Backings) || !usablePoint(&p.Backings[i]) || !usablePoint(&p.Backings[j]) {
			continue
		}
		measured++
		faster, slower := a, b
		if p.Backings[j].NSPerEntity < p.Backings[i].NSPerEntity {
			faster, slower = b, a
		}
		v := s.ValueName(p.Value)
		if !pairSignificant(p, a, b) {
			noise = append(noise, v)
		}
		if first == "" {
			first = faster
		}
		if n := len(groups); n > 0 && groups[n-1].faster == faster {
			groups[n-1].values = append(groups[n-1].values, v)
			continue
		}
		groups = append(groups, struct {
			faster, slower string
			values         []string
		}{faster, slower, []string{v}})
	}
	if len(groups) < 2 {
		return ""
	}
	if len(noise) == measured {
		return fmt.Sprintf("Order by mode: %s and %s, no clear order at any value of %s (within noise at %s).", a, b, s.Param, joinAnd(noise))
	}
	parts := make([]string, len(groups))
	for g, gr := range groups {
		if g == 0 {
			parts[g] = fmt.Sprintf("%s faster than %s at %s = %s", gr.faster, gr.slower, s.Param, joinAnd(gr.values))
		} else {
			parts[g] = fmt.Sprintf("%s faster at %s", gr.faster, joinAnd(gr.values))
		}
	}
	line := "Order by mode: " + strings.Join(parts, ", ")
	if len(noise) > 0 {
		line += "; within noise at " + joinAnd(noise)
	}
	return line + "."
}

// usablePoint reports whether a backing has a cost per entity at a point.
func usablePoint(pb *result.PointBacking) bool {
	return pb.Measured() && pb.Error == ""
}

// pairSignificant reports whether the point's ratio of a and b excludes 1.
func pairSignificant(p *result.Point, a, b string) bool {
	for _, q := range p.Pairs {
		if q.Backing == a && q.Vs == b || q.Backing == b && q.Vs == a {
			return q.Significant
		}
	}
	return false
}

// joinAnd joins "0", "1" and "2" as "0, 1 and 2".
func joinAnd(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}
