package raster

import (
	"image"
	"io"
	"strings"

	"localitylab/charts"
	"localitylab/lab/compare"
	"localitylab/lab/result"
)

// WriteComparePNG writes the comparison as one picture for a slide: title lines
// naming both runs, their parameters and machines, the charts with both runs
// (drawCompareCharts), and the comparison table.
func WriteComparePNG(w io.Writer, base, new *result.Run, rep *compare.Report, o charts.Options) error {
	return writeSlide(w, o, charts.FirstError(charts.CheckRun(base), charts.CheckRun(new)), func() *image.RGBA { return renderCompare(base, new, rep, o) })
}

func renderCompare(base, new *result.Run, rep *compare.Report, o charts.Options) *image.RGBA {
	img, p, pad := newSlide(o)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	s := p.fonts.small
	y := drawHead(img, p, pad, rep.Title(), append([]string{"parameters: " + new.Params.List()}, compareLines(base, new, rep)...)...)

	tab := charts.CompareTable(rep)
	// The note under the table takes as many lines as it wraps to: a slide cuts no
	// text off its bottom.
	noteH := len(s.wrap(charts.CompareNote, w-2*pad))*s.height() + pad/2
	tableTop := h - pad - noteH - p.tableHeight(len(tab.Rows))
	p.drawCompareCharts(img, image.Rect(pad, y, w-pad, tableTop-pad/2), base, new, o, pad)
	p.drawTable(img, image.Rect(pad, tableTop, w-pad, h-pad-noteH), &tab)
	drawWrapped(img, s, pad, h-pad-noteH+pad/4, w-2*pad, charts.CompareNote, charts.InkSoft)
	return img
}

// drawCompareCharts draws both runs' row of charts side by side in r, gap pixels
// apart, on shared axes (charts.CompareMetrics); a chart that gives way for both
// runs (charts.CompareGoneNotes: the allocations while neither allocated in a
// measured frame) leaves its room to the others with each run's sentence under
// them, as a run's slide does (DrawRunCharts). One allocation in either run brings
// the chart back.
func (p *Painter) drawCompareCharts(img *image.RGBA, r image.Rectangle, base, new *result.Run, o charts.Options, gap int) {
	p.drawNotedRow(img, r, gap, charts.CompareMetrics(base, new), charts.CompareGoneNotes(base, new),
		func(m *charts.Metric) charts.Plot { return charts.ComparePlot(base, new, m, o) })
}

// compareLines say which run is which, where and when each was measured, and what
// differs between them beyond what was measured.
func compareLines(base, new *result.Run, rep *compare.Report) []string {
	out := []string{
		"base: " + rep.Base.File + " · " + charts.RunDate(base) + " · " + charts.HostName(base.Host) + " · " + charts.CacheText(base),
		"new: " + rep.New.File + " · " + charts.RunDate(new) + " · " + charts.HostName(new.Host) + " · " + charts.CacheText(new),
	}
	for _, d := range rep.Accepted {
		out = append(out, "accepted difference, "+d.Kind+": "+d.Text)
	}
	if len(rep.OnlyBase) > 0 {
		out = append(out, "only in the base run: "+strings.Join(rep.OnlyBase, ", "))
	}
	if len(rep.OnlyNew) > 0 {
		out = append(out, "only in the new run: "+strings.Join(rep.OnlyNew, ", "))
	}
	if s := rep.SharedShiftText(); s != "" {
		out = append(out, s)
	}
	return out
}
