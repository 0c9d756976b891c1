// Package raster draws charts' models into images with a renderer written in pure
// Go: its own fonts, axes, anti-aliased lines and tables (Painter), the slides of a
// run, a sweep and a comparison of two runs (WritePNG, WriteSweepPNG,
// WriteComparePNG), and the picture of a backing's memory layout (DrawLayout,
// WriteLayoutPNG) that the Layout tab and inspect share.
//
// It is pure Go so that the headless bench command can draw without a browser or a
// GL context; the app's live widget (package live) draws with the same Painter, so
// that the picture on a slide is the one seen in the window.
package raster

import (
	"image"
	"math"

	"localitylab/charts"
	"localitylab/charts/axis"
)

// Painter draws plots with the pure-Go rasteriser. It keeps its fonts, glyph cache
// and scratch buffers between draws, so a redraw allocates next to nothing; one
// Painter must not be used by two goroutines at once.
type Painter struct {
	px      float64 // base text size in pixels
	fonts   fonts
	ticks   []float64 // y ticks of the plot being drawn
	xticks  []float64
	keys    []keyPos
	keyBuf  []charts.Key
	cols    columns   // the dense-line sweep's per-column buffer
	order   []int     // the lines in drawing order (see lineOrder)
	heights []float64 // each line's height, for the order

	// The geometry of the last plot drawn, for FrameAt.
	area   image.Rectangle
	frames int
}

// NewPainter returns a painter whose labels are textPx pixels high; lines, gaps and
// the other text sizes follow from it.
func NewPainter(textPx float64) *Painter {
	if !(textPx >= 4 && textPx <= 200) {
		panic("charts: NewPainter text size out of range [4, 200]")
	}
	return &Painter{px: textPx, fonts: newFonts(textPx)}
}

// pad is the gap between the parts of a chart.
func (p *Painter) pad() int { return int(math.Round(p.px * 0.6)) }

// lineWidth is the width of a series line.
func (p *Painter) lineWidth() float64 { return max(1.5, p.px/7) }

// Draw paints pl into r of img, replacing what was there.
func (p *Painter) Draw(img *image.RGBA, r image.Rectangle, pl *charts.Plot) {
	if err := pl.Metric.Check(); err != nil {
		panic(err)
	}
	fillRect(img, r, white)
	frames := pl.FrameCount()
	top := p.drawHeader(img, r, pl)
	lo, hi, ok := pl.ValueRange()
	var area image.Rectangle
	var y axis.Axis
	if ok {
		area, y = p.layoutY(r, top, pl, lo, hi)
	} else {
		s, pad := p.fonts.small, p.pad()
		area = image.Rect(r.Min.X+pad+s.width(xCaption)+pad, top, r.Max.X-pad, r.Max.Y-pad-s.height()-pad/2)
	}
	x := axis.Axis{Lo: 0, Hi: float64(max(frames-1, 1)), P0: float64(area.Min.X), P1: float64(area.Max.X)}
	p.area, p.frames = area, frames
	p.drawWarmup(img, area, &x, pl, frames)
	p.drawXTicks(img, r, area, &x)
	if !ok {
		msg := "no frames yet"
		f := p.fonts.normal
		f.draw(img, area, (area.Min.X+area.Max.X-f.width(msg))/2, (area.Min.Y+area.Max.Y)/2, msg, charts.InkSoft)
		p.drawFrame(img, area)
		return
	}
	p.drawYTicks(img, area, &y, pl.Metric.Unit)
	p.drawFrame(img, area)
	budget := p.drawBudget(img, area, &y, pl, pl.BudgetShown(hi))
	for _, i := range p.lineOrder(pl) {
		p.drawLine(img, area, &x, &y, &pl.Lines[i])
	}
	p.drawBudgetLabel(img, area, budget)
	if pl.Hover >= 0 && pl.Hover < frames {
		p.drawHover(img, area, &x, &y, pl)
	}
}

// FrameAt returns the frame under pixel column px of the last plot drawn, and
// false when px is outside its plotting area or nothing was drawn yet.
func (p *Painter) FrameAt(px int) (int, bool) {
	if p.frames == 0 || px < p.area.Min.X || px >= p.area.Max.X {
		return 0, false
	}
	if p.frames == 1 {
		return 0, true
	}
	t := float64(px-p.area.Min.X) / float64(p.area.Dx())
	return min(int(math.Round(t*float64(p.frames-1))), p.frames-1), true
}
