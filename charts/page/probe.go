package page

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"

	echarts "github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"localitylab/charts"
	"localitylab/internal/units"
	"localitylab/lab/result"
)

//go:embed probepage.html.tmpl
var probePageSource string

var probePageTemplate = parsePage(probePageSource)

// probePage is what the probe's page template fills in.
type probePage struct {
	head
	Charts []probeChart
	Levels charts.Table
	Words  []string
}

// probeChart is one of the probe's charts (charts.MachineCharts) on the page.
type probeChart struct {
	Title, Explain string
	Chart          template.HTML
}

// WriteProbeHTML writes the machine's probe as one page: each of its charts
// (charts.MachineCharts) to hover and zoom, the levels beside the caches reported,
// what it says in words, and its record.
func WriteProbeHTML(w io.Writer, p *result.Probe, o charts.Options) error {
	if err := charts.FirstError(o.Check(), p.Validate()); err != nil {
		return err
	}
	pg := probePage{head: withECharts(head{Headline: charts.ProbeHeadline(p), HostLine: charts.ProbeConditions(p), Record: probeRecord(p)}, o),
		Levels: charts.ProbeLevelsTable(p), Words: charts.ProbeWords(p)}
	for _, m := range charts.MachineCharts {
		pl, ok := m.Plot(p)
		if !ok {
			continue
		}
		chart, err := snippet(probeLine(m, &pl))
		if err != nil {
			return fmt.Errorf("charts: %s chart: %w", m.Name, err)
		}
		pg.Charts = append(pg.Charts, probeChart{Title: m.Title, Explain: m.Explain, Chart: chart})
	}
	if err := probePageTemplate.Execute(w, &pg); err != nil {
		return fmt.Errorf("charts: writing HTML: %w", err)
	}
	return nil
}

// probeRecord lists what a reader needs to trust the probe.
func probeRecord(p *result.Probe) [][2]string {
	var reported []string
	for _, c := range p.Reported {
		s := fmt.Sprintf("L%d %s %s", c.Level, strings.ToLower(c.Type), units.Bytes(float64(c.Bytes)))
		if c.NotUsed != "" {
			s += " (not used: " + c.NotUsed + ")"
		}
		reported = append(reported, s)
	}
	if len(reported) == 0 {
		reported = []string{"none (" + p.ReportedNote + ")"}
	}
	return [][2]string{
		{"kind", p.Kind},
		{"taken", p.Taken.Format("2006-01-02 15:04 -07:00")},
		{"took", units.Duration(float64(p.DurationNS))},
		{"where", p.CPU.Why},
		{"caches the system reports", strings.Join(reported, ", ")},
		{"points", fmt.Sprintf("%d working sets, %d repetitions each", len(p.Ladder), p.Repetitions)},
		{"result schema", p.Schema},
	}
}

// probeLine is one of the probe's charts as an ECharts line: log x of working
// sets, the measured line with its band, the markers as dashed mark lines.
func probeLine(m *charts.MachineChart, pl *charts.SweepPlot) *echarts.Line {
	c := echarts.NewLine()
	c.SetGlobalOptions(chartInit(m.Name, "480px", 1)...)
	yType := "value"
	if pl.LogY {
		yType = "log"
	}
	c.SetGlobalOptions(
		echarts.WithXAxisOpts(opts.XAxis{Type: "log", Name: jsName(pl.XCaption), NameLocation: "middle", NameGap: 30,
			Min: pl.XMin, Max: pl.XMax, AxisLabel: &opts.AxisLabel{Formatter: opts.FuncOpts("llBytes")}}),
		echarts.WithYAxisOpts(opts.YAxis{Type: yType, Name: m.YAxis, AxisLabel: &opts.AxisLabel{Formatter: opts.FuncOpts(m.YJS)}}),
		echarts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis", Formatter: opts.FuncOpts(
			"function(ps){var p=ps[ps.length-1],v=p.value;return llBytes(v[0])+': '+(" + m.YJS + ")(v[1])+' ('+(" + m.YJS + ")(v[2])+'–'+(" + m.YJS + ")(v[3])+')';}")}),
		echarts.WithDataZoomOpts(opts.DataZoom{Type: "inside", XAxisIndex: []int{0}}),
	)
	var names []string
	for _, cv := range pl.Curves {
		names = append(names, jsName(cv.Name))
	}
	c.SetGlobalOptions(echarts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "0", Data: names}))
	for i := range pl.Curves {
		cv := &pl.Curves[i]
		main, so := curveSeries(c, cv)
		so = append(so, markerLines(pl, cv, true)...)
		c.AddSeries(jsName(cv.Name), main, so...)
	}
	return c
}
