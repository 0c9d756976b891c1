package page

import (
	"fmt"
	"io"
	"strings"

	"localitylab/charts"
	"localitylab/lab/compare"
	"localitylab/lab/result"
)

// WriteCompareHTML writes the comparison as one page, laid out as a run's page: the
// two runs' record, the comparison table, and the charts with both runs on the same
// axes, to hover and zoom (a chart that gives way for both runs, as allocations
// do while neither allocated, in words).
func WriteCompareHTML(w io.Writer, base, new *result.Run, rep *compare.Report, o charts.Options) error {
	if err := charts.FirstError(o.Check(), charts.CheckRun(base), charts.CheckRun(new)); err != nil {
		return err
	}
	url := echartsURL(o)
	pg := &page{head: head{Headline: rep.Title(), HostLine: "base: " + charts.HostLine(base) + " — new: " + charts.HostLine(new), EChartsURL: url,
		Record: compareRecord(base, new, rep)},
		TableTitle: "What changed", TableExplain: compareExplain, RecordTitle: "The two runs",
		Table: charts.CompareTable(rep), Errors: append(failures(base, "base"), failures(new, "new")...)}
	for i, m := range charts.Metrics {
		s := compareSection(base, new, m, o, i == 0)
		if err := pg.add(s.title, s.explain, s.chart); err != nil {
			return err
		}
	}
	if err := pageTemplate.Execute(w, pg); err != nil {
		return fmt.Errorf("charts: writing HTML: %w", err)
	}
	return nil
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
