package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"localitylab/lab/result"
	"localitylab/presets"
)

// allocsSweep is a sweep shaped as allocs-per-frame's: two points of three backings,
// the pointer array's with the collector's columns.
func allocsSweep() *result.Sweep {
	names := []string{"slotmap", "soa", "ptrarray"}
	s := &result.Sweep{Param: "allocs", Values: []int64{1, 2}, Backings: names}
	for _, v := range s.Values {
		p := result.Point{Value: v, Entities: 100000, Measured: 105}
		for k, n := range names {
			c := []float64{3.81, 4.17, 5.14}[k]
			b := result.PointBacking{Name: n, NSPerEntity: c, NSPerEntityLo: 0.97 * c, NSPerEntityHi: 1.04 * c, P99WithGCNS: 1e6}
			if n == "ptrarray" {
				b.GCCycles, b.GCCyclesPer1000, b.GCCPUNSPerFrame = 3, 1.8, 14800
			}
			p.Backings = append(p.Backings, b)
		}
		s.Points = append(s.Points, p)
	}
	return s
}

// TestSweepTabOnShortWindows: after allocs-per-frame's sweep on a 1366×768 laptop's
// window with large text, the chart is tall enough to read its curve (chartLines
// lines of text: its title, legend and axis labels take about five, which left the
// curve 130 px in the 280 px the tab used to give it), the table shows every row,
// and the claims take the tab's width; each in a tab of its own. On a 1366×768 window with normal text and on a 1920×1080 one, the
// chart, the claims beside it and the table under it share the tab as before.
func TestSweepTabOnShortWindows(t *testing.T) {
	const chartLines = 12
	p, err := presets.Lookup("allocs-per-frame")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		size    fyne.Size
		large   bool
		compact bool
	}{
		{"1366x768 large", fyne.NewSize(1311, 707), true, true},
		{"1366x768 normal", fyne.NewSize(1311, 707), false, false},
		{"1920x1080 normal", fyne.NewSize(1844, 994), false, false},
		{"1920x1080 large", fyne.NewSize(1844, 994), true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, p, "")
			h.w.setLarge(tc.large)
			m := h.w.sweep
			h.w.bringFront(m)
			h.w.win.Resize(tc.size)
			m.show(allocsSweep(), -1)
			minChartH := chartLines * lineOfText()
			chart, claims, rows := m.chart.Size(), m.claims.scroll.Size(), m.table.MinSize()
			t.Logf("tab %v; chart %v, claims %v, table needs %v, has %v; line %v", m.root.Size(), chart, claims, rows, m.body.tableScroll.Size(), lineOfText())
			if !tc.compact {
				if m.body.compact || !m.status.Visible() {
					t.Fatalf("a tall tab is compact %v, its status line shown %v: want the chart, the claims beside it and the table under it, as before", m.body.compact, m.status.Visible())
				}
				if !m.chart.Visible() || !m.claims.scroll.Visible() || !m.table.Visible() {
					t.Fatalf("chart %v, claims %v, table %v shown: want all three at once", m.chart.Visible(), m.claims.scroll.Visible(), m.table.Visible())
				}
				if chart.Height < minChartH || m.body.tableScroll.Size().Height < rows.Height {
					t.Errorf("chart %v high, table %v of %v: want the chart %v high and every row", chart.Height, m.body.tableScroll.Size().Height, rows.Height, minChartH)
				}
				return
			}
			if !m.body.compact || m.status.Visible() {
				t.Fatalf("the tab is compact %v, its status line shown %v (chart %v high): want it compact, the window's status line saying what the tab's said", m.body.compact, m.status.Visible(), chart.Height)
			}
			for _, tab := range m.body.tabs.Items {
				m.body.tabs.Select(tab)
				switch tab.Content {
				case m.body.tabChart:
					if c := m.chart.Size(); c.Height < minChartH || c.Width < 0.9*m.root.Size().Width {
						t.Errorf("the chart is %v in a tab %v: want at least %v high and the tab's width", c, m.root.Size(), minChartH)
					}
				case m.body.tabTable:
					if got := m.body.tableScroll.Size(); got.Height < m.table.MinSize().Height {
						t.Errorf("the table has %v, needs %v: want every row in view", got, m.table.MinSize())
					}
				case m.body.tabClaims:
					if c := m.claims.scroll.Size(); c.Width < 0.9*m.root.Size().Width || c.Height < 8*lineOfText() {
						t.Errorf("the claims are %v in a tab %v: want the tab's width and 8 lines", c, m.root.Size())
					}
				}
			}
			// A sweep started brings the chart to the front; a tall window puts the
			// three together again.
			m.body.started()
			if m.body.tabs.Selected().Content != m.body.tabChart {
				t.Errorf("a sweep started shows the %q tab, want the chart's", m.body.tabs.Selected().Text)
			}
			h.w.win.Resize(fyne.NewSize(1844, 1400))
			if m.body.compact || !m.status.Visible() || !m.claims.scroll.Visible() || m.chart.Size().Width >= m.root.Size().Width {
				t.Errorf("made tall again, the tab stays compact %v, status %v, chart %v in %v", m.body.compact, m.status.Visible(), m.chart.Size(), m.root.Size())
			}
		})
	}
}
