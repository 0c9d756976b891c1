package raster

import (
	"image"
	"strconv"

	"localitylab/charts"
	"localitylab/charts/axis"
)

// drawHover marks the hovered frame with a vertical line and a dot on each series,
// and reads every series' value there out in a box beside the line.
func (p *Painter) drawHover(img *image.RGBA, area image.Rectangle, x, y *axis.Axis, pl *charts.Plot) {
	h := pl.Hover
	xx := x.Pos(float64(h))
	fillRect(img, image.Rect(int(xx), area.Min.Y, int(xx)+1, area.Max.Y), charts.AxisLine)
	for i := range pl.Lines {
		if v, ok := valueAt(&pl.Lines[i], h, y.Log); ok {
			dot(img, area, xx, y.Pos(v), p.lineWidth()*1.6, pl.Lines[i].Color)
		}
	}

	f, b, pad := p.fonts.small, p.fonts.bold, p.pad()
	title := "frame " + strconv.Itoa(h)
	if len(pl.Forks) > 1 {
		k := pl.ForkOf(h)
		title = "fork " + strconv.Itoa(k+1) + " · frame " + strconv.Itoa(h-pl.Forks[k].First)
	}
	if pl.InWarmup(h) {
		title += " · warm-up"
	}
	sw, gap := int(p.px*0.7), int(p.px*0.4)
	labels, values := 0, 0
	for i := range pl.Lines {
		labels = max(labels, f.width(pl.Lines[i].Label))
		values = max(values, f.width(hoverValue(pl, i)))
	}
	w := max(b.width(title), sw+gap+labels+2*gap+values) + 2*gap
	hgt := b.height() + len(pl.Lines)*f.height() + 2*gap
	bx := int(xx) + pad
	if bx+w > area.Max.X {
		bx = int(xx) - pad - w
	}
	box := image.Rect(bx, area.Min.Y+pad/2, bx+w, area.Min.Y+pad/2+hgt).Intersect(area)
	fillRect(img, box, hoverBox)
	strokeRect(img, box, 1, charts.AxisLine)

	base := box.Min.Y + gap + b.ascent
	b.draw(img, box, box.Min.X+gap, base, title, charts.Ink)
	base += b.descent
	for i := range pl.Lines {
		l := &pl.Lines[i]
		base += f.height()
		mid := base - f.ascent*2/5
		fillRect(img, image.Rect(box.Min.X+gap, mid-sw/2, box.Min.X+gap+sw, mid-sw/2+sw), l.Color)
		f.draw(img, box, box.Min.X+gap+sw+gap, base, l.Label, charts.Ink)
		v := hoverValue(pl, i)
		f.draw(img, box, box.Max.X-gap-f.width(v), base, v, charts.Ink)
	}
}

// valueAt returns line l's value at frame h, and false where it has none to draw.
func valueAt(l *charts.Line, h int, log bool) (float64, bool) {
	if h < 0 || h >= len(l.Values) {
		return 0, false
	}
	v := l.Values[h]
	return v, charts.Finite(v) && !(log && v <= 0)
}

// hoverValue formats line i's value at the hovered frame; a frame it has not
// measured reads "n/a", never zero.
func hoverValue(pl *charts.Plot, i int) string {
	l := &pl.Lines[i]
	if pl.Hover >= len(l.Values) || !charts.Finite(l.Values[pl.Hover]) {
		return "n/a"
	}
	return pl.Metric.Unit.Format(l.Values[pl.Hover])
}
