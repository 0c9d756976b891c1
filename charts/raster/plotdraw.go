package raster

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"localitylab/charts"
	"localitylab/charts/axis"
	"localitylab/internal/units"
)

// keyPos is where one legend entry goes, so the legend is measured once and drawn
// from the measurement.
type keyPos struct {
	x, y int
	note string
}

// drawHeader draws the title, the note and the legend, and returns the y where the
// plotting area may start.
func (p *Painter) drawHeader(img *image.RGBA, r image.Rectangle, pl *charts.Plot) int {
	pad, t := p.pad(), p.fonts.title
	y := p.drawTitle(img, r, pl.Metric.Title, pl.Note, pl.Log)
	p.keyBuf = append(p.keyBuf[:0], pl.Keys...)
	if pl.Warmup > 0 {
		p.keyBuf = append(p.keyBuf, charts.Key{Name: "warm-up", Color: warmShade, Shade: true})
	}
	return p.drawLegend(img, r, y+t.descent+pad/2, p.keyBuf) + pad
}

// drawTitle draws a chart's title at r's top left and its note ("log scale" first
// when log) right-aligned on the same line, and returns the line's baseline: the run's
// charts and the sweep's are headed alike.
func (p *Painter) drawTitle(img *image.RGBA, r image.Rectangle, title, note string, log bool) int {
	pad, t, s := p.pad(), p.fonts.title, p.fonts.small
	y := r.Min.Y + pad + t.ascent
	if t.width(title) > r.Dx()-2*pad {
		t = p.fonts.bold // a narrow chart: its title whole in smaller type where that fits, rather than cut at the edge
	}
	x := t.draw(img, r, r.Min.X+pad, y, t.fit(title, r.Dx()-2*pad), charts.Ink)
	if log {
		note = joinNote("log scale", note)
	}
	if note != "" {
		note = s.fit(note, r.Max.X-pad-x-2*pad)
		s.draw(img, r, r.Max.X-pad-s.width(note), y, note, charts.InkSoft)
	}
	return y
}

func joinNote(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + " · " + b
}

// drawLegend lays the keys out in rows that wrap at r's width, draws them, and
// returns the y below the last row.
func (p *Painter) drawLegend(img *image.RGBA, r image.Rectangle, top int, keys []charts.Key) int {
	if len(keys) == 0 {
		return top
	}
	pad, f := p.pad(), p.fonts.normal
	sw, gap := int(p.px*0.8), int(p.px*0.4)
	left, right := r.Min.X+pad, r.Max.X-pad
	x, y := left, top
	p.keys = p.keys[:0]
	for _, k := range keys {
		w := sw + gap + f.width(k.Name)
		note := k.Note
		if note != "" {
			note = f.fit(note, right-left-w-gap)
			w += gap + f.width(note)
		}
		if x > left && x+w > right {
			x, y = left, y+f.height()
		}
		p.keys = append(p.keys, keyPos{x: x, y: y, note: note})
		x += w + int(p.px*1.2)
	}
	for i, k := range keys {
		kp := p.keys[i]
		base := kp.y + f.ascent
		mid := base - f.ascent*2/5
		sq := image.Rect(kp.x, mid-sw/2, kp.x+sw, mid-sw/2+sw)
		fillRect(img, sq, k.Color)
		if k.Shade {
			strokeRect(img, sq, 1, gridLine)
		}
		nx := f.draw(img, r, kp.x+sw+gap, base, k.Name, charts.Ink)
		c := charts.InkSoft
		if k.Failed {
			c = errorRed
		}
		f.draw(img, r, nx+gap, base, kp.note, c)
	}
	return y + f.height()
}

// layoutY fixes the plotting area and the y axis for values in [lo, hi].
func (p *Painter) layoutY(r image.Rectangle, top int, pl *charts.Plot, lo, hi float64) (image.Rectangle, axis.Axis) {
	pad, s := p.pad(), p.fonts.small
	bottom := r.Max.Y - pad - s.height() - pad/2
	n := max(2, (bottom-top)/int(p.px*3))
	if pl.BudgetShown(hi) {
		lo, hi = min(lo, pl.Budget), max(hi, pl.Budget)
	}
	var y axis.Axis
	if pl.Log {
		y = axis.LogRange(lo, hi)
		p.ticks = y.LogTicks(n, p.ticks)
	} else {
		minStep := 0.0
		if pl.Metric.Unit.Whole {
			minStep = 1 // a count steps by whole things
		}
		var step float64
		y, step = axis.LinearRange(lo, hi, n, tickUnit(pl.Metric.Unit, hi), minStep)
		p.ticks = y.LinearTicks(step, p.ticks)
	}
	labels := s.width(xCaption) // the x caption sits under the y labels
	for _, v := range p.ticks {
		labels = max(labels, s.width(tickLabel(pl.Metric.Unit, v)))
	}
	area := image.Rect(r.Min.X+pad+labels+pad/2, top, r.Max.X-pad, bottom)
	y.P0, y.P1 = float64(area.Max.Y), float64(area.Min.Y)
	return area, y
}

// drawYTicks draws a grid line and a label at each tick computed by layoutY.
func (p *Painter) drawYTicks(img *image.RGBA, area image.Rectangle, y *axis.Axis, u charts.Unit) {
	s := p.fonts.small
	for _, v := range p.ticks {
		yy := int(math.Round(y.Pos(v)))
		if yy < area.Max.Y-1 {
			fillRect(img, image.Rect(area.Min.X, yy, area.Max.X, yy+1), gridLine)
		}
		l := tickLabel(u, v)
		s.draw(img, img.Rect, area.Min.X-p.pad()/2-s.width(l), yy+s.ascent*7/20, l, charts.InkSoft)
	}
}

// xCaption names the x axis.
const xCaption = "frame"

// drawXTicks draws frame-number ticks under the area, and the axis caption.
func (p *Painter) drawXTicks(img *image.RGBA, r, area image.Rectangle, x *axis.Axis) {
	s, pad := p.fonts.small, p.pad()
	n := max(2, area.Dx()/int(p.px*6))
	xa, step := axis.LinearRange(0, x.Hi, n, 1, 1)
	base := area.Max.Y + pad/2 + s.ascent
	p.xticks = xa.LinearTicks(step, p.xticks)
	for _, v := range p.xticks {
		if v > x.Hi {
			break
		}
		xx := int(math.Round(x.Pos(v)))
		fillRect(img, image.Rect(xx, area.Max.Y, xx+1, area.Max.Y+pad/3), charts.AxisLine)
		l := units.Count(v)
		s.draw(img, r, xx-s.width(l)/2, base, l, charts.InkSoft)
	}
	s.draw(img, r, area.Min.X-pad-s.width(xCaption), base, xCaption, charts.InkSoft)
}

// drawFrame draws the left and bottom axis lines.
func (p *Painter) drawFrame(img *image.RGBA, area image.Rectangle) {
	fillRect(img, image.Rect(area.Min.X, area.Min.Y, area.Min.X+1, area.Max.Y), charts.AxisLine)
	fillRect(img, image.Rect(area.Min.X, area.Max.Y-1, area.Max.X, area.Max.Y), charts.AxisLine)
}

// drawWarmup shades the warm-up frames, which are shown but left out of the
// summary (the legend says what the shade means): the run's first, or, in a run of
// several forks, each fork's first, with a line where each fork after the first
// begins, labelled "fork 2", "fork 3"….
func (p *Painter) drawWarmup(img *image.RGBA, area image.Rectangle, x *axis.Axis, pl *charts.Plot, frames int) {
	if frames == 0 {
		return
	}
	shade := func(from, to int) {
		if to <= from || from >= frames {
			return
		}
		start := area.Min.X
		if from > 0 {
			start = max(start, int(math.Round(x.Pos(float64(from)-0.5))))
		}
		end := area.Max.X
		if to < frames {
			end = min(end, int(math.Round(x.Pos(float64(to)-0.5))))
		}
		fillRect(img, image.Rect(start, area.Min.Y, end, area.Max.Y), warmShade)
	}
	if len(pl.Forks) < 2 {
		shade(0, pl.Warmup)
		return
	}
	s, pad := p.fonts.small, p.pad()
	for k, fk := range pl.Forks {
		shade(fk.First, fk.First+fk.Warmup)
		if k == 0 || fk.First >= frames {
			continue
		}
		xx := int(math.Round(x.Pos(float64(fk.First) - 0.5)))
		fillRect(img, image.Rect(xx, area.Min.Y, xx+1, area.Max.Y), charts.AxisLine)
		s.draw(img, area, xx+pad/4, area.Max.Y-pad/4-s.descent, "fork "+strconv.Itoa(k+1), charts.InkSoft)
	}
}

// budgetMark is where drawBudget put the budget's line and where its label goes.
type budgetMark struct {
	label      string
	at         image.Point // the label's start on its baseline
	line       bool        // the line is drawn (else the label says it is above the axis)
	lineY, lnW int
}

// drawBudget draws the frame budget as a dashed line under the series and
// returns where its label goes; drawBudgetLabel draws that label after the series,
// so that a line passing through it (the slowest backing often runs along the
// budget) cannot overdraw it. When drawing the line would flatten the data the label
// says the budget is above the axis instead.
func (p *Painter) drawBudget(img *image.RGBA, area image.Rectangle, y *axis.Axis, pl *charts.Plot, shown bool) budgetMark {
	if !pl.Metric.Budget || pl.Budget <= 0 {
		return budgetMark{}
	}
	s, pad := p.fonts.small, p.pad()
	label := "budget " + units.Duration(pl.Budget)
	if !shown {
		label += " (above the axis)"
		return budgetMark{label: label, at: image.Pt(area.Max.X-pad/2-s.width(label), area.Min.Y+pad/2+s.ascent)}
	}
	yy := int(math.Round(y.Pos(pl.Budget)))
	w := max(1, int(math.Round(p.px/9)))
	dashedHLine(img, area.Min.X, area.Max.X, yy, w, p.budgetDash(), charts.BudgetRed)
	base := yy - w - pad/4 // above the line, or below it when the line is at the top
	if base-s.ascent < area.Min.Y {
		base = yy + w + pad/4 + s.ascent
	}
	return budgetMark{label: label, at: image.Pt(area.Max.X-pad/2-s.width(label), base), line: true, lineY: yy, lnW: w}
}

func (p *Painter) budgetDash() int { return int(p.px / 2) }

// drawBudgetLabel draws the label drawBudget placed on a near-opaque white box a
// little larger than the text, so that it reads over any series; the part of the
// dashed line under the box is drawn again so the budget stays one unbroken line.
func (p *Painter) drawBudgetLabel(img *image.RGBA, area image.Rectangle, b budgetMark) {
	if b.label == "" {
		return
	}
	s := p.fonts.small
	m := max(2, p.pad()/4)
	box := image.Rect(b.at.X-m, b.at.Y-s.ascent-m/2, b.at.X+s.width(b.label)+m, b.at.Y+s.descent+m/2).Intersect(area)
	fillRect(img, box, labelBox)
	if b.line {
		if under, ok := img.SubImage(box).(*image.RGBA); ok && !under.Rect.Empty() {
			dashedHLine(under, area.Min.X, area.Max.X, b.lineY, b.lnW, p.budgetDash(), charts.BudgetRed)
		}
	}
	s.draw(img, area, b.at.X, b.at.Y, b.label, charts.BudgetRed)
}

// drawnBefore reports whether line a goes before line b in lineOrder.
func (p *Painter) drawnBefore(pl *charts.Plot, a, b int) bool {
	if da, db := pl.Lines[a].Dashed, pl.Lines[b].Dashed; da != db {
		return db
	}
	return p.heights[a] > p.heights[b]
}

// drawLine draws one series as a polyline broken wherever a value is missing:
// column by column when it has a point every two pixels or more, segment by segment when
// it is sparse enough for the segments' anti-aliased edges to show. Each line is laid
// on a thin white casing of its own shape, so that where it crosses or runs along a
// line drawn before it the two stay apart instead of merging into one band.
func (p *Painter) drawLine(img *image.RGBA, area image.Rectangle, x, y *axis.Axis, l *charts.Line) {
	if 2*len(l.Values) >= area.Dx() {
		p.drawDense(img, area, x, y, l)
		return
	}
	p.drawSparse(img, area, x, y, l, white, p.casingWidth())
	p.drawSparse(img, area, x, y, l, l.Color, p.lineWidth())
}

// casingWidth is the width of the white casing under a series line.
func (p *Painter) casingWidth() float64 { return p.lineWidth() + 2*max(1, p.px/12) }

// drawSparse draws a sparse series segment by segment in colour c and width w.
func (p *Painter) drawSparse(img *image.RGBA, area image.Rectangle, x, y *axis.Axis, l *charts.Line, c color.NRGBA, w float64) {
	pn := pen{img: img, clip: area, c: c, width: w}
	if l.Dashed {
		pn.dash = p.px / 2
	}
	var px, py float64
	prev := false
	for i, v := range l.Values {
		if !charts.Finite(v) || (y.Log && v <= 0) {
			prev = false
			continue
		}
		cx, cy := x.Pos(float64(i)), y.Pos(v)
		if prev {
			pn.segment(px, py, cx, cy)
		} else if i+1 >= len(l.Values) || !charts.Finite(l.Values[i+1]) {
			dot(img, area, cx, cy, pn.width, c) // a lone point has no segment to show it
		}
		px, py, prev = cx, cy, true
	}
}

// drawDense draws a line through the column sweep, on its casing.
func (p *Painter) drawDense(img *image.RGBA, area image.Rectangle, x, y *axis.Axis, l *charts.Line) {
	cs := &p.cols
	cs.reset(area.Min.X, area.Max.X)
	for i, v := range l.Values {
		if !charts.Finite(v) || (y.Log && v <= 0) {
			cs.brk()
			continue
		}
		cs.point(x.Pos(float64(i)), y.Pos(v))
	}
	dash := 0
	if l.Dashed {
		dash = max(2, int(p.px/2))
	}
	cs.paint(img, area, white, p.casingWidth(), dash)
	cs.paint(img, area, l.Color, p.lineWidth(), dash)
}

// lineOrder returns the order in which to draw pl's lines: solid lines before dashed
// ones (whose gaps let a solid line under them show), and among each the highest
// first, so that the lower (on the frame-time chart, the faster backings, whose lines
// are the ones that bunch together) are drawn over them and not hidden. A line's
// height is its mean value (of the logarithms on a log axis); lines with nothing to
// draw go first, ties keep their order.
func (p *Painter) lineOrder(pl *charts.Plot) []int {
	p.order, p.heights = p.order[:0], p.heights[:0]
	for i := range pl.Lines {
		sum, n := 0.0, 0
		for _, v := range pl.Lines[i].Values {
			if !charts.Finite(v) || (pl.Log && v <= 0) {
				continue
			}
			if pl.Log {
				v = math.Log(v)
			}
			sum, n = sum+v, n+1
		}
		h := math.Inf(1)
		if n > 0 {
			h = sum / float64(n)
		}
		p.order, p.heights = append(p.order, i), append(p.heights, h)
	}
	// Insertion sort: a handful of lines, and no allocation in a redraw.
	for i := 1; i < len(p.order); i++ {
		for j := i; j > 0 && p.drawnBefore(pl, p.order[j], p.order[j-1]); j-- {
			p.order[j], p.order[j-1] = p.order[j-1], p.order[j]
		}
	}
	return p.order
}

// dot draws an anti-aliased disc of radius rad centred on (cx, cy).
func dot(img *image.RGBA, clip image.Rectangle, cx, cy, rad float64, c color.NRGBA) {
	clip = clip.Intersect(img.Rect)
	for yy := int(math.Floor(cy - rad - 1)); yy <= int(math.Ceil(cy+rad)); yy++ {
		for xx := int(math.Floor(cx - rad - 1)); xx <= int(math.Ceil(cx+rad)); xx++ {
			if !(image.Point{xx, yy}).In(clip) {
				continue
			}
			d := math.Hypot(float64(xx)+0.5-cx, float64(yy)+0.5-cy)
			if cov := min(1, rad+0.5-d); cov > 0 {
				blend(img, xx, yy, c, uint32(cov*255+0.5))
			}
		}
	}
}

// tickLabel writes an axis tick: like the unit's Format, but without the trailing
// zeros that three significant digits leave on round numbers ("2 ms", not "2.00 ms").
func tickLabel(u charts.Unit, v float64) string {
	if v == 0 {
		return "0"
	}
	return charts.TrimZeros(u.Format(v))
}

// tickUnit is the unit in which linear ticks of values up to hi must be round
// numbers: the unit's own (bytes), else 1.
func tickUnit(u charts.Unit, hi float64) float64 {
	if u.Tick != nil {
		return u.Tick(hi)
	}
	return 1
}
