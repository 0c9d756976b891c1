//go:build !nogui

// Package live is the app's live chart: a Fyne widget that shows one metric
// (charts.Metrics) for up to six backings while a run streams in, drawn by the same pure-Go
// renderer as the PNG export, so the window and the slide look alike.
//
// All methods must be called on Fyne's goroutine (from event handlers, or through
// fyne.Do from the goroutine reading the sample stream), like any widget's.
package live

import (
	"fmt"
	"localitylab/internal/backingnames"
	"math"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/lab/result"
)

// MaxBackings is how many series a chart compares, as many as there are backings.
const MaxBackings = backingnames.MaxPerRun

// Chart shows one metric of a run, live or saved. Appending a sample stores one
// float per line in storage preallocated by Reset, and asks for one redraw however
// many samples arrive before the next paint, so a fast stream costs no allocation
// per sample and no redraw per sample.
type Chart struct {
	widget.BaseWidget

	metric *charts.Metric
	budget time.Duration
	scale  charts.Scale
	plot   charts.Plot
	names  []string
	stats  []typical // per backing, for the automatic log axis
	typ    []float64 // scratch for the typical values
	dirty  bool      // a redraw was asked for and has not happened yet

	base    *result.Run // a saved run drawn under this one (base.go), or nil
	own     int         // the chart's own lines, before the base run's
	ownNote string      // the note without the base's

	view *view // the renderer's drawing state, for hover hit-testing
}

var (
	_ fyne.Widget       = (*Chart)(nil)
	_ desktop.Hoverable = (*Chart)(nil)
)

// NewChart returns an empty chart of metric m (one of charts.Metrics) with the
// 60 fps budget and an automatic scale; call Reset or SetRun to give it backings.
func NewChart(m *charts.Metric) *Chart {
	if err := m.Check(); err != nil {
		panic("live: NewChart: " + err.Error())
	}
	c := &Chart{metric: m}
	c.plot = charts.Plot{Metric: m, Hover: -1}
	c.applyBudget()
	c.ExtendBaseWidget(c)
	return c
}

// Metric returns the metric the chart shows.
func (c *Chart) Metric() *charts.Metric { return c.metric }

// Reset clears the chart for a new run of the named backings (at most six, in the
// run's order: a sample's Backing indexes this list) with frames frames, the first
// warmup of them warm-up. Storage for frames samples per backing is allocated here,
// reusing the last run's where it is big enough.
func (c *Chart) Reset(backings []string, warmup, frames int) {
	if len(backings) > MaxBackings || warmup < 0 || frames < 0 {
		panic(fmt.Sprintf("live: Reset with %d backings, warmup %d, frames %d: want ≤ %d backings and no negative counts",
			len(backings), warmup, frames, MaxBackings))
	}
	per := len(c.metric.Lines)
	old := c.plot.Lines
	c.plot.Lines = make([]charts.Line, 0, len(backings)*per)
	c.plot.Keys = c.plot.Keys[:0]
	c.names = append(c.names[:0], backings...)
	for _, name := range backings {
		col := charts.Color(name)
		for _, src := range c.metric.Lines {
			l := charts.Line{Label: name + src.Suffix, Color: col, Dashed: src.Dashed}
			l.Values = reuse(old, len(c.plot.Lines), frames)
			c.plot.Lines = append(c.plot.Lines, l)
		}
		c.plot.Keys = append(c.plot.Keys, charts.Key{Name: name, Color: col})
	}
	c.ownNote = c.metric.Note
	c.own = len(c.plot.Lines)
	c.plot.Frames, c.plot.Warmup, c.plot.Hover, c.plot.Forks = frames, warmup, -1, nil
	c.stats = make([]typical, len(backings))
	c.typ = make([]float64, len(backings))
	c.placeBase()
	c.Refresh()
}

// SetForks gives the chart the run's forks (lab.Config.Plan), laid end to end over
// the frames Reset gave it: each fork's warm-up is shaded, a line marks where each
// after the first begins, and the summary in the legend leaves every fork's warm-up
// out. Call it after Reset, before the first sample.
func (c *Chart) SetForks(forks []result.Fork) {
	c.plot.Forks = slices.Clone(forks)
	c.Refresh()
}

// reuse returns line i's old storage emptied if it holds n values, else new storage.
func reuse(old []charts.Line, i, n int) []float64 {
	if i < len(old) && cap(old[i].Values) >= n {
		return old[i].Values[:0]
	}
	return make([]float64, 0, n)
}

// SetBudget sets the budget line, on a metric that draws one: 0 for 16.7 ms (60 fps), charts.Budget30
// for 33.3 ms, a negative duration for none.
func (c *Chart) SetBudget(d time.Duration) {
	c.budget = d
	c.applyBudget()
	c.Refresh()
}

func (c *Chart) applyBudget() {
	c.plot.Budget = 0
	if c.metric.Budget {
		c.plot.Budget = charts.BudgetNS(c.budget)
	}
}

// SetScale sets the axis of a metric that follows the scale option (Typical):
// automatic, linear or log.
func (c *Chart) SetScale(s charts.Scale) {
	if s < charts.ScaleAuto || s > charts.ScaleLog {
		panic(fmt.Sprintf("live: SetScale(%d): want ScaleAuto, ScaleLinear or ScaleLog", int(s)))
	}
	c.scale = s
	c.Refresh()
}

// SetFailed marks backing i as failed with err (or, with "", as not failed): the
// legend shows the error and the series keeps what it measured.
func (c *Chart) SetFailed(i int, err string) {
	c.checkBacking(i)
	k := &c.plot.Keys[i]
	k.Note, k.Failed = "", false
	if err != "" {
		k.Note, k.Failed = "failed: "+err, true
	}
	c.Refresh()
}

func (c *Chart) checkBacking(i int) {
	if i < 0 || i >= len(c.names) {
		panic(fmt.Sprintf("live: backing %d: the chart was reset for %d backings", i, len(c.names)))
	}
}

// typical keeps what the automatic scale needs of a backing: the mean of its first
// line (the frame time) after warm-up, or over the warm-up while that is all there is.
type typical struct {
	all, post   float64
	nAll, nPost int
}

func (m *typical) add(v float64, warm bool) {
	m.all += v
	m.nAll++
	if !warm {
		m.post += v
		m.nPost++
	}
}

func (m *typical) mean() float64 {
	switch {
	case m.nPost > 0:
		return m.post / float64(m.nPost)
	case m.nAll > 0:
		return m.all / float64(m.nAll)
	}
	return math.NaN()
}

// CreateRenderer links the chart to its renderer; Fyne calls it.
func (c *Chart) CreateRenderer() fyne.WidgetRenderer {
	c.ExtendBaseWidget(c)
	return newRenderer(c)
}
