package charts

import (
	"math"
	"strings"
	"testing"

	"localitylab/charts/internal/fixture"
	"localitylab/lab/result"
)

func TestNewSweepPlot(t *testing.T) {
	s := fixture.Sweep()
	pl := NewSweepPlot(s, ScaleAuto, math.NaN())
	if !pl.LogX || !pl.LogY {
		t.Errorf("log x %v, log y %v: want both (entities; costs from 0.95 to 30 ns, and ptrarray's cliff)", pl.LogX, pl.LogY)
	}
	if len(pl.Curves) != 3 || len(pl.Curves[2].Y) != 7 || !math.IsNaN(pl.Curves[2].Y[3]) {
		t.Errorf("curves = %+v: want three, spatialhash's with a gap where it failed and none for the skipped point", pl.Curves)
	}
	if !pl.Keys[2].Failed || !strings.Contains(pl.Keys[2].Note, "failed at entities = 30,000") {
		t.Errorf("key = %+v: want spatialhash marked failed", pl.Keys[2])
	}
	if len(pl.Crosses) != 2 || math.Abs(pl.Crosses[0].Y-1.2) > 0.15 || !pl.Crosses[0].Significant || pl.Crosses[1].Significant {
		t.Errorf("crosses = %+v: want one near soa's 1.2 ns, significant, and one within noise", pl.Crosses)
	}
	if got := NewSweepPlot(s, ScaleLinear, math.NaN()); got.LogY {
		t.Error("ScaleLinear gave a log axis")
	}
	// A narrow range stays linear on the automatic scale.
	flat := &result.Sweep{Param: "cold_bytes", Unit: "bytes", Values: []int64{0, 8}, Backings: []string{"soa"},
		Points: []result.Point{{Value: 0, Backings: []result.PointBacking{{Name: "soa", NSPerEntity: 1}}},
			{Value: 8, Backings: []result.PointBacking{{Name: "soa", NSPerEntity: 2}}}}}
	if pl := NewSweepPlot(flat, ScaleAuto, math.NaN()); pl.LogY || pl.LogX || pl.XCaption != "cold_bytes (bytes)" {
		t.Errorf("flat sweep: log y %v, log x %v, caption %q", pl.LogY, pl.LogX, pl.XCaption)
	}
}

func TestValueLabel(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		unit string
		want string
	}{{1000, "", "1k"}, {2500000, "", "2.5M"}, {500, "", "500"}, {5, "%", "5%"}, {3.4, "%", "3.4%"}, {1500, "", "1.5k"}} {
		if got := ValueLabel(tc.v, tc.unit); got != tc.want {
			t.Errorf("ValueLabel(%v, %q) = %q, want %q", tc.v, tc.unit, got, tc.want)
		}
	}
}
