package page

import (
	"strconv"
	"strings"

	echarts "github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/render"

	"localitylab/charts"
	"localitylab/charts/axis"
	"localitylab/lab/result"
)

// The functions below build the page's go-echarts charts. Values stay in base units
// (ns, bytes, objects); the page's own llDuration/llBytes/llCount functions format
// axes and tooltips the way units does in Go, so the page reads like the PNG.

// echart is what the page needs of a go-echarts chart: its options as a snippet.
type echart interface {
	RenderSnippet() render.ChartSnippet
	JSON() map[string]any
	Validate()
}

// jsName makes a name safe where ECharts shows it as HTML: the sweep's tooltip
// formatter joins series names into the tooltip's markup as they are. (The script
// the options are written into is made safe for every string at once, in snippet.)
func jsName(s string) string {
	return strings.NewReplacer("<", "‹", ">", "›", "&", "+").Replace(s)
}

// chartInit gives a chart its fixed id (so the page is the same for the same run),
// its size, and room at the top for a legend of the given number of rows.
func chartInit(id, height string, legendRows int) []echarts.GlobalOpts {
	return []echarts.GlobalOpts{
		echarts.WithInitializationOpts(opts.Initialization{ChartID: id, Width: "100%", Height: height}),
		echarts.WithAnimation(false),
		echarts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "0"}),
		echarts.WithGridOpts(opts.Grid{Left: "12", Right: "48", Top: strconv.Itoa(32 + 24*legendRows), Bottom: "56", ContainLabel: opts.Bool(true)}),
	}
}

// frameAxis is the x axis of the per-frame charts, with zooming by wheel and slider.
func frameAxis(frames int) ([]echarts.GlobalOpts, []int) {
	xs := make([]int, frames)
	for i := range xs {
		xs[i] = i
	}
	return []echarts.GlobalOpts{
		echarts.WithXAxisOpts(opts.XAxis{Type: "category", Name: "frame", NameLocation: "end"}),
		echarts.WithDataZoomOpts(opts.DataZoom{Type: "inside"}, opts.DataZoom{Type: "slider", Start: 0, End: 100}),
	}, xs
}

// valueAxis is a y axis formatted with one of the page's formatters.
func valueAxis(name, formatter string, log bool) opts.YAxis {
	y := opts.YAxis{Name: name, Type: "value", AxisLabel: &opts.AxisLabel{Formatter: opts.FuncOpts(formatter)}}
	if log {
		y.Type = "log"
	}
	return y
}

// roundAxis is a y axis of values in unit u up to hi whose ticks are round numbers
// of the unit's own (bytes: "20 MiB"), which ECharts' decimal steps would not give
// ("28.6 MiB").
func roundAxis(name string, u charts.Unit, hi float64) opts.YAxis {
	y := valueAxis(name, u.JS, false)
	if hi > 0 {
		a, step := axis.LinearRange(0, hi, 6, u.Tick(hi), 0)
		y.Min, y.Max, y.MinInterval, y.MaxInterval = 0, a.Hi, step, step
	}
	return y
}

// axisTooltip shows every series' value at the hovered frame.
func axisTooltip(formatter string) echarts.GlobalOpts {
	return echarts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis", ValueFormatter: opts.FuncOpts(formatter)})
}

// lineData converts a measured series; a nil (n/a) one gives no points.
func lineData[T int64 | uint64 | float64](xs []T) []opts.LineData {
	out := make([]opts.LineData, len(xs))
	for i, x := range xs {
		out[i] = opts.LineData{Value: x}
	}
	return out
}

// seriesName is a backing's series name, marked when the backing failed so that
// its partial line is not read as a finished one.
func seriesName(b *result.Backing, suffix string) string {
	n := jsName(b.Name) + suffix
	if b.Error != "" {
		n += " (failed)"
	}
	return n
}

// lineStyle draws a backing's series in its colour, thin, without point symbols.
func lineStyle(name string, dashed bool) []echarts.SeriesOpts {
	c := charts.Hex(charts.Color(name))
	ls := opts.LineStyle{Color: c, Width: 1.5}
	if dashed {
		ls.Type = "dashed"
	}
	return []echarts.SeriesOpts{
		echarts.WithLineStyleOpts(ls),
		echarts.WithItemStyleOpts(opts.ItemStyle{Color: c}),
		echarts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false)}),
	}
}

// seriesStyle is a backing's line style and, on the first series of a chart, the
// shading of the warm-up frames, so that each chart shades them once.
func seriesStyle(name string, dashed, first bool, warm [][2]int) []echarts.SeriesOpts {
	so := lineStyle(name, dashed)
	if first {
		so = append(so, warmupArea(warm)...)
	}
	return so
}

// warmupSpans are the run's warm-up frames, [first, last] for each stretch: the run's
// first Warmup, or each fork's own.
func warmupSpans(r *result.Run) [][2]int {
	if len(r.Forks) < 2 {
		if r.Warmup <= 0 {
			return nil
		}
		return [][2]int{{0, r.Warmup - 1}}
	}
	var out [][2]int
	for _, fk := range r.Forks {
		if fk.Warmup > 0 {
			out = append(out, [2]int{fk.First, fk.First + fk.Warmup - 1})
		}
	}
	return out
}

// warmupArea shades the warm-up frames, each stretch of them.
func warmupArea(warm [][2]int) []echarts.SeriesOpts {
	if len(warm) == 0 {
		return nil
	}
	areas := make([][]opts.MarkAreaData, len(warm))
	for i, w := range warm {
		areas[i] = []opts.MarkAreaData{{Name: "warm-up", XAxis: w[0]}, {XAxis: w[1]}}
	}
	return []echarts.SeriesOpts{
		echarts.WithMarkAreaData(areas...),
		echarts.WithMarkAreaStyleOpts(opts.MarkAreaStyle{
			ItemStyle: &opts.ItemStyle{Color: "rgba(0,0,0,0.06)"},
			Label:     &opts.Label{Show: opts.Bool(true), Position: "insideTop", Color: "#666"},
		}),
	}
}

// budgetLine marks the frame budget. ECharts draws mark lines above the series
// (their z is 5, a line series' 2), so no line hides the label; its white
// background keeps it readable where a line passes behind the text.
func budgetLine(ns float64) []echarts.SeriesOpts {
	red := charts.Hex(charts.BudgetRed)
	return []echarts.SeriesOpts{
		echarts.WithMarkLineNameYAxisItemOpts(opts.MarkLineNameYAxisItem{Name: "budget", YAxis: ns}),
		echarts.WithMarkLineStyleOpts(opts.MarkLineStyle{
			Symbol:    []string{"none", "none"},
			LineStyle: &opts.LineStyle{Color: red, Type: "dashed", Width: 1.5},
			Label: &opts.Label{Show: opts.Bool(true), Position: "insideEndTop", Color: red, BackgroundColor: "rgba(255,255,255,0.9)",
				Formatter: string(opts.FuncOpts("function(p){return 'budget ' + llDuration(p.value)}"))},
		}),
	}
}

// percentileChart compares p50, p95 and p99 frame times, one bar per backing in its
// colour. A backing without frames after warm-up has no percentiles and no bars.
func percentileChart(r *result.Run, log bool) *echarts.Bar {
	c := echarts.NewBar()
	c.SetGlobalOptions(chartInit("percentiles", "400px", 1)...)
	c.SetGlobalOptions(echarts.WithYAxisOpts(valueAxis("frame time", "llDuration", log)), axisTooltip("llDuration"))
	c.SetXAxis([]string{"p50", "p95", "p99"})
	for i := range r.Backings {
		b := &r.Backings[i]
		s := &b.Summary
		if len(b.Frames.NS) <= r.Warmup || !charts.Finite(s.P50NS) || !charts.Finite(s.P95NS) || !charts.Finite(s.P99NS) {
			continue // no full summary: no bars, rather than bars of nothing
		}
		data := []opts.BarData{{Value: s.P50NS}, {Value: s.P95NS}, {Value: s.P99NS}}
		c.AddSeries(seriesName(b, ""), data, echarts.WithItemStyleOpts(opts.ItemStyle{Color: charts.Hex(charts.Color(b.Name))}))
	}
	return c
}

// pageChart is one chart of the page before rendering.
type pageChart struct {
	title, explain string
	chart          echart
}

// pageCharts lists the page's charts in reading order: the metrics' in
// charts.Metrics' order (speed first, then memory, then allocations; a chart that
// gives way, in words: a section without a chart), each followed by the page's
// charts that sum it up (summaries), then the counters that explain the speed.
func pageCharts(r *result.Run, o charts.Options, log bool) []pageChart {
	var out []pageChart
	for i, m := range charts.Metrics {
		out = append(out, metricSection(r, m, o, log, i == 0))
		for _, s := range summaries {
			if s.after == m {
				out = append(out, pageChart{s.title, s.explain, s.chart(r, log)})
			}
		}
	}
	if hasMisses(r) {
		c, na := missesChart(r)
		ex := "Memory misses per frame, counted by the CPU for the worker's thread"
		if r.Counters.Misses != "" {
			ex += " (" + r.Counters.Misses + ")"
		}
		ex += "."
		if len(na) > 0 {
			ex += " n/a (not counted) for " + strings.Join(na, ", ") + "."
		}
		out = append(out, pageChart{"Memory misses per frame", ex, c})
	}
	return out
}

// summaries are the page's charts of a run's summary and load, each after the
// metric's chart whose figures it sums up.
var summaries = []struct {
	after          *charts.Metric
	title, explain string
	chart          func(r *result.Run, log bool) echart
}{
	{charts.FrameTime, "Frame-time percentiles", "Median (p50), 95th and 99th percentile frame time after warm-up. A p99 far above the p50 is stutter.",
		func(r *result.Run, log bool) echart { return percentileChart(r, log) }},
	{charts.Memory, "Load footprint", "Live heap right after the world was loaded, before the first frame.",
		func(r *result.Run, _ bool) echart { return loadChart(r) }},
	{charts.Memory, "Bytes per entity", "The load footprint divided by the entities loaded.",
		func(r *result.Run, _ bool) echart { return perEntityChart(r) }},
}

// hasMisses reports whether any backing counted memory misses: with counters off,
// or asked for and refused by the OS, there is nothing to chart, not a chart of zeros.
func hasMisses(r *result.Run) bool {
	for i := range r.Backings {
		if r.Backings[i].Frames.MemMisses != nil {
			return true
		}
	}
	return false
}
