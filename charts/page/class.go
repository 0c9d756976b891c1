package page

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"

	echarts "github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"localitylab/charts"
	"localitylab/charts/axis"
	"localitylab/charts/classview"
)

//go:embed classpage.html.tmpl
var classSource string

var classTemplate = parsePage(classSource)

// classPage is what the class's page shows: the table a column per machine, each
// claim's answer on each machine, and the chart.
type classPage struct {
	head
	Explain  string
	Kind     string
	Machines []classMachine
	Rows     []classview.Row
	Titles   map[string]string // each group's heading
	Span     int
	Notes    []string
	Claims   []classClaim
	Sections []section
}

type classMachine struct {
	Letter, File string
	Color        template.CSS
}

type classClaim struct {
	Source, Text, Agreement string
	Answers                 []classAnswer
}

type classAnswer struct {
	Machine, Full string
	Color         template.CSS
}

// WriteClassHTML writes a class's machines side by side as one page.
func WriteClassHTML(w io.Writer, c *classview.Class, o charts.Options) error {
	if err := o.Check(); err != nil {
		return err
	}
	t := c.Table
	pg := &classPage{head: head{Headline: c.Heading, HostLine: "parameters: " + c.Params, EChartsURL: echartsURL(o)},
		Explain: "A column per machine: what the machine is, what it measured, and the verdict of each of the lesson's claims on it, as the lesson gives it on that machine.",
		Kind:    c.Kind, Rows: t.Rows, Span: len(t.Columns), Titles: map[string]string{}}
	for _, r := range t.Rows {
		pg.Titles[r.Group] = t.GroupTitle(r.Group)
	}
	for i, m := range c.Machines {
		pg.Machines = append(pg.Machines, classMachine{Letter: charts.ClassLetter(i), File: m, Color: machineCSS(i)})
	}
	if len(c.Differ) > 0 {
		pg.Notes = append(pg.Notes, "The machines differ in: "+charts.JoinAnd(c.Differ)+".")
	}
	if c.OneHost != "" {
		pg.Notes = append(pg.Notes, c.OneHost)
	}
	if c.Order != "" {
		pg.Notes = append(pg.Notes, c.Order)
	}
	pg.Notes = append(pg.Notes, c.FiguresNote)
	for _, cl := range c.Claims {
		cc := classClaim{Source: cl.Source, Text: cl.Text, Agreement: cl.Agreement}
		for i, a := range cl.Answers {
			cc.Answers = append(cc.Answers, classAnswer{Machine: charts.ClassLetter(i) + " · " + c.Machines[i], Full: a.Full, Color: machineCSS(i)})
		}
		pg.Claims = append(pg.Claims, cc)
	}
	if err := pg.addChart(c); err != nil {
		return err
	}
	if err := classTemplate.Execute(w, pg); err != nil {
		return fmt.Errorf("charts: writing HTML: %w", err)
	}
	return nil
}

func machineCSS(i int) template.CSS { return template.CSS(charts.Hex(charts.MachineColor(i))) }

// addChart adds the chart of each group's figure per machine, on one axis
// (logarithmic when the figures span more than a factor of 20, as on the slide).
func (pg *classPage) addChart(c *classview.Class) error {
	groups := c.Groups
	lo, hi := classview.Extent(groups)
	bar := echarts.NewBar()
	bar.SetGlobalOptions(chartInit("class", "480px", 1)...)
	name := "p50 frame"
	if c.Sweep {
		name = "per entity"
	}
	y := valueAxis(name, "llDuration", lo > 0 && hi/lo > 20)
	if y.Type == "log" {
		// ECharts starts a log axis at 1; the slide's 1-2-5 ends keep the bars readable.
		a := axis.LogRange(lo, hi)
		y.Min, y.Max = a.Lo, a.Hi
	}
	bar.SetGlobalOptions(echarts.WithYAxisOpts(y), axisTooltip("llDuration"))
	labels := make([]string, len(groups))
	for k, g := range groups {
		labels[k] = jsName(g.Label)
	}
	bar.SetXAxis(labels)
	for i, m := range c.Machines {
		data := make([]opts.BarData, len(groups))
		for k, g := range groups {
			if f := g.Bars[i]; f.Missing == "" {
				data[k] = opts.BarData{Value: f.NS}
			} else {
				data[k] = opts.BarData{Value: nil}
			}
		}
		bar.AddSeries(jsName(charts.ClassLetter(i)+" "+m), data,
			echarts.WithItemStyleOpts(opts.ItemStyle{Color: charts.Hex(charts.MachineColor(i))}))
	}
	explain := "Each backing's typical frame on each machine, a bar per machine in its colour; the table above gives each figure's 95% interval. Hover a group to read its figures."
	if c.Sweep {
		explain = "Each backing's cost per entity at each point of the sweep, a bar per machine in its colour; the table above gives each figure's 95% interval. Hover a group to read its figures."
	}
	sec, err := snippet(bar)
	if err != nil {
		return fmt.Errorf("charts: class chart: %w", err)
	}
	pg.Sections = append(pg.Sections, section{Title: c.ChartTitle, Explain: explain, Chart: sec})
	return nil
}
