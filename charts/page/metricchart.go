package page

import (
	echarts "github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"localitylab/charts"
	"localitylab/charts/axis"
	"localitylab/internal/units"
	"localitylab/lab/result"
)

// A metric's chart on the pages is built from what the metric says of itself
// (charts.Metric): its lines, unit, axis, budget line and words. The run's page
// shows every metric's lines over the frames, the comparison page each metric's
// first line for both runs.

// metricSection is chart m of a run with the words that say how to read it; or,
// while m gives way for r (charts.Gone), the sentence that says why, in its place.
// The first chart of the page is the tallest: the one the summary is about.
func metricSection(r *result.Run, m *charts.Metric, o charts.Options, log, first bool) pageChart {
	if m.Gone != nil {
		if note := m.Gone.Note(r); note != "" {
			return pageChart{m.Title, joinWords(note, m.Gone.Goal), nil}
		}
	}
	log = log && m.Typical != nil
	c, shown := metricChart(r, m, o, log, first)
	ex := m.Page.Explain
	switch b := charts.BudgetNS(o.Budget); {
	case !m.Budget:
	case b > 0 && shown:
		ex += " The dashed red line is the frame budget of " + units.Duration(b) + "."
	case b > 0:
		ex += " Every frame took less than half the frame budget of " + units.Duration(b) + ", which is above the axis."
	}
	if log {
		ex += " " + m.Page.LogExplain
	}
	return pageChart{m.Title, ex, c}
}

// metricChart is chart m of a run over frames, every line of every backing, with
// the warm-up shaded and the budget line where m draws one; it reports whether the
// budget fits the axis (see Plot.BudgetShown).
func metricChart(r *result.Run, m *charts.Metric, o charts.Options, log, first bool) (*echarts.Line, bool) {
	height := "420px"
	if first {
		height = "460px"
	}
	c := echarts.NewLine()
	c.SetGlobalOptions(chartInit(m.Name, height, len(m.Lines))...)
	xo, xs := frameAxis(r.Frames)
	c.SetGlobalOptions(xo...)
	c.SetXAxis(xs)
	pl := charts.RunPlot(r, m, o)
	pl.Log = log
	y, shown := metricAxis(&pl, m.Page.Axis)
	c.SetGlobalOptions(echarts.WithYAxisOpts(y), axisTooltip(m.Unit.JS))
	warm := warmupSpans(r)
	for i := range r.Backings {
		b := &r.Backings[i]
		for j, l := range m.Lines {
			top := i == 0 && j == 0 // the first series carries the chart's shading and budget
			so := seriesStyle(b.Name, l.Dashed, top, warm)
			if top && shown {
				so = append(so, budgetLine(pl.Budget)...)
			}
			c.AddSeries(seriesName(b, l.Suffix), lineData(pl.Lines[i*len(m.Lines)+j].Values), so...)
		}
	}
	return c, shown
}

// metricAxis is the y axis of plot pl, named name, and whether the budget line fits
// it. A unit with ticks of its own (bytes) fixes the axis to them, as the PNG's.
func metricAxis(pl *charts.Plot, name string) (opts.YAxis, bool) {
	u := pl.Metric.Unit
	lo, hi, ok := pl.ValueRange()
	if !ok {
		hi = 0
	}
	if u.Tick != nil && !pl.Log {
		return roundAxis(name, u, hi), false
	}
	y := valueAxis(name, u.JS, pl.Log)
	shown := ok && pl.BudgetShown(hi)
	if shown {
		// ECharts does not widen an axis for a mark line, so the axis must; on a
		// log axis it must also start and end on round numbers, as the PNG's does.
		hi = max(hi, pl.Budget)
		if pl.Log {
			y.Min, y.Max = axis.Floor125(lo), axis.Ceil125(hi)
		} else {
			a, _ := axis.LinearRange(0, hi, 6, 1, 0)
			y.Max = a.Hi
		}
	}
	return y, shown
}

// compareSection is chart m of two runs on the comparison page, or, while m gives
// way for both (charts.CompareGoneNote), each run's sentence in its place. The new
// run's warm-up is shaded on the first chart.
func compareSection(base, new *result.Run, m *charts.Metric, o charts.Options, first bool) pageChart {
	if note := charts.CompareGoneNote(m, base, new); note != "" {
		return pageChart{m.Title, joinWords(note, m.Gone.Goal), nil}
	}
	log := m.Typical != nil && o.Scale.Log(append(m.Typical(new), m.Typical(base)...))
	var warm [][2]int
	if first {
		warm = warmupSpans(new)
	}
	return pageChart{m.Title, m.Page.Compare, compareChart(base, new, m, valueAxis(m.Page.CompareAxis, m.Unit.JS, log), warm)}
}

// compareChart is metric m's first line of both runs over frames, per backing: the
// new run solid, the base dashed.
func compareChart(base, new *result.Run, m *charts.Metric, y opts.YAxis, warm [][2]int) *echarts.Line {
	c := echarts.NewLine()
	c.SetGlobalOptions(chartInit(m.Name, "460px", 2)...)
	xo, xs := frameAxis(max(base.Frames, new.Frames))
	c.SetGlobalOptions(xo...)
	c.SetGlobalOptions(echarts.WithYAxisOpts(y), axisTooltip(m.Unit.JS))
	c.SetXAxis(xs)
	first := true
	for _, r := range []*result.Run{new, base} {
		for i := range r.Backings {
			b := &r.Backings[i]
			so := seriesStyle(b.Name, r == base, first, warm)
			first = false
			suffix := ""
			if r == base {
				suffix = " (base)"
			}
			c.AddSeries(seriesName(b, suffix), lineData(m.Lines[0].Frames(&b.Frames)), so...)
		}
	}
	return c
}

// joinWords joins two sentences, either of which may be "".
func joinWords(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + " " + b
}
