package page

import (
	"fmt"
	"io"
	"strings"

	echarts "github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"localitylab/charts"
	"localitylab/lab/compare"
	"localitylab/lab/result"
)

// WriteCompareHTML writes the comparison as one page, laid out as a run's page: the
// two runs' record, the comparison table, and the charts with both runs on the same
// axes, to hover and zoom (allocations in words while neither run allocated).
func WriteCompareHTML(w io.Writer, base, new *result.Run, rep *compare.Report, o charts.Options) error {
	if err := charts.FirstError(o.Check(), charts.CheckRun(base), charts.CheckRun(new)); err != nil {
		return err
	}
	url := echartsURL(o)
	pg := &page{head: head{Headline: rep.Title(), HostLine: "base: " + charts.HostLine(base) + " — new: " + charts.HostLine(new), EChartsURL: url,
		Record: compareRecord(base, new, rep)},
		TableTitle: "What changed", TableExplain: compareExplain, RecordTitle: "The two runs",
		Table: charts.CompareTable(rep), Errors: append(failures(base, "base"), failures(new, "new")...)}
	log := o.Scale.Log(append(charts.TypicalFrameTimes(new), charts.TypicalFrameTimes(base)...))
	for _, s := range []compareSection{
		{"Frame time", "Time of each frame of both runs, per backing: the new run solid, the base dashed. The new run's warm-up is shaded. Scroll or drag the slider to zoom.",
			compareChart(base, new, "frame_time", valueAxis("frame time", "llDuration", log), "llDuration", charts.FrameTime, warmupSpans(new))},
		{"Memory", "Live heap over frames, per backing: the new run solid, the base dashed.",
			compareChart(base, new, "memory", valueAxis("bytes", "llBytes", false), "llBytes", charts.Memory, nil)},
		allocsSection(base, new),
	} {
		if err := pg.add(s.title, s.explain, s.chart); err != nil {
			return err
		}
	}
	if err := pageTemplate.Execute(w, pg); err != nil {
		return fmt.Errorf("charts: writing HTML: %w", err)
	}
	return nil
}

// compareSection is one titled section of the comparison page, with its chart, or
// in words alone (a nil chart).
type compareSection struct {
	title, explain string
	chart          echart
}

// allocsSection is the allocations chart of both runs; or, while neither allocated
// in a measured frame, the sentence that says so in its place, as a run's page does,
// since flat lines on a 0–1 axis cannot be told from nothing measured. One
// allocation in either run brings the chart back.
func allocsSection(base, new *result.Run) compareSection {
	if note := charts.CompareNoAllocsNote(base, new); note != "" {
		return compareSection{"Allocations per frame", note + " A hot loop that allocates nothing is the goal.", nil}
	}
	return compareSection{"Allocations per frame", "Heap objects allocated during each frame: the new run solid, the base dashed.",
		compareChart(base, new, "allocs", valueAxis("allocations", "llCount", false), "llCount", charts.Allocs, nil)}
}

// compareExplain says how to read the comparison table.
const compareExplain = "One row per backing measured in both runs. “change” is how the new run's typical frame time " +
	"compares with the base's, with its 95% interval; p is the probability of a difference at least this large if " +
	"nothing had changed. " + compare.Method + ": each round (a burst of frames every backing ran in turn) gives " +
	"one median per backing, since frames of one moment are not independent. “n.s.” marks a change that is not " +
	"significant at p < 0.05."

// compareRecord lists what a reader needs to trust and repeat both runs.
func compareRecord(base, new *result.Run, rep *compare.Report) [][2]string {
	rec := [][2]string{{"workload", new.Workload}, {"parameters", new.Params.List()}}
	for _, x := range []struct {
		name string
		r    *result.Run
		s    compare.Side
	}{{"base", base, rep.Base}, {"new", new, rep.New}} {
		what := x.s.File
		if x.r.Title != "" {
			what += " (" + x.r.Title + ")"
		}
		rec = append(rec,
			[2]string{x.name + " run", what + ", started " + charts.RunDate(x.r)},
			[2]string{x.name + " host", charts.HostName(x.r.Host)},
			[2]string{x.name + " schedule", charts.CacheText(x.r)},
			[2]string{x.name + " equal work", equalWork(x.r)})
	}
	for _, d := range rep.Accepted {
		rec = append(rec, [2]string{"accepted difference", d.Kind + ": " + d.Text})
	}
	if len(rep.OnlyBase) > 0 {
		rec = append(rec, [2]string{"only in the base run", strings.Join(rep.OnlyBase, ", ")})
	}
	if len(rep.OnlyNew) > 0 {
		rec = append(rec, [2]string{"only in the new run", strings.Join(rep.OnlyNew, ", ")})
	}
	if s := rep.SharedShiftText(); s != "" {
		rec = append(rec, [2]string{"shared shift", s})
	}
	return append(rec, [2]string{"statistics", compare.Method})
}

// compareChart is one metric of both runs over frames, per backing: the new run
// solid, the base dashed.
func compareChart(base, new *result.Run, id string, y opts.YAxis, formatter string, m charts.Metric, warm [][2]int) *echarts.Line {
	c := echarts.NewLine()
	c.SetGlobalOptions(chartInit(id, "460px", 2)...)
	xo, xs := frameAxis(max(base.Frames, new.Frames))
	c.SetGlobalOptions(xo...)
	c.SetGlobalOptions(echarts.WithYAxisOpts(y), axisTooltip(formatter))
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
			var data []opts.LineData
			switch m {
			case charts.FrameTime:
				data = lineData(b.Frames.NS)
			case charts.Memory:
				data = lineData(b.Frames.HeapBytes)
			default:
				data = lineData(b.Frames.Allocs)
			}
			c.AddSeries(seriesName(b, suffix), data, so...)
		}
	}
	return c
}
