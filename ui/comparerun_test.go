//go:build !nogui

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
	first.w.results.exportTo(first.w.runTab(), path, tabOf(first.w.tabs, first.w.runTab()).format("JSON"))

	h := ranHarness(t)
	if h.w.runTab().items.clearBase.Disabled != true {
		t.Error("Clear the comparison is enabled with nothing to clear")
	}
	h.w.runTab().base.compareWith(path)
	if !strings.Contains(h.w.status.text(), "Comparing with before.json") || h.w.runTab().items.clearBase.Disabled {
		t.Errorf("status %q, clear disabled %v", h.w.status.text(), h.w.runTab().items.clearBase.Disabled)
	}
	checkVsBase := func(when string) {
		t.Helper()
		cols := h.w.runTab().pane.table.table.Columns
		if cols[len(cols)-1] != charts.VsBaseColumn {
			t.Fatalf("%s: columns %v, want %q last", when, cols, charts.VsBaseColumn)
		}
		for _, r := range h.w.runTab().pane.table.Rows() {
			if c := r.Cells[len(r.Cells)-1]; !strings.HasSuffix(strings.TrimSuffix(c, " n.s."), "%)") {
				t.Errorf("%s: %s vs base %q, want a change with its interval", when, r.Backing, c)
			}
		}
		for _, c := range h.w.runTab().pane.charts.charts {
			if c.Base() == nil {
				t.Errorf("%s: the %v chart shows no base", when, c.Metric())
			}
		}
	}
	checkVsBase("after choosing the base")
	h.w.runTab().begin(false)
	h.finished()
	checkVsBase("after another run")

	h.w.runTab().base.clear()
	if slices.Contains(h.w.runTab().pane.table.table.Columns, charts.VsBaseColumn) || h.w.runTab().pane.charts.charts[0].Base() != nil || !h.w.runTab().items.clearBase.Disabled {
		t.Errorf("after clearing: columns %v, base %v", h.w.runTab().pane.table.table.Columns, h.w.runTab().pane.charts.charts[0].Base())
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
	h.w.runTab().base.compareWith(other)
	if h.w.runTab().base.r != nil || !strings.Contains(h.w.status.text(), "different workloads") {
		t.Errorf("a bullets run as the base of a sprites setup: base %v, status %q", h.w.runTab().base.r != nil, h.w.status.text())
	}

	// A run of another length is refused as `compare` refuses it, naming the
	// difference (launch.CheckBase: one rule for the window, -compare and compare).
	r.Workload, r.Frames, r.Forks = "sprites", r.Frames+10, nil // a run of one fork, ten frames longer
	for i := range r.Backings {
		b := &r.Backings[i]
		b.ForkLoadNS, b.Summary.ForkP50NS = nil, nil
		b.SetConditions(b.FrameCPUs()[:1], b.PagesByFork()[:1]) // the first fork's, as a run of one records them
	}
	for i := range r.Ratios {
		r.Ratios[i].ForkMedians = nil // a run of one fork has no fork's figures
	}
	longer := filepath.Join(dir, "longer.json")
	if err := result.SaveJSON(longer, r); err != nil {
		t.Fatal(err)
	}
	h.w.runTab().base.compareWith(longer)
	if h.w.runTab().base.r != nil || !strings.Contains(h.w.status.text(), "frames: ") {
		t.Errorf("a run of another length as the base: base %v, status %q", h.w.runTab().base.r != nil, h.w.status.text())
	}
}
