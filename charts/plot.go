package charts

import (
	"image"
	"image/color"
	"math"

	"localitylab/lab/result"
)

// Plot is one chart ready to draw: the shape the live widget and the PNG export
// share, so that a chart on a slide looks like the one in the window.
type Plot struct {
	Metric Metric
	Frames int // the x axis spans frames 0..Frames-1 however many have arrived, so it does not creep
	Warmup int // frames before this one are shaded (each fork's own, when Forks has more than one)
	// Forks are the run's forks (result.Fork), laid end to end: each one's warm-up is
	// shaded and a line marks where each after the first begins. Nil for one.
	Forks  []result.Fork
	Budget float64 // frame-time budget line in ns; 0 draws none
	Log    bool    // logarithmic y axis
	Lines  []Line
	Keys   []Key  // the legend, one entry per backing
	Note   string // shown at the top right, after "log scale" when Log is set
	Hover  int    // the frame to read out under the pointer; negative for none
}

// Line is one series of a plot.
type Line struct {
	Label  string // in the hover read-out: "ptrarray", "ptrarray RSS"
	Color  color.NRGBA
	Dashed bool
	Values []float64 // by frame; NaN where nothing was measured; may stop early
}

// Key is one legend entry.
type Key struct {
	Name   string
	Color  color.NRGBA
	Note   string // after the name: "n/a", or the error of a failed backing
	Failed bool   // the note is an error and is drawn in red
	shade  bool   // the key of the warm-up shade, drawn outlined
}

// Painter draws plots with the pure-Go rasteriser. It keeps its fonts, glyph cache
// and scratch buffers between draws, so a redraw allocates next to nothing; one
// Painter must not be used by two goroutines at once.
type Painter struct {
	px     float64 // base text size in pixels
	fonts  fonts
	ticks  []float64 // y ticks of the plot being drawn
	xticks []float64
	keys   []keyPos
	keyBuf []Key
	cols   columns // the dense-line sweep's per-column buffer

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
func (p *Painter) Draw(img *image.RGBA, r image.Rectangle, pl *Plot) {
	if err := pl.Metric.check(); err != nil {
		panic(err)
	}
	fillRect(img, r, white)
	frames := pl.frameCount()
	top := p.drawHeader(img, r, pl)
	lo, hi, ok := pl.valueRange()
	var area image.Rectangle
	var y axis
	if ok {
		area, y = p.layoutY(r, top, pl, lo, hi)
	} else {
		s, pad := p.fonts.small, p.pad()
		area = image.Rect(r.Min.X+pad+s.width(xCaption)+pad, top, r.Max.X-pad, r.Max.Y-pad-s.height()-pad/2)
	}
	x := axis{lo: 0, hi: float64(max(frames-1, 1)), p0: float64(area.Min.X), p1: float64(area.Max.X)}
	p.area, p.frames = area, frames
	p.drawWarmup(img, area, &x, pl, frames)
	p.drawXTicks(img, r, area, &x)
	if !ok {
		msg := "no frames yet"
		f := p.fonts.normal
		f.draw(img, area, (area.Min.X+area.Max.X-f.width(msg))/2, (area.Min.Y+area.Max.Y)/2, msg, inkSoft)
		p.drawFrame(img, area)
		return
	}
	p.drawYTicks(img, area, &y, pl.Metric)
	p.drawFrame(img, area)
	p.drawBudget(img, area, &y, pl, pl.budgetShown(hi))
	for i := range pl.Lines {
		p.drawLine(img, area, &x, &y, &pl.Lines[i])
	}
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

// frameCount is the length of the x axis: Frames, or more if a line is longer.
func (pl *Plot) frameCount() int {
	n := pl.Frames
	for i := range pl.Lines {
		n = max(n, len(pl.Lines[i].Values))
	}
	return n
}

// valueRange returns the smallest and largest drawable value of every line, and
// false when there is none. On a log axis only positive values count.
func (pl *Plot) valueRange() (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for i := range pl.Lines {
		for _, v := range pl.Lines[i].Values {
			if !finite(v) || (pl.Log && v <= 0) {
				continue
			}
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi, lo <= hi
}

// budgetShown reports whether the budget line fits the axis: always on a log axis,
// which has room for it; on a linear one only if showing it leaves the data at least
// half the height, since a line far above squashes every series into the floor.
func (pl *Plot) budgetShown(hi float64) bool {
	return pl.Metric == FrameTime && pl.Budget > 0 && (pl.Log || pl.Budget <= 2*hi)
}

// InWarmup reports whether frame f is a warm-up frame: one of its fork's first.
func (pl *Plot) InWarmup(f int) bool {
	if len(pl.Forks) < 2 {
		return f < pl.Warmup
	}
	fk := pl.Forks[pl.ForkOf(f)]
	return f-fk.First < fk.Warmup
}

// ForkOf is the fork of frame f, from 0 (0 without forks).
func (pl *Plot) ForkOf(f int) int {
	k := 0
	for k+1 < len(pl.Forks) && f >= pl.Forks[k+1].First {
		k++
	}
	return k
}
