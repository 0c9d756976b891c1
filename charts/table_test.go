package charts

import (
	"math"
	"slices"
	"strings"
	"testing"

	"localitylab/charts/internal/fixture"
	"localitylab/lab/result"
)

func column(t *testing.T, tab Table, name string) int {
	t.Helper()
	i := slices.Index(tab.Columns, name)
	if i < 0 {
		t.Fatalf("no column %q in %v", name, tab.Columns)
	}
	return i
}

func TestSummaryTableOrderAndFigures(t *testing.T) {
	tab := SummaryTable(fixture.Failed())
	var order []string
	for _, r := range tab.Rows {
		order = append(order, r.Backing)
	}
	want := []string{"spatialhash", "rowvec", "soa", "slotmap", "ptrarray", "map"}
	if !slices.Equal(order, want) {
		t.Fatalf("rows %v, want fastest first and the failed map last: %v", order, want)
	}
	ratio, misses := column(t, tab, "× slower than best (95% CI)"), column(t, tab, "misses/frame")
	tests := []struct {
		row, col int
		want     string
	}{
		{0, ratio, "best"},
		{1, ratio, "60.5× (59.3–61.7)"},
		{4, ratio, "1,013× (993–1,033)"},
		{5, ratio, "n/a"}, // the failed backing has no ratio: never a made-up one
		{0, misses, "51.9"},
		{5, 0, "map"},
	}
	for _, tt := range tests {
		if got := tab.Rows[tt.row].Cells[tt.col]; got != tt.want {
			t.Errorf("row %s, %s = %q, want %q", tab.Rows[tt.row].Backing, tab.Columns[tt.col], got, tt.want)
		}
	}
	if !strings.Contains(tab.Rows[5].Error, "killed") {
		t.Errorf("failed row error %q, want the worker's error", tab.Rows[5].Error)
	}
}

// A figure that was not measured reads "n/a", never zero.
func TestSummaryTableNotMeasured(t *testing.T) {
	r := fixture.Run(fixture.Standard()) // counters off
	r.Backings[0].Error = "worker exited during load"
	r.Backings[0].Frames = result.Series{}
	r.Backings[0].Load = result.Load{}
	r.Ratios = slices.DeleteFunc(r.Ratios, func(q result.Ratio) bool { return q.Backing == "ptrarray" })
	r.Ratios = append(r.Ratios, result.Ratio{Backing: "soa", Vs: "slotmap", Median: 0.67, Lo: 0.6, Hi: 1.1})
	tab := SummaryTable(r)
	last := tab.Rows[len(tab.Rows)-1]
	if last.Backing != "ptrarray" {
		t.Fatalf("last row %s, want the backing that failed", last.Backing)
	}
	for i, c := range last.Cells[1:] {
		if c != "n/a" {
			t.Errorf("failed-at-load %s = %q, want n/a", tab.Columns[i+1], c)
		}
	}
	misses := column(t, tab, "misses/frame")
	for _, row := range tab.Rows {
		if row.Cells[misses] != "n/a" {
			t.Errorf("%s misses/frame = %q with counters off, want n/a", row.Backing, row.Cells[misses])
		}
	}
}

func TestRatioCell(t *testing.T) {
	r := &result.Run{Ratios: []result.Ratio{
		{Backing: "soa", Vs: "map", Median: 3, Lo: 2.9, Hi: 3.1, Significant: true},
		{Backing: "soa", Vs: "slotmap", Median: 1.02, Lo: 0.97, Hi: 1.08},
		{Backing: "rowvec", Vs: "map", Median: 2, Lo: 1.5, Hi: 2.5, Significant: true},
	}}
	tests := []struct{ name, best, want string }{
		{"soa", "slotmap", "1.02× (0.97–1.08) n.s."},
		{"slotmap", "slotmap", "best"},
		{"rowvec", "slotmap", "2.00× (1.50–2.50) vs map"},
		{"ptrarray", "slotmap", "n/a"},
	}
	for _, tt := range tests {
		if got := ratioCell(r, tt.name, tt.best); got != tt.want {
			t.Errorf("ratioCell(%s vs %s) = %q, want %q", tt.name, tt.best, got, tt.want)
		}
	}
}

func TestTypicalFrameTimesUsesPartialFrames(t *testing.T) {
	r := fixture.Failed()
	r.Backings[1].Summary.P50NS = 0
	got := TypicalFrameTimes(r)
	if math.IsNaN(got[1]) || got[1] < 1e6 || got[1] > 1e7 {
		t.Errorf("typical frame time of the failed map = %v, want its partial median (~3.6 ms)", got[1])
	}
}

// TestSummaryTableUnresolved: frames shorter than the machine's clock resolves are
// not ranked: no "best", no ratio but "cannot tell", and no time below the clock's
// reach shown as a figure (never "0 ns").
func TestSummaryTableUnresolved(t *testing.T) {
	frames := result.Series{NS: make([]int64, 12)}
	r := &result.Run{Schema: result.Schema, Frames: 12, Warmup: 2,
		Timer: &result.FrameTimer{Clock: result.ClockWall,
			Wall: result.ClockReading{Source: "time.Now", ResolutionNS: 1e6, StepNS: 1e6, Reads: 5000, Repeats: 4900}},
		Backings: []result.Backing{
			{Name: "map", Frames: frames, Summary: result.Summary{Measured: 10, P50NS: 0, P99NS: 1e6}},
			{Name: "slotmap", Frames: frames, Summary: result.Summary{Measured: 10, P50NS: 0, P99NS: 30e6}},
		}}
	tab := SummaryTable(r)
	ratio, p50, p99 := column(t, tab, "× slower than best (95% CI)"), column(t, tab, "p50 frame"), column(t, tab, "p99 frame")
	for _, row := range tab.Rows {
		if got := row.Cells[ratio]; got != "cannot tell" {
			t.Errorf("%s: ratio %q, want \"cannot tell\"", row.Backing, got)
		}
		if got := row.Cells[p50]; got != "< 20.0 ms" {
			t.Errorf("%s: p50 %q, want \"< 20.0 ms\"", row.Backing, got)
		}
	}
	if got := tab.Rows[1].Cells[p99]; got != "30.0 ms" {
		t.Errorf("slotmap: p99 %q, want the figure, 30 ticks of the clock", got)
	}
	r.Timer = nil // a file that does not record its clock: its 0 ns is still no figure
	for _, row := range SummaryTable(r).Rows {
		if got := row.Cells[p50]; got != "n/a" {
			t.Errorf("no clock recorded, %s: p50 %q, want n/a", row.Backing, got)
		}
	}
}
