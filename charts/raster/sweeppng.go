package raster

import (
	"image"
	"math"

	"localitylab/charts"
	"localitylab/lab/result"
)

// renderSweep draws the slide: title lines, the chart, then the table per backing
// and the crossings in words.
func renderSweep(s *result.Sweep, o charts.Options) *image.RGBA {
	img, p, pad := newSlide(o)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	t, sm := p.fonts.title, p.fonts.small

	y := drawWrapped(img, t, pad, pad, w-2*pad, charts.SweepHeadline(s), charts.Ink) + pad/3
	y = drawWrapped(img, sm, pad, y, w-2*pad, charts.SweepParamList(s), charts.InkSoft)
	y = drawWrapped(img, sm, pad, y, w-2*pad, charts.SweepHostLine(s), charts.InkSoft) + pad/2

	var lines []string
	lines = append(lines, charts.CrossingLines(s)...)
	if sk := charts.SkippedText(s); sk != "" {
		lines = append(lines, sk)
	}
	if d := charts.DriftText(s); d != "" {
		lines = append(lines, d)
	}
	if s.Stopped != "" {
		lines = append(lines, "The sweep was "+s.Stopped+".")
	}
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, sm.wrap(l, w-2*pad)...)
	}
	tab := charts.SweepBackingsTable(s)
	textTop := h - pad - len(wrapped)*sm.height()
	tableTop := textTop - pad/2 - p.tableHeight(len(tab.Rows))
	pl := charts.NewSweepPlot(s, o.Scale, math.NaN())
	p.DrawSweep(img, image.Rect(pad, y, w-pad, tableTop-pad/2), &pl)
	p.drawTable(img, image.Rect(pad, tableTop, w-pad, textTop-pad/2), &tab)
	ty := textTop
	for _, l := range wrapped {
		ty += sm.ascent
		sm.draw(img, img.Rect, pad, ty, l, charts.Ink)
		ty += sm.descent
	}
	return img
}
