//go:build !nogui

package ui

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"localitylab/lab/result"
	"localitylab/presets"
)

// TestSweepTabFollowsSetup: the parameter and its values follow the setup: entities
// and its defaults for a plain setup, a sweep lesson's own, and a parameter's
// defaults when one is chosen.
func TestSweepTabFollowsSetup(t *testing.T) {
	h := newHarness(t, small(), "")
	m := h.w.sweepTab()
	if m.param.Selected != "entities" || m.values.Text != "1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000, 1000000" {
		t.Errorf("plain setup: sweep %s over %q", m.param.Selected, m.values.Text)
	}
	p, err := presets.Lookup("hot-cold")
	if err != nil {
		t.Fatal(err)
	}
	h.w.setup.apply(p)
	if m.param.Selected != "cold_bytes" || m.values.Text != "0, 8, 16, 32, 64" {
		t.Errorf("hot-cold: sweep %s over %q", m.param.Selected, m.values.Text)
	}
	if txt := textOf(m.claims.box); !strings.Contains(txt, "Your prediction: from the first value of cold_bytes to the last, slotmap's cost per entity grows by how many times?") {
		t.Errorf("claims panel:\n%s", txt)
	}
	if txt := textOf(h.w.runTab().pane.lesson.box); !strings.Contains(txt, "A sweep answers this claim") {
		t.Errorf("the lesson panel does not send the sweep's claim to the Sweep tab:\n%s", txt)
	}
	m.param.SetSelected("moving_pct")
	if m.values.Text != "0, 1, 2, 5, 10, 20, 50" {
		t.Errorf("moving_pct: values %q", m.values.Text)
	}
	// The page mode is a parameter of the tab too, its values the modes' names, and
	// the pages lesson's own sweep is shown by them.
	m.param.SetSelected(result.PagesParam)
	if m.values.Text != "huge, small" {
		t.Errorf("pages: values %q, want huge, small", m.values.Text)
	}
	p, err = presets.Lookup("pages-and-tlb")
	if err != nil {
		t.Fatal(err)
	}
	h.w.setup.apply(p)
	if m.param.Selected != result.PagesParam || m.values.Text != "huge, small" {
		t.Errorf("pages-and-tlb: sweep %s over %q", m.param.Selected, m.values.Text)
	}
	if c, _, err := m.config(); err != nil || c.Param != result.PagesParam || len(c.Values) != 2 || c.Values[1] != 1 {
		t.Errorf("pages-and-tlb's sweep: %s over %v (%v), want pages over huge and small", c.Param, c.Values, err)
	}
}

// TestSweepRunsPointByPoint: Space in the Sweep tab starts a sweep of the setup; the
// chart and the table grow a point at a time, the setup is locked meanwhile, and the
// end leaves every point shown and the buttons as they were.
func TestSweepRunsPointByPoint(t *testing.T) {
	h := newHarness(t, small("ptrarray", "soa"), "")
	m := h.w.sweepTab()
	h.w.bringFront(m)
	m.values.SetText("500, 1k, 2000")
	h.key(fyne.KeySpace)
	if !m.sweeping {
		t.Fatalf("no sweep started; status %q", h.w.status.text())
	}
	if !h.w.setup.workload.Disabled() || !m.buttons.run.Disabled() || m.buttons.cancel.Disabled() || !h.w.runTab().buttons.run.Disabled() {
		t.Error("while sweeping, the setup and Run should be locked and Cancel enabled")
	}
	var seen []int // points on the chart after each update
	h.until("the sweep to end", func() bool {
		if c := m.chart.Plot().Curves; len(c) > 0 {
			seen = append(seen, len(c[0].X))
		}
		return !m.sweeping
	})
	pl := m.chart.Plot()
	if len(pl.Curves) != 2 || len(pl.Curves[0].X) != 3 || !pl.LogX || !math.IsNaN(pl.Pending) {
		t.Fatalf("chart: %d curves, %v points, log x %v, pending %v", len(pl.Curves), pl.Curves, pl.LogX, pl.Pending)
	}
	grew := false
	for _, n := range seen {
		grew = grew || n == 1 || n == 2
	}
	if !grew {
		t.Errorf("the chart went %v: want it to show the points before the last one came", seen)
	}
	if rows := m.table.Rows(); len(rows) != 3 || rows[0].Cells[0] != "500" {
		t.Errorf("table rows %+v", rows)
	}
	if m.progress.Value != 1 || !strings.HasPrefix(h.w.status.text(), "Sweep done: 3 points") {
		t.Errorf("progress %v, status %q", m.progress.Value, h.w.status.text())
	}
	if h.w.setup.workload.Disabled() || m.buttons.run.Disabled() || !m.buttons.cancel.Disabled() || m.buttons.export.Disabled() {
		t.Error("after the sweep the setup, Run sweep and Export should be enabled, Cancel not")
	}
}

// TestSweepBadValues: values that are no sweep are refused with the reason.
func TestSweepBadValues(t *testing.T) {
	for _, tc := range []struct{ values, want string }{
		{"1000", "values: 1 given (want at least 2)"},
		{"1000, lots", `values: "lots" is not a number`},
		{"0, 1000", "values: entities: 0 is out of range for sprites (want 1 to 10000000)"},
	} {
		h := newHarness(t, small(), "")
		h.w.sweepTab().values.SetText(tc.values)
		h.w.sweepTab().start()
		if h.w.sweepTab().sweeping || !strings.Contains(h.w.status.text(), tc.want) {
			t.Errorf("values %q: status %q, want %q and no sweep", tc.values, h.w.status.text(), tc.want)
		}
	}
}

// TestSweepCancelKeepsPoints: Esc cancels; the points done stay on the chart.
func TestSweepCancelKeepsPoints(t *testing.T) {
	h := newHarness(t, small("soa"), "")
	m := h.w.sweepTab()
	h.w.bringFront(m)
	m.values.SetText("500, 1000, 2000, 4000, 8000, 16000")
	h.key(fyne.KeySpace)
	h.until("a point", func() bool { return m.shown != nil && len(m.shown.Points) >= 1 })
	h.key(fyne.KeyEscape)
	h.until("the sweep to stop", func() bool { return !m.sweeping })
	if !strings.Contains(h.w.status.text(), "Sweep cancelled after") || len(m.shown.Points) < 1 || len(m.shown.Points) == 6 {
		t.Errorf("status %q with %d points", h.w.status.text(), len(m.shown.Points))
	}
}

// TestSweepSaveOpenExport: a sweep saved is opened again as it was; Open run hands a
// sweep file to the Sweep tab; every export writes its file.
func TestSweepSaveOpenExport(t *testing.T) {
	h := newHarness(t, small("soa"), "")
	m := h.w.sweepTab()
	m.values.SetText("500, 1000")
	m.start()
	h.until("the sweep to end", func() bool { return !m.sweeping })
	dir := t.TempDir()
	for _, f := range sweepFormats {
		path := filepath.Join(dir, "s"+f.Ext)
		h.w.results.exportTo(m, path, f)
		if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
	saved := m.shown
	m.clear("cleared")
	h.w.tabBar.SelectIndex(0)
	h.w.results.open(filepath.Join(dir, "s.json"))
	if !(h.w.front().job == m) || m.shown == nil || len(m.shown.Points) != len(saved.Points) || m.shown.Points[1].Backings[0].NSPerEntity != saved.Points[1].Backings[0].NSPerEntity {
		t.Errorf("opened: active %v, %+v", (h.w.front().job == m), m.shown)
	}
	if !strings.HasPrefix(h.w.status.text(), "Opened s.json: a sweep of entities") {
		t.Errorf("status %q", h.w.status.text())
	}
	back, err := result.LoadSweepJSON(filepath.Join(dir, "s.json"))
	if err != nil || back.Workload != "sprites" {
		t.Errorf("saved sweep: %v", err)
	}
}

// TestSweepKeysInTab: in the Sweep tab Ctrl+E, Ctrl+S and Ctrl+O act on sweeps.
func TestSweepKeysInTab(t *testing.T) {
	h := newHarness(t, small("soa"), "")
	m := h.w.sweepTab()
	h.w.bringFront(m)
	h.shortcut(keyOpen)
	if txt := h.overlayText(); !strings.Contains(txt, "Open a saved sweep") {
		t.Errorf("ctrl+O: dialog %q", txt)
	}
	h.w.win.Canvas().Overlays().Remove(h.w.win.Canvas().Overlays().Top())
	h.shortcut(keyExport)
	if txt := h.overlayText(); !strings.Contains(txt, "there is no sweep yet") {
		t.Errorf("ctrl+E with no sweep: %q", txt)
	}
}

// TestResetDuringSweepKeepsSetupLocked: after a finished live run, a sweep starts;
// Reset (its key and its action, as the button and the menu call it) while the sweep
// measures neither unlocks the setup nor clears the run, and the sweep carries on
// with nothing of its partial result offered for export until it ends.
func TestResetDuringSweepKeepsSetupLocked(t *testing.T) {
	h := newHarness(t, small("ptrarray", "soa"), "")
	h.w.runTab().start()
	h.finished()
	if h.w.runTab().shown == nil || h.w.runTab().buttons.reset.Disabled() {
		t.Fatal("after a finished run Reset should be enabled with the run shown")
	}
	m := h.w.sweepTab()
	h.w.bringFront(m)
	m.values.SetText("500, 1000, 2000, 4000")
	m.start()
	h.until("the sweep's first point", func() bool { return m.shown != nil && len(m.shown.Points) >= 1 })
	if !h.w.runTab().buttons.reset.Disabled() {
		t.Error("Reset is enabled while a sweep measures")
	}
	h.w.bringFront(h.w.runTab())
	h.key(fyne.KeyR)
	h.w.runTab().reset()
	locked := func() []string {
		var open []string
		p := h.w.setup
		for name, o := range map[string]interface{ Disabled() bool }{
			"preset": p.picker, "workload": p.workload, "cache": p.cache, "pages": p.pages, "counters": p.countersCheck,
			"entities": p.form.field("entities"), "sweep export": m.buttons.export, "sweep save": m.buttons.save,
			"run": h.w.runTab().buttons.run,
		} {
			if !o.Disabled() {
				open = append(open, name)
			}
		}
		for _, c := range p.checks {
			if !c.Disabled() {
				open = append(open, "backing "+c.Text)
			}
		}
		return open
	}
	if open := locked(); len(open) > 0 {
		t.Errorf("after Reset during the sweep these are unlocked: %v", open)
	}
	if !m.sweeping || h.w.runTab().shown == nil {
		t.Errorf("Reset during the sweep: sweeping %v, the run still shown %v", m.sweeping, h.w.runTab().shown != nil)
	}
	if !strings.Contains(h.w.status.text(), "a sweep is in progress") {
		t.Errorf("status %q: want the reason Reset was refused", h.w.status.text())
	}
	h.until("the sweep to end", func() bool { return !m.sweeping })
	if open := locked(); len(open) == 0 || h.w.setup.workload.Disabled() {
		t.Error("after the sweep the setup should unlock")
	}
}

// TestMarkerPlace: a cache marker is placed between the two values measured around
// it, with the parameter and its unit, never at an interpolated value no run had.
func TestMarkerPlace(t *testing.T) {
	cold := &result.Sweep{Param: "cold_bytes", Unit: "bytes", Values: []int64{0, 8, 16, 32}}
	entities := &result.Sweep{Param: "entities", Values: []int64{1000, 10000, 100000}}
	for _, tc := range []struct {
		s    *result.Sweep
		at   float64
		want string
	}{
		{cold, 1.5, "between cold_bytes = 0 and 8 bytes"},
		{cold, 16, "at cold_bytes = 16 bytes"},
		{entities, 31623, "between entities = 10k and 100k"},
	} {
		if got := markerPlace(tc.s, tc.at); got != tc.want {
			t.Errorf("%s at %v: %q, want %q", tc.s.Param, tc.at, got, tc.want)
		}
	}
}

// TestSweepTitle: a sweep keeps its lesson's title only when the lesson is a sweep
// of the parameter swept; an entities sweep of "A million sprites" is no million.
func TestSweepTitle(t *testing.T) {
	h := newHarness(t, presets.Default(), "")
	m := h.w.sweepTab()
	m.param.SetSelected("entities")
	m.values.SetText("1000, 10000")
	c, _, err := m.config()
	if err != nil || c.Run.Title != "" {
		t.Errorf("an entities sweep of %q: title %q (%v), want none", presets.Default().Title, c.Run.Title, err)
	}
	p, err := presets.Lookup("cache-cliff")
	if err != nil {
		t.Fatal(err)
	}
	h.w.setup.apply(p)
	c, _, err = m.config()
	if err != nil || c.Run.Title != p.Title {
		t.Errorf("the cache cliff's own sweep: title %q (%v), want %q", c.Run.Title, err, p.Title)
	}
}

// TestOpenPagesSweep: a saved sweep of the page mode opens on the Sweep tab with its
// values by name, in the table too, and its lesson's setup.
func TestOpenPagesSweep(t *testing.T) {
	h := newHarness(t, small(), "")
	s, err := result.LoadSweepJSON("../lab/result/testdata/sweep.json")
	if err != nil {
		t.Fatal(err)
	}
	s.Title, s.Backings = "Pages and the TLB", []string{"ptrarray", "soa"}
	s.Param, s.LogX, s.Modes, s.Pages = result.PagesParam, false, true, ""
	s.Values, s.Labels = []int64{0, 1}, []string{result.PagesHuge, result.PagesSmall}
	s.Points, s.Crossings, s.Markers = s.Points[:2], []result.Crossing{}, []result.Marker{}
	s.Points[0].Value, s.Points[1].Value = 0, 1
	path := filepath.Join(t.TempDir(), "pages.json")
	if err := result.SaveSweepJSON(path, s); err != nil {
		t.Fatal(err)
	}
	h.w.results.open(path)
	m := h.w.sweepTab()
	if m.param.Selected != result.PagesParam || m.values.Text != "huge, small" {
		t.Errorf("the Sweep tab shows %s over %q, want pages over huge, small; status %q", m.param.Selected, m.values.Text, h.w.status.text())
	}
	if p := h.w.setup.preset; p.Name != "pages-and-tlb" {
		t.Errorf("setup %q, want the pages lesson's", p.Name)
	}
	if rows := m.table.Rows(); len(rows) != 2 || rows[0].Cells[0] != "huge" || rows[1].Cells[0] != "small" {
		t.Errorf("table rows %v: want huge, then small", rows)
	}
}
