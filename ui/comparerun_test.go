package ui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"localitylab/charts"
	"localitylab/lab/result"
)

// TestCompareWithSavedRun: a saved run becomes the base of the charts (its series
// dashed after the live ones) and of the table (a "vs base" column), through a new run
// and until it is cleared; a run of another workload, or of another length, is refused
// and changes nothing.
func TestCompareWithSavedRun(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "before.json")
	first := ranHarness(t)
	first.w.exportTo(path, charts.FormatNamed("JSON"))

	h := ranHarness(t)
	if h.w.menu.clearBase.Disabled != true {
		t.Error("Clear the comparison is enabled with nothing to clear")
	}
	h.w.compareWith(path)
	if !strings.Contains(h.w.status.Text, "Comparing with before.json") || h.w.menu.clearBase.Disabled {
		t.Errorf("status %q, clear disabled %v", h.w.status.Text, h.w.menu.clearBase.Disabled)
	}
	checkVsBase := func(when string) {
		t.Helper()
		cols := h.w.table.table.Columns
		if cols[len(cols)-1] != charts.VsBaseColumn {
			t.Fatalf("%s: columns %v, want %q last", when, cols, charts.VsBaseColumn)
		}
		for _, r := range h.w.table.Rows() {
			if c := r.Cells[len(r.Cells)-1]; !strings.HasSuffix(strings.TrimSuffix(c, " n.s."), "%)") {
				t.Errorf("%s: %s vs base %q, want a change with its interval", when, r.Backing, c)
			}
		}
		for _, c := range h.w.charts {
			if c.Base() == nil {
				t.Errorf("%s: the %v chart shows no base", when, c.Metric())
			}
		}
	}
	checkVsBase("after choosing the base")
	h.w.startRun(false)
	h.finished()
	checkVsBase("after another run")

	h.w.clearBase()
	if slices.Contains(h.w.table.table.Columns, charts.VsBaseColumn) || h.w.charts[0].Base() != nil || !h.w.menu.clearBase.Disabled {
		t.Errorf("after clearing: columns %v, base %v", h.w.table.table.Columns, h.w.charts[0].Base())
	}

	r, err := result.LoadJSON(path)
	if err != nil {
		t.Fatal(err)
	}
	r.Workload = "bullets"
	other := filepath.Join(dir, "bullets.json")
	if err := result.SaveJSON(other, r); err != nil {
		t.Fatal(err)
	}
	h.w.compareWith(other)
	if h.w.base != nil || !strings.Contains(h.w.status.Text, "different workloads") {
		t.Errorf("a bullets run as the base of a sprites setup: base %v, status %q", h.w.base != nil, h.w.status.Text)
	}

	// A run of another length is refused as `compare` refuses it, naming the
	// difference (launch.CheckBase: one rule for the window, -compare and compare).
	r.Workload, r.Frames = "sprites", r.Frames+10
	longer := filepath.Join(dir, "longer.json")
	if err := result.SaveJSON(longer, r); err != nil {
		t.Fatal(err)
	}
	h.w.compareWith(longer)
	if h.w.base != nil || !strings.Contains(h.w.status.Text, "frames: ") {
		t.Errorf("a run of another length as the base: base %v, status %q", h.w.base != nil, h.w.status.Text)
	}
}
