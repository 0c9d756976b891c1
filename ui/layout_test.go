//go:build !nogui

package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"localitylab/charts"
	"localitylab/lab/runtest"
	"localitylab/presets"
)

// TestFitsSmallScreens checks that the window's content, a run's rows in its table,
// fits the work area of a 1366×768 classroom laptop (less the desktop's bars: 92% of
// the height) for the presets with the most backings, with normal and large text.
func TestFitsSmallScreens(t *testing.T) {
	for _, large := range []bool{false, true} {
		limit := fyne.NewSize(1366*0.96, 768*0.92)
		for _, name := range []string{"sprites-million", "all-six-sprites", "all-six-bullets", "all-six-tiles"} {
			p, err := presets.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			h := newHarness(t, p, "")
			h.w.setLarge(large)
			// A run's six rows under the charts, not only the empty table's message;
			// then with its probe, a line or two under each row.
			r := runtest.Synthetic(p.Backings, make([]float64, len(p.Backings)), make([]int64, len(p.Backings)))
			h.w.runTab().pane.table.SetRun(r)
			need := h.w.win.Content().MinSize()
			if need.Width > limit.Width || need.Height > limit.Height {
				t.Errorf("large %v, %s: the content needs %v, more than %v", large, p.Name, need, limit)
			}
			r.Workload, r.Params, r.Probe = p.Workload, p.Params, testProbe()
			h.w.runTab().pane.table.SetRun(r)
			if len(h.w.runTab().pane.table.Briefs(p.Backings[0])) == 0 {
				t.Errorf("%s: no line under %s's row", p.Name, p.Backings[0])
			}
			if got := h.w.win.Content().MinSize(); got != need {
				t.Errorf("large %v, %s: with the lines under the rows the content needs %v, not the %v it needs without", large, p.Name, got, need)
			}
		}
	}
}

func TestLargeTextAtRunTime(t *testing.T) {
	h := newHarness(t, small(), "")
	h.w.win.Resize(fyne.NewSize(1844, 994))
	normal := h.w.setup.root.MinSize().Width
	chartsH := h.w.runTab().pane.charts.box.Size().Height
	base := theme.DefaultTheme().Size(theme.SizeNameText)
	h.w.toggleLarge()
	if got := h.w.runTab().pane.charts.box.Size().Height; got < chartsH*1.2 {
		t.Errorf("with large text the charts are %v high, want at least 1.2 times the %v of normal text: their legends and labels grew", got, chartsH)
	}
	th := fyne.CurrentApp().Settings().Theme()
	if got := th.Size(theme.SizeNameText); got != base*largeFactor {
		t.Errorf("large text is %v, want %v", got, base*largeFactor)
	}
	if th.Size(theme.SizeNamePadding) != theme.DefaultTheme().Size(theme.SizeNamePadding) {
		t.Error("large mode scales the paddings too")
	}
	if wide := h.w.setup.root.MinSize().Width; wide <= normal {
		t.Errorf("the left panel stays %v wide with large text (was %v)", wide, normal)
	}
	if !h.w.menu.large.Checked || !h.w.app.Preferences().Bool(prefLarge) {
		t.Error("the menu or the preferences do not record large mode")
	}
	h.w.toggleLarge()
	if got := fyne.CurrentApp().Settings().Theme().Size(theme.SizeNameText); got != base {
		t.Errorf("back to normal, text is %v, want %v", got, base)
	}
}

// TestLoadingFitsSmallScreens: the loading panel of six backings with large text, and
// a sweep's nine points in the Sweep tab, do not make the window's content taller than
// a 1366×768 screen's work area.
func TestLoadingFitsSmallScreens(t *testing.T) {
	p, err := presets.Lookup("all-six-sprites")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, p, "")
	h.w.setLarge(true)
	tab := charts.Table{Columns: []string{"value", "ptrarray ns/entity (95% CI)", "map ns/entity (95% CI)", "soa ns/entity (95% CI)", "fastest", "rounds"}}
	for range 9 {
		tab.Rows = append(tab.Rows, charts.Row{Backing: "soa", Cells: []string{"1,000,000", "14.9 ns (14.4–15.7 ns)", "11.4 ns (11.2–12.0 ns)", "0.69 ns (0.68–0.70 ns)", "soa", "35"}})
	}
	h.w.sweepTab().table.SetTable(tab) // a sweep's nine points, in the other tab
	h.w.runTab().pane.scene.loading.Reset(p.Backings)
	h.w.runTab().pane.scene.showLoading(true)
	if need := h.w.win.Content().MinSize(); need.Height > 768*0.92 {
		t.Errorf("while loading six backings with large text the content needs %v", need)
	}
}

// TestSweepTableLeavesTheChart: a sweep's ten rows with large text on a 1366×768
// screen take at most 40% of the tab below its controls; the chart keeps the rest.
func TestSweepTableLeavesTheChart(t *testing.T) {
	h := newHarness(t, small(), "")
	h.w.setLarge(true)
	h.w.win.Resize(fyne.NewSize(1311, 707))
	m := h.w.sweepTab()
	h.w.bringFront(m)
	tab := charts.Table{Columns: []string{"value", "soa ns/entity (95% CI)", "fastest", "rounds"}}
	for range 10 {
		tab.Rows = append(tab.Rows, charts.Row{Backing: "soa", Cells: []string{"1,000,000", "0.69 ns (0.68–0.70 ns)", "soa", "35"}})
	}
	m.table.SetTable(tab)
	m.root.Refresh()
	if chart, table := m.chart.Size().Height, m.table.MinSize().Height; chart < 200 {
		t.Errorf("the sweep's chart is %v high beside a table of %v rows' height", chart, table)
	}
}
