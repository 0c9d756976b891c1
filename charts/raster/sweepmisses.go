package raster

import (
	"image"
	"math"
	"strconv"

	"localitylab/charts"
	"localitylab/charts/axis"
	"localitylab/internal/units"
)

// missPanel is where a sweep's misses panel goes: its plot area (set once the
// cost's left edge is known), its y axis and ticks.
type missPanel struct {
	top, bottom int
	area        image.Rectangle
	axis        axis.Axis
	ticks       []float64
}

// missAxis is a linear axis from 0 to a little above hi misses per entity (so that
// the highest dots are not cut by the top edge), with about n ticks.
func missAxis(hi float64, n int) (axis.Axis, []float64) {
	a, step := axis.LinearRange(0, hi*1.05, n, 1, 0)
	return a, a.LinearTicks(step, nil)
}

// missTick labels a misses axis tick: "0", "0.25", "1.5", "120".
func missTick(v float64) string {
	if math.Abs(v) >= 1000 {
		return units.Count(v)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// drawMisses draws the misses panel: its title and key above it, the grid and its
// ticks, the value being measured, the cache markers as lines (labelled above the
// cost), and per backing a solid D1 line and a dashed LL line in its colour.
func (p *Painter) drawMisses(img *image.RGBA, r image.Rectangle, mp *missPanel, xa *axis.Axis, pl *charts.SweepPlot) {
	m, pad, s, f := pl.Misses, p.pad(), p.fonts.small, p.fonts.normal
	area := mp.area
	base := area.Min.Y - pad/2 - f.descent
	x := f.draw(img, r, r.Min.X+pad, base, m.Title, charts.Ink)
	if note := s.fit(m.Note, r.Max.X-pad-x-2*pad); note != "" {
		s.draw(img, r, r.Max.X-pad-s.width(note), base, note, charts.InkSoft)
	}
	ya := mp.axis
	ya.P0, ya.P1 = float64(area.Max.Y), float64(area.Min.Y)
	for _, v := range mp.ticks {
		yy := int(math.Round(ya.Pos(v)))
		if yy < area.Max.Y-1 {
			fillRect(img, image.Rect(area.Min.X, yy, area.Max.X, yy+1), gridLine)
		}
		l := missTick(v)
		s.draw(img, img.Rect, area.Min.X-pad/2-s.width(l), yy+s.ascent*7/20, l, charts.InkSoft)
	}
	p.drawPending(img, area, xa, pl)
	for _, mk := range pl.Markers {
		xx := int(math.Round(xa.Pos(mk.X)))
		if charts.Finite(mk.X) && xx >= area.Min.X && xx < area.Max.X {
			dashedVLine(img, xx, area.Min.Y, area.Max.Y, max(1, int(math.Round(p.px/10))), int(p.px/3), mk.Color)
		}
	}
	p.drawFrame(img, area)
	for i := range m.Curves {
		c := &m.Curves[i]
		pn := pen{img: img, clip: area, c: c.Color, width: p.lineWidth()}
		if c.Dashed {
			pn.dash = p.px / 3
		}
		for k := 1; k < len(c.X); k++ {
			if charts.Finite(c.Y[k-1]) && charts.Finite(c.Y[k]) {
				pn.segment(xa.Pos(c.X[k-1]), ya.Pos(c.Y[k-1]), xa.Pos(c.X[k]), ya.Pos(c.Y[k]))
			}
		}
		rad := p.lineWidth() * 1.6
		if c.Dashed {
			rad = p.lineWidth() * 1.1
		}
		for k := range c.X {
			if charts.Finite(c.Y[k]) {
				dot(img, area, xa.Pos(c.X[k]), ya.Pos(c.Y[k]), rad, c.Color)
			}
		}
	}
}
