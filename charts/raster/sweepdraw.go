package raster

import (
	"image"
	"image/color"
	"math"
	"slices"

	"localitylab/charts"
	"localitylab/charts/axis"
	"localitylab/internal/units"
)

// sweepTitle is the sweep chart's title.
const sweepTitle = "Cost per entity (median frame time ÷ entities)"

// bandAlpha is the opacity of an interval band: enough to see, little enough that
// the bands of two backings overlapping still show both lines.
const bandAlpha = 0x38

// DrawSweep paints pl into r of img, replacing what was there.
func (p *Painter) DrawSweep(img *image.RGBA, r image.Rectangle, pl *charts.SweepPlot) {
	fillRect(img, r, white)
	pad, t, s := p.pad(), p.fonts.title, p.fonts.small
	title, yLabel := sweepTitle, durationTick
	if pl.Title != "" {
		title = pl.Title
	}
	if pl.YLabel != nil {
		yLabel = pl.YLabel
	}
	y := p.drawTitle(img, r, title, pl.Note, pl.LogY)
	top := p.drawLegend(img, r, y+t.descent+pad/2, pl.Keys) + pad
	// Room above the plot for the marker labels, one row per backing that has any.
	top += markerLabelRows(pl) * s.height()

	bottom := r.Max.Y - pad - 2*s.height() - pad/2
	lo, hi, ok := pl.ValueRange()
	if !ok {
		msg := "no points yet"
		f := p.fonts.normal
		f.draw(img, r, (r.Min.X+r.Max.X-f.width(msg))/2, (top+bottom)/2, msg, charts.InkSoft)
		return
	}
	// The misses panel, where there is one, takes the lower part of the plot, under a
	// row for its title, and its x axis is the cost's: only it is labelled.
	var mp missPanel
	if pl.Misses != nil {
		mp.bottom = bottom
		mp.top = bottom - (bottom-top)*2/5
		bottom = mp.top - p.fonts.normal.height() - 2*pad
		mp.axis, mp.ticks = missAxis(pl.Misses.Max(), max(2, (mp.bottom-mp.top)/int(p.px*3)))
	}
	unit := 1.0
	if pl.YUnit != nil {
		unit = pl.YUnit(hi)
	}
	ya, ticks := p.sweepYAxis(lo, hi, pl.LogY, max(2, (bottom-top)/int(p.px*3)), unit)
	labels := 0
	for _, v := range ticks {
		labels = max(labels, s.width(yLabel(v)))
	}
	for _, v := range mp.ticks {
		labels = max(labels, s.width(missTick(v)))
	}
	area := image.Rect(r.Min.X+pad+labels+pad/2, top, r.Max.X-pad, bottom)
	ya.P0, ya.P1 = float64(area.Max.Y), float64(area.Min.Y)
	inset := float64(pad) // so that the end points' dots are not cut
	xa := axis.Axis{Log: pl.LogX && pl.XMin > 0, Lo: pl.XMin, Hi: max(pl.XMax, pl.XMin+1),
		P0: float64(area.Min.X) + inset, P1: float64(area.Max.X) - inset}

	p.drawSweepYTicks(img, area, &ya, ticks, yLabel)
	if pl.Misses != nil {
		mp.area = image.Rect(area.Min.X, mp.top, area.Max.X, mp.bottom)
		p.drawSweepXTicks(img, r, mp.area, &xa, pl)
		p.drawMisses(img, r, &mp, &xa, pl)
	} else {
		p.drawSweepXTicks(img, r, area, &xa, pl)
	}
	p.drawSweepData(img, area, &xa, &ya, pl)
}

// markerLabelRows counts the backings with at least one marker: each gets a row of
// labels above the plot.
func markerLabelRows(pl *charts.SweepPlot) int {
	rows := 0
	for i := range pl.Curves {
		if slices.ContainsFunc(pl.Markers, func(m charts.SweepMarker) bool { return m.Backing == pl.Curves[i].Name }) {
			rows++
		}
	}
	return rows
}

// drawSweepYTicks draws a grid line and a label per tick; the line at the bottom is
// left to the frame.
func (p *Painter) drawSweepYTicks(img *image.RGBA, area image.Rectangle, ya *axis.Axis, ticks []float64, yLabel func(float64) string) {
	pad, s := p.pad(), p.fonts.small
	for _, v := range ticks {
		yy := int(math.Round(ya.Pos(v)))
		if yy < area.Max.Y-1 {
			fillRect(img, image.Rect(area.Min.X, yy, area.Max.X, yy+1), gridLine)
		}
		l := yLabel(v)
		s.draw(img, img.Rect, area.Min.X-pad/2-s.width(l), yy+s.ascent*7/20, l, charts.InkSoft)
	}
}

// drawSweepData paints the plot's contents in layers: bands under the frame, so the
// lines and the crossings' rings drawn after stay on top.
func (p *Painter) drawSweepData(img *image.RGBA, area image.Rectangle, xa, ya *axis.Axis, pl *charts.SweepPlot) {
	p.drawPending(img, area, xa, pl)
	for i := range pl.Curves {
		p.drawBand(img, area, xa, ya, &pl.Curves[i])
	}
	p.drawMarkers(img, area, xa, pl)
	p.drawFrame(img, area)
	for i := range pl.Curves {
		p.drawCurve(img, area, xa, ya, &pl.Curves[i])
	}
	for _, c := range pl.Crosses {
		p.drawCross(img, area, xa.Pos(c.X), ya.Pos(c.Y), c)
	}
}

// drawCross rings a crossing over the lines: black and labelled when the two lines
// differ significantly on both sides; grey, dashed and unlabelled when noise could
// have made it. Both sit on a thin white halo, so that they stand out from the
// coloured lines they ring without a fill hiding the crossing itself.
func (p *Painter) drawCross(img *image.RGBA, area image.Rectangle, cx, cy float64, c charts.SweepCross) {
	rad, w := p.px*0.55, max(1.5, p.px/8)
	halo := w + max(2, p.px/6)
	ring(img, area, cx, cy, rad, halo, 0, white)
	if !c.Significant {
		ring(img, area, cx, cy, rad, w, 8, charts.InkSoft)
		return
	}
	ring(img, area, cx, cy, rad, w, 0, charts.Ink)
	s := p.fonts.small
	s.draw(img, area, int(cx+rad+2), int(cy+rad)+s.ascent, "≈ "+c.Label, charts.Ink)
}

// drawPending shades the value being measured, if any, across area.
func (p *Painter) drawPending(img *image.RGBA, area image.Rectangle, xa *axis.Axis, pl *charts.SweepPlot) {
	if charts.Finite(pl.Pending) {
		xx := int(math.Round(xa.Pos(pl.Pending)))
		w := max(4, int(p.px))
		fillRect(img, image.Rect(xx-w/2, area.Min.Y, xx+w/2+1, area.Max.Y), warmShade)
	}
}

// sweepYAxis is the y axis for figures in [lo, hi] with about n ticks, and the ticks.
func (p *Painter) sweepYAxis(lo, hi float64, log bool, n int, unit float64) (axis.Axis, []float64) {
	if log {
		a := axis.LogRange(lo, hi)
		p.ticks = a.LogTicks(n, p.ticks)
		return a, p.ticks
	}
	a, step := axis.LinearRange(0, hi, n, unit, 0)
	p.ticks = a.LinearTicks(step, p.ticks)
	return a, p.ticks
}

// durationTick labels a y tick: "2 ns", "1.5 µs".
func durationTick(v float64) string {
	if v == 0 {
		return "0"
	}
	return charts.TrimZeros(units.Duration(v))
}

// drawSweepXTicks labels the x axis: on a log axis its 1-2-5 numbers (every decade
// when they crowd), on a linear one nice steps; and the caption under them.
func (p *Painter) drawSweepXTicks(img *image.RGBA, r, area image.Rectangle, xa *axis.Axis, pl *charts.SweepPlot) {
	s, pad := p.fonts.small, p.pad()
	n := max(2, area.Dx()/int(p.px*5))
	var ticks []float64
	if pl.XTicks != nil {
		ticks = pl.XTicks(xa.Lo, xa.Hi)
	} else if xa.Log {
		snap := axis.LogRange(xa.Lo, xa.Hi)
		for _, v := range snap.LogTicks(n, nil) {
			if v >= xa.Lo*(1-1e-9) && v <= xa.Hi*(1+1e-9) {
				ticks = append(ticks, v)
			}
		}
	} else {
		la, step := axis.LinearRange(xa.Lo, xa.Hi, n, 1, 1)
		for _, v := range la.LinearTicks(step, nil) {
			if v >= xa.Lo-1e-9 && v <= xa.Hi+1e-9 {
				ticks = append(ticks, v)
			}
		}
	}
	base := area.Max.Y + pad/2 + s.ascent
	right := math.MinInt // where the last label drawn ends: on a narrow chart a label that would touch it is left out
	for _, v := range ticks {
		xx := int(math.Round(xa.Pos(v)))
		fillRect(img, image.Rect(xx, area.Max.Y, xx+1, area.Max.Y+pad/3), charts.AxisLine)
		l := charts.ValueLabel(v, pl.Unit)
		if pl.XLabel != nil {
			l = pl.XLabel(v)
		}
		lx := min(xx-s.width(l)/2, r.Max.X-s.width(l)) // the last label inside the chart, not cut at its edge
		if lx < right+pad/2 {
			continue
		}
		s.draw(img, r, lx, base, l, charts.InkSoft)
		right = lx + s.width(l)
	}
	caption := pl.XCaption
	if xa.Log {
		caption += ", log scale"
	}
	s.draw(img, r, (area.Min.X+area.Max.X-s.width(caption))/2, base+s.height(), caption, charts.InkSoft)
}

// drawBand shades a curve's interval between neighbouring points that both have one.
func (p *Painter) drawBand(img *image.RGBA, area image.Rectangle, xa, ya *axis.Axis, c *charts.SweepCurve) {
	fill := c.Color
	fill.A = bandAlpha
	for k := 1; k < len(c.X); k++ {
		if !bandOK(c, k-1, ya) || !bandOK(c, k, ya) {
			continue
		}
		x0, x1 := xa.Pos(c.X[k-1]), xa.Pos(c.X[k])
		lo0, lo1, hi0, hi1 := ya.Pos(c.Lo[k-1]), ya.Pos(c.Lo[k]), ya.Pos(c.Hi[k-1]), ya.Pos(c.Hi[k])
		for col := int(math.Ceil(x0 - 0.5)); float64(col)+0.5 < x1; col++ {
			t := (float64(col) + 0.5 - x0) / (x1 - x0)
			a, b := lo0+t*(lo1-lo0), hi0+t*(hi1-hi0)
			y0, y1 := int(math.Round(min(a, b))), int(math.Round(max(a, b)))
			fillRect(img, image.Rect(col, max(y0, area.Min.Y), col+1, min(y1+1, area.Max.Y)), fill)
		}
	}
}

func bandOK(c *charts.SweepCurve, k int, ya *axis.Axis) bool {
	return charts.Finite(c.Lo[k]) && charts.Finite(c.Hi[k]) && (!ya.Log || c.Lo[k] > 0 && c.Hi[k] > 0)
}

// drawCurve draws a curve's line between neighbouring measured points and a dot at
// each point, so that a lone point still shows.
func (p *Painter) drawCurve(img *image.RGBA, area image.Rectangle, xa, ya *axis.Axis, c *charts.SweepCurve) {
	pn := pen{img: img, clip: area, c: c.Color, width: p.lineWidth()}
	ok := func(k int) bool { return charts.Finite(c.Y[k]) && (!ya.Log || c.Y[k] > 0) }
	for k := 1; k < len(c.X); k++ {
		if ok(k-1) && ok(k) {
			pn.segment(xa.Pos(c.X[k-1]), ya.Pos(c.Y[k-1]), xa.Pos(c.X[k]), ya.Pos(c.Y[k]))
		}
	}
	for k := range c.X {
		if ok(k) {
			dot(img, area, xa.Pos(c.X[k]), ya.Pos(c.Y[k]), p.lineWidth()*1.6, c.Color)
		}
	}
}

// drawMarkers draws each cache marker as a dashed vertical line in its backing's
// colour, labelled with the cache's name above the plot, a row per backing.
func (p *Painter) drawMarkers(img *image.RGBA, area image.Rectangle, xa *axis.Axis, pl *charts.SweepPlot) {
	s := p.fonts.small
	row := 0
	for _, c := range pl.Curves {
		drawn := false
		for _, m := range pl.Markers {
			if m.Backing != c.Name || !charts.Finite(m.X) {
				continue
			}
			xx := int(math.Round(xa.Pos(m.X)))
			if xx < area.Min.X || xx >= area.Max.X {
				continue
			}
			dashedVLine(img, xx, area.Min.Y, area.Max.Y, max(1, int(math.Round(p.px/10))), int(p.px/3), m.Color)
			base := area.Min.Y - (row)*s.height() - s.descent - 1
			s.draw(img, img.Rect, xx-s.width(m.Label)/2, base, m.Label, m.Color)
			drawn = true
		}
		if drawn {
			row++
		}
	}
}

// dashedVLine draws a vertical dashed line of the given thickness centred on x.
func dashedVLine(img *image.RGBA, x, y0, y1, w, dash int, c color.NRGBA) {
	left := x - w/2
	for y := y0; y < y1; y += 2 * dash {
		fillRect(img, image.Rect(left, y, left+w, min(y+dash, y1)), c)
	}
}

// ring draws an anti-aliased circle outline of radius rad and width w, whole when
// dashes is 0, else as that many dashes with gaps as long between them.
func ring(img *image.RGBA, clip image.Rectangle, cx, cy, rad, w float64, dashes int, c color.NRGBA) {
	clip = clip.Intersect(img.Rect)
	outer := rad + w/2
	for yy := int(math.Floor(cy - outer - 1)); yy <= int(math.Ceil(cy+outer)); yy++ {
		for xx := int(math.Floor(cx - outer - 1)); xx <= int(math.Ceil(cx+outer)); xx++ {
			if !(image.Point{xx, yy}).In(clip) {
				continue
			}
			dx, dy := float64(xx)+0.5-cx, float64(yy)+0.5-cy
			if dashes > 0 {
				turn := (math.Atan2(dy, dx) + math.Pi) / (2 * math.Pi) // 0–1 around the circle
				if int(turn*float64(2*dashes))%2 == 1 {
					continue
				}
			}
			d := math.Abs(math.Hypot(dx, dy) - rad)
			if cov := min(1, w/2+0.5-d); cov > 0 {
				blend(img, xx, yy, c, uint32(cov*255+0.5))
			}
		}
	}
}
