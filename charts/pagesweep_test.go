package charts

import (
	"math"
	"slices"
	"strings"
	"testing"

	"localitylab/lab/result"
)

// TestNamedValues: a sweep whose values are names (the page mode's) shows the names,
// never the numbers that stand for them, in its tables, headline, chart and order
// of backings.
func TestNamedValues(t *testing.T) {
	pb := func(name string, ns float64) result.PointBacking {
		return result.PointBacking{Name: name, NSPerEntity: ns, NSPerEntityLo: 0.97 * ns, NSPerEntityHi: 1.03 * ns}
	}
	s := &result.Sweep{Workload: "sprites", Param: result.PagesParam, Modes: true, Values: []int64{0, 1}, Labels: []string{"huge", "small"},
		Backings: []string{"ptrarray", "soa"}, Cache: "warm",
		Points: []result.Point{
			{Value: 0, Backings: []result.PointBacking{pb("ptrarray", 30), pb("soa", 2)}},
			{Value: 1, Backings: []result.PointBacking{pb("ptrarray", 40), pb("soa", 2)}},
		}}
	points := SweepPointsTable(s)
	if points.Rows[0].Cells[0] != "huge" || points.Rows[1].Cells[0] != "small" {
		t.Errorf("points table's values %q, %q: want huge, small", points.Rows[0].Cells[0], points.Rows[1].Cells[0])
	}
	if cols := SweepBackingsTable(s).Columns; cols[1] != "ns/entity at huge" || cols[2] != "ns/entity at small" {
		t.Errorf("backings table's columns %v: want at huge, at small", cols)
	}
	if h := SweepHeadline(s); !strings.Contains(h, "sprites over pages · huge to small (2 points)") {
		t.Errorf("headline %q: want the range by name", h)
	}
	pl := NewSweepPlot(s, ScaleAuto, math.NaN())
	if pl.XTicks == nil || !slices.Equal(pl.XTicks(0, 1), []float64{0, 1}) || pl.XLabel == nil || pl.XLabel(0) != "huge" || pl.XLabel(1) != "small" {
		t.Errorf("chart: want a tick at each value, labelled by name")
	}
	if pl.XLabel != nil && pl.XLabel(0.5) != "0.5" {
		t.Errorf("a tick between two names: %q, want the number", pl.XLabel(0.5))
	}
	for _, l := range ModeOrders(s) {
		if strings.Contains(l, "pages = 0") || strings.Contains(l, "at 0") {
			t.Errorf("order by mode %q names a value by its number", l)
		}
	}
}
