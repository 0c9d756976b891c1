package charts

import (
	"fmt"
	"image"
	"math"

	"localitylab/lab/result"
)

// checkSweep returns an error when s cannot be drawn at all.
func checkSweep(s *result.Sweep) error {
	if s == nil {
		return fmt.Errorf("charts: no sweep")
	}
	if n := len(s.Backings); n == 0 || n > len(palette) {
		return fmt.Errorf("charts: sweep has %d backings: want 1–%d", n, len(palette))
	}
	return nil
}

// renderSweep draws the slide: title lines, the chart, then the table per backing
// and the crossings in words.
func renderSweep(s *result.Sweep, o Options) *image.RGBA {
	img, p, pad := newSlide(o)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	t, sm := p.fonts.title, p.fonts.small

	y := drawWrapped(img, t, pad, pad, w-2*pad, sweepHeadline(s), ink) + pad/3
	y = drawWrapped(img, sm, pad, y, w-2*pad, sweepParamList(s), inkSoft)
	y = drawWrapped(img, sm, pad, y, w-2*pad, sweepHostLine(s), inkSoft) + pad/2

	var lines []string
	lines = append(lines, CrossingLines(s)...)
	if sk := SkippedText(s); sk != "" {
		lines = append(lines, sk)
	}
	if d := DriftText(s); d != "" {
		lines = append(lines, d)
	}
	if s.Stopped != "" {
		lines = append(lines, "The sweep was "+s.Stopped+".")
	}
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, sm.wrap(l, w-2*pad)...)
	}
	tab := SweepBackingsTable(s)
	textTop := h - pad - len(wrapped)*sm.height()
	tableTop := textTop - pad/2 - p.tableHeight(len(tab.Rows))
	pl := NewSweepPlot(s, o.Scale, math.NaN())
	p.DrawSweep(img, image.Rect(pad, y, w-pad, tableTop-pad/2), &pl)
	p.drawTable(img, image.Rect(pad, tableTop, w-pad, textTop-pad/2), &tab)
	ty := textTop
	for _, l := range wrapped {
		ty += sm.ascent
		sm.draw(img, img.Rect, pad, ty, l, ink)
		ty += sm.descent
	}
	return img
}
