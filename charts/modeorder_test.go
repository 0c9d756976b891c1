package charts

import (
	"slices"
	"testing"

	"localitylab/lab/result"
)

// TestModeOrders: a sweep of modes says the order at each value, never a crossing
// between two values.
func TestModeOrders(t *testing.T) {
	mk := func(backings []string, costs [][]float64, significant []bool) *result.Sweep {
		s := &result.Sweep{Param: "dispatch", Modes: true, Backings: backings}
		for k := range costs[0] {
			p := result.Point{Value: int64(k)}
			for i, b := range backings {
				p.Backings = append(p.Backings, result.PointBacking{Name: b, NSPerEntity: costs[i][k]})
			}
			for i := range backings {
				for j := i + 1; j < len(backings); j++ {
					p.Pairs = append(p.Pairs, result.Ratio{Backing: backings[i], Vs: backings[j], Significant: significant[k]})
				}
			}
			s.Points = append(s.Points, p)
		}
		return s
	}
	tests := []struct {
		name string
		s    *result.Sweep
		want []string
	}{
		{"order changes at 2", mk([]string{"slotmap", "soa"}, [][]float64{{1, 1.5, 4}, {2, 2, 2.5}}, []bool{true, true, true}),
			[]string{"Order by mode: slotmap faster than soa at dispatch = 0 and 1, soa faster at 2."}},
		{"within noise at 1", mk([]string{"slotmap", "soa"}, [][]float64{{1, 2.1, 4}, {2, 2, 2.5}}, []bool{true, false, true}),
			[]string{"Order by mode: slotmap faster than soa at dispatch = 0, soa faster at 1 and 2; within noise at 1."}},
		{"within noise everywhere", mk([]string{"slotmap", "soa"}, [][]float64{{1, 2.1, 4}, {2, 2, 2.5}}, []bool{false, false, false}),
			[]string{"Order by mode: slotmap and soa, no clear order at any value of dispatch (within noise at 0, 1 and 2)."}},
		{"the same order throughout", mk([]string{"slotmap", "soa", "ptrarray"}, [][]float64{{1, 1, 1}, {2, 2, 2}, {9, 9, 9}}, []bool{true, true, true}),
			[]string{"No two backings change order over the values of dispatch measured (its values are modes, not amounts)."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := CrossingLines(tc.s); !slices.Equal(got, tc.want) {
				t.Errorf("lines = %q\nwant    %q", got, tc.want)
			}
		})
	}
}
