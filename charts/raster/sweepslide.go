package raster

import (
	"image"
	"io"
	"math"

	"localitylab/charts"
	"localitylab/lab/result"
)

// WriteSweepPNG writes a sweep's chart, its table per backing and its crossings as
// one PNG image for a slide, with title lines saying what was swept, where and when.
// Like WritePNG it needs no browser, display or GL context.
func WriteSweepPNG(w io.Writer, s *result.Sweep, o charts.Options) error {
	return writeSlide(w, o, charts.CheckSweep(s), func() *image.RGBA { return renderSweep(s, o) })
}

// renderSweep draws the slide: title lines, the chart, then the table per backing
// and the crossings in words.
func renderSweep(s *result.Sweep, o charts.Options) *image.RGBA {
	img, p, pad := newSlide(o)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	sm := p.fonts.small
	y := drawHead(img, p, pad, charts.SweepHeadline(s), charts.SweepParamList(s), charts.SweepHostLine(s))

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
	drawLines(img, sm, pad, textTop, wrapped)
	return img
}

// drawLines draws lines of text from the top y down at x, in ink.
func drawLines(img *image.RGBA, f *face, x, y int, lines []string) {
	for _, l := range lines {
		y += f.ascent
		f.draw(img, img.Rect, x, y, l, charts.Ink)
		y += f.descent
	}
}
