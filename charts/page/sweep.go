package page

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"

	echarts "github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"localitylab/charts"
	"localitylab/internal/units"
	"localitylab/lab/result"
)

//go:embed sweeppage.html.tmpl
var sweepPageSource string

var sweepPageTemplate = parsePage(sweepPageSource)

// sweepPage is what the sweep template fills in.
type sweepPage struct {
	head
	Chart            template.HTML
	Explain          string
	Points, Backings charts.Table
	Crossings        []string
	Skipped, Stopped string
}

// WriteSweepHTML writes a sweep as one self-describing page: the sweep record, the
// chart to hover and zoom, the table point by point and per backing, the crossings
// in words and, for a lesson, its claims with what the sweep measured.
func WriteSweepHTML(w io.Writer, s *result.Sweep, o charts.Options) error {
	if err := charts.FirstError(o.Check(), charts.CheckSweep(s)); err != nil {
		return err
	}
	pl := charts.NewSweepPlot(s, o.Scale, math.NaN())
	chart, err := snippet(sweepChart(s, &pl))
	if err != nil {
		return fmt.Errorf("charts: sweep chart: %w", err)
	}
	if pl.Doubling {
		chart = logBase2(chart)
	}
	pg := sweepPage{head: withECharts(head{Headline: charts.SweepHeadline(s), HostLine: charts.SweepHostLine(s), Record: sweepRecord(s), Claims: o.Claims}, o),
		Chart: chart, Explain: sweepExplain(&pl, s), Points: charts.SweepPointsTable(s), Backings: charts.SweepBackingsTable(s),
		Crossings: charts.CrossingLines(s), Skipped: charts.SkippedText(s)}
	if d := charts.DriftText(s); d != "" {
		pg.Crossings = append(pg.Crossings, d)
	}
	if s.Stopped != "" {
		pg.Stopped = "The sweep was " + s.Stopped + "."
	}
	if err := sweepPageTemplate.Execute(w, &pg); err != nil {
		return fmt.Errorf("charts: writing HTML: %w", err)
	}
	return nil
}

// sweepRecord lists what a reader needs to trust and repeat the sweep.
func sweepRecord(s *result.Sweep) [][2]string {
	rec := [][2]string{{"workload", s.Workload}}
	if s.Title != "" {
		rec = append(rec, [2]string{"lesson", s.Title})
	}
	vals := make([]string, len(s.Values))
	for i, v := range s.Values {
		vals[i] = units.Count(float64(v))
	}
	length := "chosen per point by a budget of " + units.Duration(float64(s.BudgetNS)) +
		" for running frames: each point runs rounds until it has enough for a 95% interval, then while its share lasts"
	if s.Frames > 0 {
		length = strconv.Itoa(s.Frames) + " frames per point"
	}
	rec = append(rec,
		[2]string{"swept", s.Param + " = " + strings.Join(vals, ", ")},
		[2]string{"backings", strings.Join(s.Backings, ", ")},
		[2]string{"fixed parameters", strings.TrimPrefix(charts.SweepParamList(s), "fixed: ")},
		[2]string{"points' length", length},
		[2]string{"caches", s.Cache + " (as for a run: see docs/measuring.md)"},
		[2]string{"machine's caches", charts.CachesText(s)},
		[2]string{"started", s.Started.Format("2006-01-02 15:04 -07:00")},
		[2]string{"took", units.Duration(float64(s.DurationNS))},
		[2]string{"host", charts.HostName(s.Host)},
		[2]string{"hardware counters", charts.CountersText(s.Counters)},
		[2]string{"result schema", s.Schema},
	)
	return rec
}

// sweepExplain says how to read the chart.
func sweepExplain(pl *charts.SweepPlot, s *result.Sweep) string {
	e := "Each backing's median frame time divided by the entities loaded, at each value of the swept parameter; " +
		"the band is its 95% interval over the point's rounds. Hover a point for its figures."
	if pl.LogY {
		e += " The cost axis is logarithmic."
	}
	if len(pl.Markers) > 0 {
		e += " A dashed line marks where a backing's working set reaches a cache's size. " + charts.WorkingSetWords(s)
	}
	if pl.Misses != nil {
		e += " Under it, on the same x axis: each backing's cache misses per entity, simulated by Valgrind's Callgrind " +
			"after the measured frames (solid: first-level data cache, D1; dashed: last level, LL), the lines fetched that explain the cost."
	}
	if len(pl.Crosses) > 0 {
		e += " A ring marks where two lines cross; a grey one without a label, where the two are within noise of each other on one side."
	}
	return e
}

// sweepChart is the sweep's ECharts line chart: x the parameter, y the cost per
// entity, a line per backing with its band (two stacked series: the interval's low
// end, drawn as nothing, and its width, filled), cache markers as mark lines and
// crossings as mark points.
func sweepChart(s *result.Sweep, pl *charts.SweepPlot) *echarts.Line {
	c := echarts.NewLine()
	c.SetGlobalOptions(chartInit("sweep", "560px", 1)...)
	xType, yType := "value", "value"
	if pl.LogX {
		xType = "log"
	}
	if pl.LogY {
		yType = "log"
	}
	unit := jsName(s.Unit)
	xAxis := opts.XAxis{Type: xType, Name: jsName(pl.XCaption), NameLocation: "middle", NameGap: 30,
		Min: pl.XMin, Max: pl.XMax, AxisLabel: &opts.AxisLabel{Formatter: opts.FuncOpts("function(v){return llCount(v)+'" + jsWord(percentSuffix(unit)) + "'}")}}
	valueJS := "llCount(ps[0].value[0])+'" + jsWord(unitSuffix(unit)) + "'"
	if names := valueNames(s); names != "" { // named values: a tick at each, with its name
		xAxis.MinInterval = 1
		xAxis.AxisLabel.Formatter = opts.FuncOpts("function(v){return (" + names + ")[v]||''}")
		valueJS = "((" + names + ")[ps[0].value[0]]||'')"
	}
	c.SetGlobalOptions(
		echarts.WithXAxisOpts(xAxis),
		echarts.WithYAxisOpts(opts.YAxis{Type: yType, Name: "ns per entity", AxisLabel: &opts.AxisLabel{Formatter: opts.FuncOpts("llDuration")}}),
		echarts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis", Formatter: opts.FuncOpts(sweepTooltip(jsName(s.Param), valueJS, pl.Misses != nil))}),
		echarts.WithDataZoomOpts(opts.DataZoom{Type: "inside", XAxisIndex: []int{0}}),
	)
	for i := range pl.Curves {
		cv := &pl.Curves[i]
		main, so := curveSeries(c, cv)
		so = append(so, markerLines(pl, cv, true)...)
		so = append(so, crossPoints(s, pl, cv.Name, unit)...)
		c.AddSeries(jsName(cv.Name), main, so...)
	}
	c.SetGlobalOptions(echarts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "0", Data: legendNames(pl)}))
	if pl.Misses != nil {
		addMisses(c, pl)
	}
	return c
}

// curveSeries adds cv's band to c (two stacked series: the interval's low end,
// drawn as nothing, and its width, filled) and returns its line's data, with a gap
// where a point has no figure, and the options that draw it in its colour.
func curveSeries(c *echarts.Line, cv *charts.SweepCurve) ([]opts.LineData, []echarts.SeriesOpts) {
	col := charts.Hex(cv.Color)
	var main, lo, width []opts.LineData
	for k, x := range cv.X {
		if !charts.Finite(cv.Y[k]) || !charts.Finite(cv.Lo[k]) || !charts.Finite(cv.Hi[k]) {
			// "-" is ECharts' missing value: the line breaks there, as the PNG's does.
			main, lo, width = append(main, gap(x)), append(lo, gap(x)), append(width, gap(x))
			continue
		}
		main = append(main, opts.LineData{Value: []any{x, cv.Y[k], cv.Lo[k], cv.Hi[k]}})
		lo = append(lo, opts.LineData{Value: []any{x, cv.Lo[k]}})
		width = append(width, opts.LineData{Value: []any{x, cv.Hi[k] - cv.Lo[k]}})
	}
	stack := "band " + jsName(cv.Name)
	invisible := opts.LineStyle{Opacity: opts.Float(0)}
	c.AddSeries(stack+" low", lo, echarts.WithLineChartOpts(opts.LineChart{Stack: stack, ShowSymbol: opts.Bool(false)}),
		echarts.WithLineStyleOpts(invisible))
	c.AddSeries(stack+" width", width, echarts.WithLineChartOpts(opts.LineChart{Stack: stack, ShowSymbol: opts.Bool(false)}),
		echarts.WithLineStyleOpts(invisible), echarts.WithAreaStyleOpts(opts.AreaStyle{Color: col, Opacity: opts.Float(0.22)}))
	return main, []echarts.SeriesOpts{
		echarts.WithLineStyleOpts(opts.LineStyle{Color: col, Width: 2}),
		echarts.WithItemStyleOpts(opts.ItemStyle{Color: col}),
		echarts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(true), Symbol: "circle", SymbolSize: 7}),
	}
}

// missesHeight is the sweep chart's height with its misses panel: the cost keeps
// about its usual plot, the misses get some 230 px under it.
const missesHeight = "840px"

// addMisses puts the misses panel (charts.SweepMisses) into the sweep's chart: a
// second grid under the cost's, its x axis the same range and scale, zoomed and
// pointed at together, its y axis named as simulated; per backing a solid D1 line
// and a dashed LL line in its colour, named as the backing so that its legend entry
// shows and hides all three of its lines.
func addMisses(c *echarts.Line, pl *charts.SweepPlot) {
	m := pl.Misses
	c.Initialization.Height = missesHeight
	// Fixed left edges instead of containLabel, which would place each grid by its own
	// labels and so shift one x axis against the other.
	c.GridList = []opts.Grid{
		{Left: "72", Right: "48", Top: "56", Bottom: "384"},
		{Left: "72", Right: "48", Top: "584", Bottom: "56"},
	}
	x0 := c.XAxisList[0]
	x1 := x0
	x0.Name, x1.GridIndex = "", 1
	c.XAxisList = []opts.XAxis{x0, x1}
	c.ExtendYAxis(opts.YAxis{GridIndex: 1, Type: "value", Min: 0, Name: "misses per entity",
		AxisLabel: &opts.AxisLabel{Formatter: opts.FuncOpts("llSig")}})
	// The chart's one title is the panel's: the page's heading names the cost above.
	c.SetGlobalOptions(
		echarts.WithTitleOpts(opts.Title{Title: m.Title, Subtitle: m.Note, Left: "12", Top: "494",
			TitleStyle: &opts.TextStyle{FontSize: 15}}),
		echarts.WithDataZoomOpts(opts.DataZoom{Type: "inside", XAxisIndex: []int{0, 1}}),
		echarts.WithAxisPointerOpts(&opts.AxisPointer{Link: []opts.AxisPointerLink{{XAxisIndex: []int{0, 1}}}}),
	)
	c.DataZoomList = c.DataZoomList[len(c.DataZoomList)-1:] // the one over both axes
	for _, mc := range m.Curves {
		col := charts.Hex(mc.Color)
		data := make([]opts.LineData, len(mc.X))
		for k, x := range mc.X {
			data[k] = opts.LineData{Value: []any{x, mc.Y[k], mc.Level}}
			if !charts.Finite(mc.Y[k]) {
				data[k] = gap(x)
			}
		}
		style, size := "solid", 7
		if mc.Dashed {
			style, size = "dashed", 5
		}
		so := []echarts.SeriesOpts{
			echarts.WithLineStyleOpts(opts.LineStyle{Color: col, Width: 2, Type: style}),
			echarts.WithItemStyleOpts(opts.ItemStyle{Color: col}),
			echarts.WithLineChartOpts(opts.LineChart{XAxisIndex: 1, YAxisIndex: 1, ShowSymbol: opts.Bool(true), Symbol: "circle", SymbolSize: size}),
		}
		if !mc.Dashed {
			so = append(so, markerLines(pl, &charts.SweepCurve{Name: mc.Backing, Color: mc.Color}, false)...)
		}
		c.AddSeries(jsName(mc.Backing), data, so...)
	}
}

// gap is a missing point at x.
func gap(x float64) opts.LineData { return opts.LineData{Value: []any{x, "-"}} }

// legendNames keeps the band series out of the legend.
func legendNames(pl *charts.SweepPlot) []string {
	out := make([]string, len(pl.Curves))
	for i, c := range pl.Curves {
		out[i] = jsName(c.Name)
	}
	return out
}

// valueNames is a script's object of the sweep's value names by value,
// "{'0':'huge','1':'small'}", or "" where the sweep does not name its values.
func valueNames(s *result.Sweep) string {
	if len(s.Labels) != len(s.Values) || len(s.Labels) == 0 {
		return ""
	}
	parts := make([]string, len(s.Values))
	for i, v := range s.Values {
		parts[i] = "'" + strconv.FormatInt(v, 10) + "':'" + jsWord(s.Labels[i]) + "'"
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// sweepTooltip lists, at the hovered value, each backing's cost with its interval,
// leaving out the band series, and, with misses, each backing's simulated misses.
func sweepTooltip(param, valueJS string, misses bool) string {
	missLine := ""
	if misses { // a misses point is [x, misses per entity, level]
		missLine = `if(v.length===3){s+='<br>'+p.marker+p.seriesName+': '+llSig(v[1])+' simulated '+v[2]+' misses per entity';return;}`
	}
	// One line, and single quotes: go-echarts puts the function into the options as
	// it is, escaping double quotes as if it were a string.
	return `function(ps){if(!ps.length)return '';var s='` + jsWord(param) + ` = '+` + valueJS + `;` +
		`ps.forEach(function(p){if(p.seriesName.indexOf('band ')===0)return;var v=p.value;` +
		missLine +
		`s+='<br>'+p.marker+p.seriesName+': '+llDuration(v[1])+' per entity';` +
		`if(v.length>3&&v[2]!=null)s+=' ('+llDuration(v[2])+'–'+llDuration(v[3])+')';});return s;}`
}

// jsWord keeps the letters, digits, spaces, underscores and percent signs of s: what a
// parameter's name and unit are made of, and nothing that could end a string in a
// script, whatever a hand-edited file holds.
func jsWord(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '_' || r == '%' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}

// percentSuffix is the suffix of a percentage's tick labels, "" for other units (the
// axis's name carries them).
func percentSuffix(unit string) string {
	if unit == "%" {
		return "%"
	}
	return ""
}

func unitSuffix(unit string) string {
	switch unit {
	case "":
		return ""
	case "%":
		return "%"
	}
	return " " + unit
}

// markerLines are a curve's cache markers, dashed in its colour, labelled with the
// cache's name where labelled (the cost's; the misses panel's repeat them unlabelled).
func markerLines(pl *charts.SweepPlot, cv *charts.SweepCurve, labelled bool) []echarts.SeriesOpts {
	var items []opts.MarkLineNameXAxisItem
	for _, m := range pl.Markers {
		if m.Backing == cv.Name {
			items = append(items, opts.MarkLineNameXAxisItem{Name: m.Label, XAxis: m.X})
		}
	}
	if len(items) == 0 {
		return nil
	}
	col := charts.Hex(cv.Color)
	return []echarts.SeriesOpts{
		echarts.WithMarkLineNameXAxisItemOpts(items...),
		echarts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"},
			LineStyle: &opts.LineStyle{Color: col, Type: "dashed", Width: 1.2},
			Label:     &opts.Label{Show: opts.Bool(labelled), Position: "end", Color: col, Formatter: "{b}"}}),
	}
}

// crossPoints rings the crossings below which this backing is the faster.
func crossPoints(s *result.Sweep, pl *charts.SweepPlot, name, unit string) []echarts.SeriesOpts {
	var items []opts.MarkPointNameCoordItem
	for _, c := range s.Crossings {
		if c.Below != name {
			continue
		}
		y := pl.CurveAt(c.Below, c.At)
		if !charts.Finite(y) {
			continue
		}
		item := opts.MarkPointNameCoordItem{Name: jsName(c.Text), Coordinate: []any{c.At, y},
			Symbol: "emptyCircle", SymbolSize: 16, ItemStyle: &opts.ItemStyle{Color: charts.Hex(charts.Ink)},
			Label: &opts.Label{Show: opts.Bool(true), Position: "bottom", Color: charts.Hex(charts.Ink),
				Formatter: "≈ " + charts.ApproxLabel(c.At, unit)}}
		if !c.Significant { // within noise: grey and unlabelled, as on the PNG
			item.ItemStyle.Color, item.Label = charts.Hex(charts.InkSoft), &opts.Label{Show: opts.Bool(false)}
		}
		items = append(items, item)
	}
	if len(items) == 0 {
		return nil
	}
	return []echarts.SeriesOpts{echarts.WithMarkPointNameCoordItemOpts(items...)}
}

// logBase2 gives the x axes of a sweep over doublings a log axis of base 2, which
// ticks at 1, 2, 4 … as the values step; go-echarts' XAxis has no logBase option, so
// it is set in the rendered options, in the x axes only.
func logBase2(chart template.HTML) template.HTML {
	s := string(chart)
	from := strings.Index(s, `"xAxis":[`)
	to := strings.Index(s, `"yAxis":[`)
	if from < 0 || to < from {
		return chart
	}
	x := strings.ReplaceAll(s[from:to], `"type":"log"`, `"type":"log","logBase":2`)
	return template.HTML(s[:from] + x + s[to:])
}
