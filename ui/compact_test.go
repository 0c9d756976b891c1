//go:build !nogui

package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/charts/live"
	"localitylab/lab/runtest"
	"localitylab/presets"
)

// TestShortPaneShowsOneChart: on a 1366×768 laptop's window with large text and a
// run's six rows in the table, the run pane shows one chart at a time across its
// width, at least readableLines of text high, with a picker that brings each of the
// others to the front and a check that gives the preview and lesson their room
// back; on a 1920×1080 screen's window, normal or large text, the
// three charts stand side by side as before.
func TestShortPaneShowsOneChart(t *testing.T) {
	const readableLines = 10
	p, err := presets.Lookup("all-six-sprites")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range screens {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, p, "")
			h.w.setLarge(tc.large)
			pane := h.w.runTab().pane
			pane.table.SetRun(runtest.Synthetic(p.Backings, make([]float64, len(p.Backings)), make([]int64, len(p.Backings))))
			h.w.win.Resize(tc.size)
			row := pane.charts
			shown := visibleCharts(row)
			line := lineOfText()
			t.Logf("pane above the table %v high (%.1f lines of %v); charts row %v; shown %v",
				pane.split.Size().Height, pane.split.Size().Height/line, line, row.box.Size(), len(shown))
			if !tc.compact {
				if pane.compact || len(shown) != len(charts.RowMetrics()) || row.pickBox.Visible() {
					t.Fatalf("a tall pane is compact %v, shows %d charts, picker %v: want all three side by side and no picker", pane.compact, len(shown), row.pickBox.Visible())
				}
				if want := float64(topShare); !tc.large && pane.split.Offset != want {
					t.Errorf("the split's offset is %v, want the normal %v", pane.split.Offset, want)
				}
				return
			}
			if !pane.compact || len(shown) != 1 || !row.pickBox.Visible() {
				t.Fatalf("a short pane is compact %v, shows %d charts, picker %v: want one chart and the picker", pane.compact, len(shown), row.pickBox.Visible())
			}
			for _, m := range charts.RowMetrics() {
				pick(t, row, m.Short)
				shown := visibleCharts(row)
				if len(shown) != 1 || shown[0].Metric() != m {
					t.Fatalf("picking %q shows %d charts, want only it", m.Short, len(shown))
				}
				c := shown[0].Size()
				if c.Height < readableLines*line || c.Width < row.box.Size().Width/2 {
					t.Errorf("%q is %v in a row %v: want at least %d lines (%v) high and half the row wide", m.Short, c, row.box.Size(), readableLines, readableLines*line)
				}
			}
			// The preview and lesson gave way to the chart; the check beside it
			// gives them their room back, and takes it again.
			if !pane.scene.preview.short || pane.split.Offset != topShareCompact {
				t.Errorf("compact: preview short %v, split at %v: want the preview given way, split at %v", pane.scene.preview.short, pane.split.Offset, topShareCompact)
			}
			chartH := row.box.Size().Height
			row.top.SetChecked(true)
			if pane.scene.preview.short || pane.split.Offset != topShareLarge || row.box.Size().Height >= chartH {
				t.Errorf("Preview ticked: preview short %v, split at %v, charts %v high (were %v): want the preview and lesson their room back", pane.scene.preview.short, pane.split.Offset, row.box.Size().Height, chartH)
			}
			row.top.SetChecked(false)
			if row.box.Size().Height != chartH {
				t.Errorf("Preview unticked: charts %v high, want %v again", row.box.Size().Height, chartH)
			}
			// The Layout tab in front takes the whole pane; the charts fold to a line
			// whose button brings them (and the preview, lesson and table) back. The
			// pane is first laid out at its size, as the window lays it out: the
			// table's height was left from the window's size before the resize.
			pane.relayout()
			chartH = row.box.Size().Height
			topH := pane.top.Size().Height
			pane.scene.tabs.Select(pane.scene.layoutTab)
			if !row.folded || !row.foldBar.Visible() || row.grid.Visible() || pane.top.Size().Height < 2*topH || pane.top.Size().Height < 9*line {
				t.Errorf("Layout in front: folded %v, bar %v, charts %v, top %v high (was %v): want the charts folded and the layout the height",
					row.folded, row.foldBar.Visible(), row.grid.Visible(), pane.top.Size().Height, topH)
			}
			test.Tap(row.foldBar.Objects[1].(*widget.Button))
			if pane.scene.layoutShown() || row.folded || len(visibleCharts(row)) != 1 || row.box.Size().Height != chartH {
				t.Errorf("Show the charts: layout shown %v, folded %v, %d charts %v high: want the preview and the one chart back at %v",
					pane.scene.layoutShown(), row.folded, len(visibleCharts(row)), row.box.Size().Height, chartH)
			}
			// Back to a tall window: all three again, picker gone.
			h.w.win.Resize(fyne.NewSize(1844, 1400))
			if pane.compact || len(visibleCharts(row)) != len(charts.RowMetrics()) || row.pickBox.Visible() {
				t.Errorf("made tall again, the pane stays compact %v with %d charts", pane.compact, len(visibleCharts(row)))
			}
		})
	}
}

// visibleCharts lists the row's charts shown.
func visibleCharts(r *chartRow) (cs []*live.Chart) {
	for _, c := range r.charts {
		if c.Visible() {
			cs = append(cs, c)
		}
	}
	return cs
}

// pick chooses name in the row's picker, as a click on its radio does; it fails the
// test if the picker does not offer it.
func pick(t *testing.T, r *chartRow, name string) {
	t.Helper()
	if !slices.Contains(r.pick.Options, name) {
		t.Fatalf("the picker offers %v, not %q", r.pick.Options, name)
	}
	r.pick.SetSelected(name)
}
