package page

import (
	"strconv"
	"strings"

	echarts "github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/render"

	"localitylab/charts"
	"localitylab/charts/axis"
	"localitylab/internal/units"
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

// bytesAxis is a y axis of bytes up to hi whose ticks are round binary sizes
// ("20 MiB"), which ECharts' decimal steps would not give ("28.6 MiB").
func bytesAxis(name string, hi float64) opts.YAxis {
	y := valueAxis(name, "llBytes", false)
	if hi > 0 {
		a, step := axis.LinearRange(0, hi, 6, axis.BytesUnit(hi), 0)
		y.Min, y.Max, y.MinInterval, y.MaxInterval = 0, a.Hi, step, step
	}
	return y
}

// axisTooltip shows every series' value at the hovered frame.
func axisTooltip(formatter string) echarts.GlobalOpts {
	return echarts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis", ValueFormatter: opts.FuncOpts(formatter)})
}

// lineData converts a measured series; it is never called on a nil (n/a) one.
func lineData[T int64 | uint64](xs []T) []opts.LineData {
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

// frameTimeChart is frame time over frames, with the warm-up and the budget line,
// and reports whether the budget fits the axis (see Plot.budgetShown).
func frameTimeChart(r *result.Run, o charts.Options, log bool) (*echarts.Line, bool) {
	c := echarts.NewLine()
	c.SetGlobalOptions(chartInit("frame_time", "460px", 1)...)
	xo, xs := frameAxis(r.Frames)
	c.SetGlobalOptions(xo...)
	c.SetXAxis(xs)
	budget := charts.BudgetNS(o.Budget)
	pl := charts.RunPlot(r, charts.FrameTime, o)
	pl.Log = log
	y := valueAxis("frame time", "llDuration", log)
	lo, hi, ok := pl.ValueRange()
	shown := ok && pl.BudgetShown(hi)
	if shown {
		// ECharts does not widen an axis for a mark line, so the axis must; on a
		// log axis it must also start and end on round numbers, as the PNG's does.
		hi = max(hi, budget)
		if log {
			y.Min, y.Max = axis.Floor125(lo), axis.Ceil125(hi)
		} else {
			a, _ := axis.LinearRange(0, hi, 6, 1, 0)
			y.Max = a.Hi
		}
	}
	c.SetGlobalOptions(echarts.WithYAxisOpts(y), axisTooltip("llDuration"))
	for i := range r.Backings {
		b := &r.Backings[i]
		so := seriesStyle(b.Name, false, i == 0, warmupSpans(r))
		if i == 0 && shown {
			so = append(so, budgetLine(budget)...)
		}
		c.AddSeries(seriesName(b, ""), lineData(b.Frames.NS), so...)
	}
	return c, shown
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

// pageCharts lists the page's charts in reading order: speed first, then memory,
// then allocations (in words while there were none: a section without a chart),
// then the counters that explain the speed.
func pageCharts(r *result.Run, o charts.Options, log bool) []pageChart {
	ftChart, shown := frameTimeChart(r, o, log)
	ft := "Time of each frame, per backing. The shaded frames at the start are warm-up: shown, but left out of the summary. Scroll or drag the slider to zoom."
	switch b := charts.BudgetNS(o.Budget); {
	case b > 0 && shown:
		ft += " The dashed red line is the frame budget of " + units.Duration(b) + "."
	case b > 0:
		ft += " Every frame took less than half the frame budget of " + units.Duration(b) + ", which is above the axis."
	}
	if log {
		ft += " The axis is logarithmic: each major step is ten times slower."
	}
	out := []pageChart{
		{"Frame time", ft, ftChart},
		{"Frame-time percentiles", "Median (p50), 95th and 99th percentile frame time after warm-up. A p99 far above the p50 is stutter.", percentileChart(r, log)},
		{"Memory", "Live heap (solid) and resident set size (dashed) over frames. Each backing runs in a worker process of its own, so these are its own figures.", memoryChart(r)},
		{"Load footprint", "Live heap right after the world was loaded, before the first frame.", loadChart(r)},
		{"Bytes per entity", "The load footprint divided by the entities loaded.", perEntityChart(r)},
	}
	// A chart of flat lines on a 0–1 axis cannot be told from one of nothing
	// measured: while nothing allocated in a measured frame, the section says so.
	if note := charts.NoAllocsNote(r); note != "" {
		out = append(out, pageChart{"Allocations per frame", note + " A hot loop that allocates nothing is the goal.", nil})
	} else {
		out = append(out, pageChart{"Allocations per frame", "Heap objects allocated during each frame (runtime/metrics). A hot loop that allocates nothing is the goal.", allocsChart(r)})
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
