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

// TestSweepGCAndSpan: where the collector ran, the points table shows each backing's
// GC/frame ("0" where it never ran, n/a in a file without it); the backings table
// shows the span; the words say which working sets are spans.
func TestSweepGCAndSpan(t *testing.T) {
	mk := func(name string, ns, gc, span float64, cycles uint64) result.PointBacking {
		return result.PointBacking{Name: name, NSPerEntity: ns, NSPerEntityLo: ns, NSPerEntityHi: ns, BytesPerEntity: 32,
			WorkingSetBytes: 32000, SpanBytes: span, GCCPUNSPerFrame: gc, GCCycles: cycles, GCCyclesPer1000: float64(cycles) * 10, P99WithGCNS: 1}
	}
	s := &result.Sweep{Param: "allocs", Values: []int64{1, 2}, Backings: []string{"ptrarray", "map"}, Points: []result.Point{
		{Value: 1, Entities: 1000, Backings: []result.PointBacking{mk("ptrarray", 1, 0, 130000, 0), mk("map", 2, 0, 0, 0)}},
		{Value: 2, Entities: 1000, Backings: []result.PointBacking{mk("ptrarray", 1, 310000, 130000, 4), mk("map", 2, 0, 0, 0)}},
	}}
	s.Points[1].Backings[1].P99WithGCNS = 0 // as read from an older file
	pt := SweepPointsTable(s)
	if got := strings.Join(pt.Columns, "|"); got != "allocs|ptrarray ns/entity (95% CI)|map ns/entity (95% CI)|ptrarray GC/frame|map GC/frame|fastest|rounds" {
		t.Errorf("columns %s", got)
	}
	if got := strings.Join(pt.Rows[1].Cells[3:5], "|"); got != "310 µs (40/1k)|n/a" {
		t.Errorf("GC cells at allocs 2: %s", got)
	}
	if got := pt.Rows[0].Cells[3]; got != "0" {
		t.Errorf("GC cell where it never ran: %s", got)
	}
	bt := SweepBackingsTable(s)
	if bt.Rows[0].Cells[5] != "127 KiB" || bt.Rows[0].Cells[6] != "127 KiB" || bt.Rows[1].Cells[5] != "n/a" || bt.Rows[1].Cells[6] != "31.2 KiB" {
		t.Errorf("span and working set cells %v, %v", bt.Rows[0].Cells, bt.Rows[1].Cells)
	}
	if w := WorkingSetWords(s); !strings.Contains(w, "the larger of the address span") || !strings.Contains(w, "for map, which reports no span, the bytes kept") {
		t.Errorf("words %q", w)
	}
	// The chart's note says what its markers measured.
	for _, tc := range []struct {
		by   []string
		want string
	}{{[]string{result.MarkerBySpan}, "dashed: working set (by address span) reaches a cache"},
		{[]string{result.MarkerBySpan, result.MarkerByBytes}, "dashed: working set (address span; bytes kept where none) reaches a cache"},
		{[]string{""}, "dashed: working set reaches a cache"}} {
		s.Markers = nil
		for _, by := range tc.by {
			s.Markers = append(s.Markers, result.Marker{Backing: "ptrarray", Cache: "L3", At: 1.5, By: by})
		}
		if pl := NewSweepPlot(s, ScaleAuto, math.NaN()); !strings.Contains(pl.Note, tc.want) {
			t.Errorf("markers by %v: note %q, want %q", tc.by, pl.Note, tc.want)
		}
	}
	s.Markers = nil
	for k := range s.Points {
		s.Points[k].Backings[0].SpanBytes = 0
		s.Points[k].Backings[0].GCCycles = 0
	}
	if w := WorkingSetWords(s); !strings.Contains(w, "records no address span") {
		t.Errorf("words without spans %q", w)
	}
	if pt := SweepPointsTable(s); len(pt.Columns) != 5 {
		t.Errorf("columns without the collector: %v", pt.Columns)
	}
}

func TestDoubling(t *testing.T) {
	tests := []struct {
		values []int64
		want   bool
	}{
		{[]int64{1, 2, 4, 8, 16, 32, 64}, true},
		{[]int64{1, 4, 16}, true},
		{[]int64{1, 2}, false},                    // two points say nothing of a step
		{[]int64{1, 2, 3, 4}, false},              // steps of one
		{[]int64{0, 0, 0}, false},                 // nothing to double
		{[]int64{1000, 2000, 5000, 10000}, false}, // 1-2-5: the decade axis' own
		{[]int64{10, 15, 22}, false},              // a factor under 2
	}
	for _, tt := range tests {
		if got := Doubling(tt.values); got != tt.want {
			t.Errorf("Doubling(%v) = %v, want %v", tt.values, got, tt.want)
		}
	}
}
