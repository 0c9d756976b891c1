//go:build !nogui

package ui

import (
	"math"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"localitylab/lab/result"
	"localitylab/lab/sweep"
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
	for _, tc := range screens {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, p, "")
			h.w.setLarge(tc.large)
			m := h.w.sweepTab()
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

// TestSweepAnswersArriveOutOfSight: when a sweep ends on a compact tab with the chart
// in front, the claims' answers arrive in a tab out of sight. The status line says
// where they are and the claims' tab is marked until it is opened. With the claims
// in front, or on a tall tab where they stand beside the chart, neither is said.
func TestSweepAnswersArriveOutOfSight(t *testing.T) {
	p, err := presets.Lookup("allocs-per-frame")
	if err != nil {
		t.Fatal(err)
	}
	const where = "The answers to the claims are under \u201cWhat the sweep shows\u201d."
	for _, tc := range []struct {
		name   string
		large  bool // 1366×768 with large text: compact
		claims bool // the claims' tab in front as the sweep ends
		told   bool // the status line says where the answer is, and the tab is marked
	}{
		{"compact, the chart in front", true, false, true},
		{"compact, the claims in front", true, true, false},
		{"wide", false, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, p, "")
			h.w.setLarge(tc.large)
			m := h.w.sweepTab()
			h.w.bringFront(m)
			h.w.win.Resize(fyne.NewSize(1311, 707))
			if m.body.compact != tc.large {
				t.Fatalf("the tab is compact %v, want %v", m.body.compact, tc.large)
			}
			m.body.started()
			if tc.claims {
				m.body.tabs.Select(m.body.said)
			}
			s := allocsSweep()
			m.show(s, math.NaN())
			if n := m.claims.answers(); n != 2 {
				t.Fatalf("%d claims answered, want allocs-per-frame's two: the test tests nothing", n)
			}
			m.finish(sweepUpdate{final: true, status: sweep.Status{Points: 2, Done: s.Points, Elapsed: 14 * time.Second}})
			status := h.w.status.text()
			if !strings.HasPrefix(status, "Sweep done: 2 points") {
				t.Fatalf("status %q, want the sweep's end", status)
			}
			if told := strings.Contains(status, where); told != tc.told {
				t.Errorf("status %q: says where the answer is %v, want %v", status, told, tc.told)
			}
			if marked := m.body.said.Text == claimsNew; marked != tc.told {
				t.Errorf("the claims' tab reads %q: marked %v, want %v", m.body.said.Text, marked, tc.told)
			}
			if !tc.told {
				return
			}
			m.body.tabs.Select(m.body.said)
			if m.body.said.Text != claimsTab {
				t.Errorf("opened, the claims' tab still reads %q, want %q", m.body.said.Text, claimsTab)
			}
			// Marked again, a tall window shows the claims beside the chart: the mark goes.
			m.body.tabs.SelectIndex(0)
			m.finish(sweepUpdate{final: true, status: sweep.Status{Points: 2, Done: s.Points, Elapsed: 14 * time.Second}})
			h.w.win.Resize(fyne.NewSize(1844, 1400))
			if m.body.compact || m.body.said.Text != claimsTab {
				t.Errorf("made tall, compact %v and the claims' tab reads %q, want it unmarked", m.body.compact, m.body.said.Text)
			}
		})
	}
}
