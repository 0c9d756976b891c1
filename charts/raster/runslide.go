package raster

import (
	"image"
	"io"

	"localitylab/charts"
	"localitylab/lab/result"
)

// WritePNG writes the run's row of charts and summary table as one PNG image, with
// title lines saying what was run, where and when. It needs no browser, display or
// GL context, so the headless bench command can write it.
func WritePNG(w io.Writer, r *result.Run, o charts.Options) error {
	return writeSlide(w, o, charts.CheckRun(r), func() *image.RGBA { return renderRun(r, o) })
}

// renderRun draws the slide: the title, parameter and host lines on top, the run's
// charts side by side (DrawRunCharts), the summary table below them. Text sizes follow the image size, so a
// 3840×2160 export is the 1920×1080 one at twice the resolution.
func renderRun(r *result.Run, o charts.Options) *image.RGBA {
	img, p, pad := newSlide(o)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	y := drawHead(img, p, pad, charts.Headline(r), headLines(r)...)

	tab := charts.SummaryTable(r)
	tableTop := h - pad - p.tableHeight(len(tab.Rows))
	p.DrawRunCharts(img, image.Rect(pad, y, w-pad, tableTop-pad/2), r, o, pad)
	p.drawTable(img, image.Rect(pad, tableTop, w-pad, h-pad), &tab)
	return img
}

// headLines are the lines under a run's title: its parameters, its machine and, where
// some backing's share of heap in huge pages was never measured, why, since the
// table's cell can only say n/a.
func headLines(r *result.Run) []string {
	lines := []string{"parameters: " + r.Params.List(), charts.HostLine(r)}
	if why := r.HugeShareMissing(); why != "" {
		lines = append(lines, "huge pages n/a: "+why)
	}
	return lines
}

// DrawRunCharts draws a run's row of charts side by side in r, gap pixels apart
// (charts.RunMetrics: frame time, memory and allocations per frame); a chart that
// gives way for the run (charts.Gone: the allocations while no backing allocated
// in a measured frame) leaves its room to the others, with the sentence that says
// why under them (charts.GoneNote), since a chart of flat lines on a 0–1 axis
// cannot be told from one of nothing measured. The slide and the handout draw a
// run's charts with it, so that they agree.
func (p *Painter) DrawRunCharts(img *image.RGBA, r image.Rectangle, run *result.Run, o charts.Options, gap int) {
	p.drawNotedRow(img, r, gap, charts.RunMetrics(run), charts.GoneNote(run), func(m *charts.Metric) charts.Plot { return charts.RunPlot(run, m, o) })
}

// drawNotedRow draws the charts ms side by side in r (drawRow), with the sentence
// note, if any, in a band under them in the normal font: what stands for a chart
// left out.
func (p *Painter) drawNotedRow(img *image.RGBA, r image.Rectangle, gap int, ms []*charts.Metric, note string, plot func(m *charts.Metric) charts.Plot) {
	if note != "" {
		f, pad := p.fonts.normal, p.pad()
		lines := f.wrap(note, r.Dx()-2*pad)
		y := r.Max.Y - len(lines)*f.height()
		r.Max.Y = y - pad/2
		for _, l := range lines {
			y += f.ascent
			f.draw(img, img.Rect, r.Min.X+pad, y, l, charts.Ink)
			y += f.descent
		}
	}
	p.drawRow(img, r, gap, ms, plot)
}
