package raster

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"localitylab/charts"
	"localitylab/charts/axis"
	"localitylab/internal/units"
	"localitylab/memlayout"
)

// mix is a + (b − a)·t, channel by channel, opaque.
func mix(a, b color.NRGBA, t float64) color.NRGBA {
	t = min(max(t, 0), 1)
	f := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.NRGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 0xFF}
}

// shade is the backing's colour from light (t = 0) through itself (t = ½) to dark
// (t = 1), for generations and heat.
func shade(c color.NRGBA, t float64) color.NRGBA {
	if t < 0.5 {
		return mix(mix(c, white, 0.75), c, t*2)
	}
	return mix(c, mix(c, charts.Ink, 0.7), (t-0.5)*2)
}

// plotAxes lays out the axes of a plot of x in [0, xhi] and y in [0, yhi] in r, draws
// their ticks and labels (label formats a value of each), and returns the plotting
// area with its two axes.
func (p *Painter) plotAxes(img *image.RGBA, r image.Rectangle, xhi, yhi float64, xunit, yunit float64, xlabel, ylabel func(float64) string) (image.Rectangle, axis.Axis, axis.Axis) {
	s := p.fonts.small
	bottom := r.Max.Y - s.height() - p.pad()/3
	ny := max(2, (bottom-r.Min.Y)/int(p.px*2.5))
	y, ystep := axis.LinearRange(0, max(yhi, 1), ny, yunit, 0)
	p.ticks = y.LinearTicks(ystep, p.ticks)
	lw := 0
	for _, v := range p.ticks {
		lw = max(lw, s.width(ylabel(v)))
	}
	area := image.Rect(r.Min.X+lw+p.pad()/2, r.Min.Y+s.ascent/2, r.Max.X-p.pad(), bottom)
	y.P0, y.P1 = float64(area.Max.Y), float64(area.Min.Y)
	for _, v := range p.ticks {
		py := int(math.Round(y.Pos(v)))
		fillRect(img, image.Rect(area.Min.X, py, area.Max.X, py+1), gridLine)
		l := ylabel(v)
		s.draw(img, r, area.Min.X-p.pad()/3-s.width(l), py+s.ascent/2, l, charts.InkSoft)
	}
	nx := max(2, area.Dx()/int(p.px*7))
	x, xstep := axis.LinearRange(0, max(xhi, 1), nx, xunit, 1)
	x.P0, x.P1 = float64(area.Min.X), float64(area.Max.X)
	p.xticks = x.LinearTicks(xstep, p.xticks)
	right := math.MinInt // where the last label drawn ends: a narrow plot skips a label that would touch it
	for _, v := range p.xticks {
		px := int(math.Round(x.Pos(v)))
		fillRect(img, image.Rect(px, area.Max.Y, px+1, area.Max.Y+p.pad()/3), charts.AxisLine)
		l := xlabel(v)
		lx := min(max(px-s.width(l)/2, r.Min.X), r.Max.X-s.width(l))
		if lx < right+p.pad() {
			continue
		}
		s.draw(img, r, lx, r.Max.Y-s.descent, l, charts.InkSoft)
		right = lx + s.width(l)
	}
	fillRect(img, image.Rect(area.Min.X, area.Max.Y, area.Max.X, area.Max.Y+1), charts.AxisLine)
	fillRect(img, image.Rect(area.Min.X, area.Min.Y, area.Min.X+1, area.Max.Y), charts.AxisLine)
	return area, x, y
}

// drawScatter plots each sampled entity's address (offset from the lowest) against its
// place in the visit order: a pointer array's objects as a cloud, packed rows as a
// straight line.
func (p *Painter) drawScatter(img *image.RGBA, r image.Rectangle, v *memlayout.View, col color.NRGBA) {
	var hi int64
	for _, pt := range v.Points {
		hi = max(hi, pt.Offset)
	}
	area, x, y := p.plotAxes(img, r, float64(max(v.Of-1, 1)), float64(hi), 1, axis.BytesUnit(float64(hi)),
		func(f float64) string { return units.Count(f) }, func(f float64) string { return units.Bytes(f) })
	dot := max(2, int(p.px/5))
	c := col
	c.A = 0xC0
	for _, pt := range v.Points {
		px, py := int(x.Pos(float64(pt.Index))), int(y.Pos(float64(pt.Offset)))
		fillRect(img, image.Rect(px-dot/2, py-dot/2, px-dot/2+dot, py-dot/2+dot).Intersect(area.Inset(-dot)), c)
	}
}

// binLabel names a histogram bin by its lower bound: a gap in cache lines, pages or
// MiB, a count of entries as a range.
func binLabel(unit string, b memlayout.Bin) string {
	if unit == "bytes" {
		switch {
		case b.Lo < memlayout.Line:
			return "< 1 line"
		case b.Lo < memlayout.Page:
			return plural(b.Lo/memlayout.Line, "line")
		case b.Lo < 1<<20:
			return plural(b.Lo/memlayout.Page, "page")
		}
		return units.Bytes(float64(b.Lo))
	}
	if b.Hi-b.Lo <= 1 {
		return units.Count(float64(b.Lo))
	}
	return units.Count(float64(b.Lo)) + "–" + units.Count(float64(b.Hi-1))
}

func plural(n int64, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return units.Count(float64(n)) + " " + what + "s"
}

// drawHistogram draws a bar per bin, its count on a linear axis from zero, and the
// labels histogramLabels places.
func (p *Painter) drawHistogram(img *image.RGBA, r image.Rectangle, v *memlayout.View, col color.NRGBA) {
	var top int64
	for _, b := range v.Bins {
		top = max(top, b.Count)
	}
	if len(v.Bins) == 0 || top == 0 {
		p.fonts.small.draw(img, r, r.Min.X, r.Min.Y+p.fonts.small.ascent, "nothing to count", charts.InkSoft)
		return
	}
	area, _, y := p.plotAxes(img, r, 1, float64(top), 1, 1, func(float64) string { return "" }, func(f float64) string { return units.Count(f) })
	// The axes' x labels were blank: the bins are labelled here, under their bars.
	fillRect(img, image.Rect(area.Min.X, area.Max.Y+1, r.Max.X, r.Max.Y), white)
	for i, b := range v.Bins {
		x0, x1 := binSpan(area, len(v.Bins), i)
		bar := max(1, (x1-x0)/8)
		if b.Count > 0 {
			yt := int(y.Pos(float64(b.Count)))
			fillRect(img, image.Rect(x0+bar, min(yt, area.Max.Y-1), x1-bar, area.Max.Y), col)
		}
	}
	s := p.fonts.small
	for _, l := range p.histogramLabels(r, area, &y, v) {
		if l.tick >= 0 {
			fillRect(img, image.Rect(l.tick, area.Max.Y+1, l.tick+1, area.Max.Y+1+max(2, p.pad()/3)), charts.AxisLine)
		}
		s.draw(img, r, l.x, l.base, l.text, l.ink)
	}
}

// binSpan is the columns [x0, x1) of bin i of n across area.
func binSpan(area image.Rectangle, n, i int) (int, int) {
	bw := float64(area.Dx()) / float64(n)
	return area.Min.X + int(float64(i)*bw), area.Min.X + int(float64(i+1)*bw)
}

// histLabel is one label of a histogram: text at x on baseline base, and, for a
// bin's name, the column of the tick that marks its bar (else -1).
type histLabel struct {
	text    string
	x, base int
	ink     color.NRGBA
	tick    int
}

// histogramLabels places a histogram's labels so that none touch: a bin's count stands
// over its bar only where it fits the bar and keeps clear of the count before it; the
// bins are named every so many, each named bar marked by a tick (a name wider than its
// bar then says which bar it names), the first name starting at the axis, clear of the
// y labels. The counts left unsaid are in the JSON; the bars and the axis still show
// their size.
func (p *Painter) histogramLabels(r, area image.Rectangle, y *axis.Axis, v *memlayout.View) []histLabel {
	s := p.fonts.small
	gap := max(4, p.pad()/2+2) // the least room between two labels side by side
	n := len(v.Bins)
	lw := 0
	for _, b := range v.Bins {
		lw = max(lw, s.width(binLabel(v.Unit, b)))
	}
	bw := float64(area.Dx()) / float64(n)
	every := 1
	for lw+gap > int(bw*float64(every)) && every < n {
		every++
	}
	var out []histLabel
	var count image.Rectangle // the last count said
	nameRight := math.MinInt  // where the last name said ends
	for i, b := range v.Bins {
		x0, x1 := binSpan(area, n, i)
		if b.Count > 0 {
			yt := int(y.Pos(float64(b.Count)))
			cl := units.Count(float64(b.Count))
			w := s.width(cl)
			cx, base := (x0+x1-w)/2, yt-s.descent-2
			at := image.Rect(cx, base-s.ascent, cx+w, base+s.descent)
			if w <= x1-x0 && !image.Rect(at.Min.X-gap, at.Min.Y-1, at.Max.X+gap, at.Max.Y+1).Overlaps(count) && base > area.Min.Y+s.ascent {
				out = append(out, histLabel{text: cl, x: cx, base: base, ink: charts.Ink, tick: -1})
				count = at
			}
		}
		if i%every == 0 {
			l := binLabel(v.Unit, b)
			w := s.width(l)
			lx := min(max((x0+x1-w)/2, area.Min.X), r.Max.X-w)
			if lx >= nameRight+gap {
				out = append(out, histLabel{text: l, x: lx, base: r.Max.Y - s.descent, ink: charts.InkSoft, tick: (x0 + x1) / 2})
				nameRight = lx + w
			}
		}
	}
	return out
}

// drawStrip draws a slot table as cells in rows: free grey, live in the backing's
// colour, light for a first generation and darker the more a slot was reused; a cell
// summing many slots is as live as its share.
func (p *Painter) drawStrip(img *image.RGBA, r image.Rectangle, v *memlayout.View, col color.NRGBA) {
	s := p.fonts.small
	n := len(v.Slots)
	if n == 0 {
		s.draw(img, r, r.Min.X, r.Min.Y+s.ascent, "no slots", charts.InkSoft)
		return
	}
	var maxGen uint32
	for _, c := range v.Slots {
		maxGen = max(maxGen, c.Gen)
	}
	legendH := s.height() + p.pad()/2
	area := image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Max.Y-legendH)
	// Cells at least 3 pixels wide, in as many rows as they need, rows at most a
	// line of text high.
	cw := max(3, area.Dx()/n)
	perRow := max(1, area.Dx()/cw)
	rows := (n + perRow - 1) / perRow
	rh := min(max(area.Dy()/rows, 1), int(p.px*2))
	genT := func(g uint32) float64 {
		if maxGen <= 1 {
			return 0.5
		}
		return 0.25 + 0.75*math.Log1p(float64(g))/math.Log1p(float64(maxGen))
	}
	for i, c := range v.Slots {
		x := area.Min.X + (i%perRow)*cw
		y := area.Min.Y + (i/perRow)*rh
		live := shade(col, genT(c.Gen))
		fillRect(img, image.Rect(x, y, x+cw-1, y+max(rh-1, 1)), mix(freeGrey, live, float64(c.Live)/255))
	}
	y := min(area.Min.Y+rows*rh, area.Max.Y) + p.pad()/2 + s.ascent
	keys := []struct {
		c    color.NRGBA
		name string
	}{{freeGrey, "free"}, {shade(col, genT(1)), "live, generation 1"}}
	if maxGen > 1 {
		keys = append(keys, struct {
			c    color.NRGBA
			name string
		}{shade(col, genT(maxGen)), "generation " + units.Count(float64(maxGen))})
	}
	x := r.Min.X
	for _, k := range keys {
		sw := s.ascent
		fillRect(img, image.Rect(x, y-sw, x+sw, y), k.c)
		x = s.draw(img, r, x+sw+p.pad()/3, y, k.name, charts.InkSoft) + p.pad()
	}
	if v.PerCell > 1 {
		s.draw(img, r, x, y, fmt.Sprintf("· a cell is %s slots", units.Count(float64(v.PerCell))), charts.InkSoft)
	}
}

// drawBars draws each quantity as a bar against its capacity, or, where it has none,
// against the largest of such bars.
func (p *Painter) drawBars(img *image.RGBA, r image.Rectangle, v *memlayout.View, col color.NRGBA) {
	f, s := p.fonts.normal, p.fonts.small
	lw := 0
	var loose int64
	for _, b := range v.Bars {
		lw = max(lw, f.width(b.Label))
		if b.Max <= 0 {
			loose = max(loose, b.Value)
		}
	}
	lw = min(lw, r.Dx()/3)
	rowH := min(f.height()+s.height()+p.pad()/2, r.Dy()/max(len(v.Bars), 1))
	for i, b := range v.Bars {
		y := r.Min.Y + i*rowH
		f.draw(img, r, r.Min.X, y+f.ascent, f.fit(b.Label, lw), charts.Ink)
		track := image.Rect(r.Min.X+lw+p.pad(), y+f.ascent/4, r.Max.X, y+f.height()-f.descent/2)
		frac, text := 0.0, units.Count(float64(b.Value))+" "+b.Unit
		if b.Unit == "bytes" {
			text = units.Bytes(float64(b.Value))
		}
		if b.Max > 0 {
			fillRect(img, track, spareGrey)
			frac = float64(b.Value) / float64(b.Max)
			text += fmt.Sprintf(" of %s (%s)", units.Count(float64(b.Max)), percent(frac))
		} else if loose > 0 {
			frac = float64(b.Value) / float64(loose)
		}
		fill := track
		fill.Max.X = track.Min.X + int(math.Round(min(frac, 1)*float64(track.Dx())))
		fillRect(img, fill, col)
		s.draw(img, r, track.Min.X, track.Max.Y+s.ascent, s.fit(text, track.Dx()), charts.InkSoft)
	}
}

// percent writes a share as a percentage, with a decimal below 10% so that a small
// share does not read as none.
func percent(f float64) string {
	if f < 0.1 && f > 0 {
		return fmt.Sprintf("%.1f%%", 100*f)
	}
	return fmt.Sprintf("%.0f%%", 100*f)
}

// drawRows draws each shown row as one bar of its vector's capacity: the live entries,
// then the free slots, then the spare room, all rows to one scale.
func (p *Painter) drawRows(img *image.RGBA, r image.Rectangle, v *memlayout.View, col color.NRGBA) {
	s := p.fonts.small
	var top int64
	for _, row := range v.Rows {
		top = max(top, row.Cap, row.Len+row.Free)
	}
	if len(v.Rows) == 0 || top == 0 {
		s.draw(img, r, r.Min.X, r.Min.Y+s.ascent, "every row is empty", charts.InkSoft)
		return
	}
	legendH := s.height() + p.pad()/2
	lw := s.width("row " + units.Count(float64(v.Rows[len(v.Rows)-1].Index)))
	area := image.Rect(r.Min.X+lw+p.pad()/2, r.Min.Y, r.Max.X-s.width(units.Count(float64(top)))-p.pad(), r.Max.Y-legendH-s.height())
	rh := float64(area.Dy()) / float64(len(v.Rows))
	scale := float64(area.Dx()) / float64(top)
	for i, row := range v.Rows {
		y0, y1 := area.Min.Y+int(float64(i)*rh), area.Min.Y+int(float64(i+1)*rh)
		if rh >= 3 {
			y1--
		}
		x := area.Min.X
		seg := func(n int64, c color.NRGBA) {
			w := int(math.Round(float64(n) * scale))
			fillRect(img, image.Rect(x, y0, x+w, max(y1, y0+1)), c)
			x += w
		}
		seg(row.Len, col)
		seg(row.Free, freeGrey)
		seg(max(row.Cap-row.Len-row.Free, 0), spareGrey)
		if i == 0 || i == len(v.Rows)-1 {
			l := "row " + units.Count(float64(row.Index))
			s.draw(img, r, area.Min.X-p.pad()/2-s.width(l), min(y0+s.ascent, area.Max.Y), l, charts.InkSoft)
		}
	}
	// The scale: entries from 0 to the largest capacity.
	fillRect(img, image.Rect(area.Min.X, area.Max.Y+1, area.Max.X, area.Max.Y+2), charts.AxisLine)
	s.draw(img, r, area.Min.X, area.Max.Y+s.height(), "0", charts.InkSoft)
	tl := units.Count(float64(top)) + " entries"
	s.draw(img, r, area.Max.X-s.width(tl)+s.width(units.Count(float64(top))), area.Max.Y+s.height(), tl, charts.InkSoft)
	p.legend(img, r, r.Max.Y-s.descent, []legendKey{{col, "live"}, {freeGrey, "free slots"}, {spareGrey, "spare capacity"}})
}

type legendKey struct {
	c    color.NRGBA
	name string
}

// legend draws swatches and names in a row with their baseline at y.
func (p *Painter) legend(img *image.RGBA, r image.Rectangle, y int, keys []legendKey) int {
	s := p.fonts.small
	x := r.Min.X
	for _, k := range keys {
		sw := s.ascent
		fillRect(img, image.Rect(x, y-sw, x+sw, y), k.c)
		strokeRect(img, image.Rect(x, y-sw, x+sw, y), 1, gridLine)
		x = s.draw(img, r, x+sw+p.pad()/3, y, k.name, charts.InkSoft) + p.pad()
	}
	return x
}

// drawHeat draws a count per cell over the world, the world's proportions kept,
// darker where fuller, with the camera or window outlined on top.
func (p *Painter) drawHeat(img *image.RGBA, r image.Rectangle, v *memlayout.View, col color.NRGBA) {
	h := &v.Heat
	s := p.fonts.small
	if h.W == 0 || h.H == 0 || len(h.Counts) != h.W*h.H {
		s.draw(img, r, r.Min.X, r.Min.Y+s.ascent, "no cells", charts.InkSoft)
		return
	}
	var top uint32
	for _, c := range h.Counts {
		top = max(top, c)
	}
	legendH := s.height() + p.pad()/2
	box := image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Max.Y-legendH)
	aw, ah := float64(h.Area.X1-h.Area.X0), float64(h.Area.Y1-h.Area.Y0)
	if h.Area.Empty() {
		aw, ah = float64(h.W), float64(h.H)
	}
	k := math.Min(float64(box.Dx())/aw, float64(box.Dy())/ah)
	pw, ph := int(aw*k), int(ah*k)
	area := image.Rect(box.Min.X, box.Min.Y, box.Min.X+pw, box.Min.Y+ph)
	for y := range h.H {
		for x := range h.W {
			c := h.Counts[y*h.W+x]
			fc := heatZero
			if c > 0 {
				fc = shade(col, heatT(float64(c)/float64(top)))
			}
			cell := image.Rect(area.Min.X+x*pw/h.W, area.Min.Y+y*ph/h.H, area.Min.X+(x+1)*pw/h.W, area.Min.Y+(y+1)*ph/h.H)
			fillRect(img, cell, fc)
		}
	}
	strokeRect(img, area, 1, charts.AxisLine)
	if m := h.Mark; !m.Empty() && !h.Area.Empty() {
		mr := image.Rect(area.Min.X+int(float64(m.X0-h.Area.X0)*k), area.Min.Y+int(float64(m.Y0-h.Area.Y0)*k),
			area.Min.X+int(float64(m.X1-h.Area.X0)*k), area.Min.Y+int(float64(m.Y1-h.Area.Y0)*k))
		mr.Max = image.Pt(max(mr.Max.X, mr.Min.X+3), max(mr.Max.Y, mr.Min.Y+3))
		strokeRect(img, mr.Intersect(area.Inset(-2)), max(2, int(p.px/7)), markInk)
	}
	y := r.Max.Y - s.descent
	x := p.legend(img, r, y, []legendKey{{heatZero, "0"}, {shade(col, heatT(0.25)), ""}, {shade(col, heatT(1)), units.Count(float64(top)) + " " + h.Unit}})
	if !h.Mark.Empty() {
		p.legend(img, image.Rect(x, r.Min.Y, r.Max.X, r.Max.Y), y, []legendKey{{markInk, "the view"}})
	}
}

// heatT is the shade of a cell holding share f of the fullest cell's count: by its
// square root, so that cells of a few entries still show beside crowded ones.
func heatT(f float64) float64 { return 0.1 + 0.7*math.Sqrt(f) }

// drawColumns draws each column as a bar of its bytes, solid in the backing's colour
// when the last frame streamed every row of it, pale when it read only a few.
func (p *Painter) drawColumns(img *image.RGBA, r image.Rectangle, v *memlayout.View, col color.NRGBA) {
	f, s, b := p.fonts.normal, p.fonts.small, p.fonts.bold
	var top int64
	nw := 0
	for _, c := range v.Columns {
		top = max(top, c.Bytes)
		nw = max(nw, b.width(c.Name))
	}
	if len(v.Columns) == 0 {
		return
	}
	// Each row: the name, the bar beside it and, under the bar, what it holds. A short
	// view thins the bars before it gives up the words under them.
	rowH := min(f.height()+s.height()+p.pad()/3, r.Dy()/len(v.Columns))
	thick := min(f.height()-f.ascent/4-f.descent/2, rowH-s.height()-max(1, p.pad()/3))
	name := b
	if rowH < b.height() {
		name = s
	}
	below := math.MinInt // where the last name drawn ends: rows thinner than a name name every other
	for i, c := range v.Columns {
		y := r.Min.Y + i*rowH
		if y >= below {
			name.draw(img, r, r.Min.X, y+name.ascent, c.Name, charts.Ink)
			below = y + name.height()
		}
		x0 := r.Min.X + nw + p.pad()
		ty := y + min(f.ascent/4, max(0, rowH-s.height()-thick))
		track := image.Rect(x0, ty, r.Max.X, ty+max(thick, 3))
		if top > 0 {
			track.Max.X = x0 + int(float64(track.Dx())*float64(c.Bytes)/float64(top))
		}
		fill := track
		state := "hot: every row read"
		if !c.Hot {
			fillRect(img, track, mix(col, white, 0.75))
			share := 0.0
			if c.Rows > 0 {
				share = float64(c.Read) / float64(c.Rows)
			}
			fill.Max.X = track.Min.X + int(math.Ceil(share*float64(track.Dx())))
			state = fmt.Sprintf("cold: %s of %s rows read (%.1f%%)", units.Count(float64(c.Read)), units.Count(float64(c.Rows)), 100*share)
		}
		fillRect(img, fill, col)
		if thick >= 3 {
			// The longest of these that fits: what is read is the point, the
			// element size the least of it.
			w := r.Max.X - x0
			text := s.fit(state, w)
			for _, t := range []string{fmt.Sprintf("%d-byte elements · %s · %s", c.Elem, units.Bytes(float64(c.Bytes)), state),
				units.Bytes(float64(c.Bytes)) + " · " + state} {
				if s.width(t) <= w {
					text = t
					break
				}
			}
			s.draw(img, r, x0, track.Max.Y+s.ascent, text, charts.InkSoft)
		}
	}
}

// drawText draws the view's lines, wrapped, a gap between them, in ink.
func (p *Painter) drawText(img *image.RGBA, r image.Rectangle, v *memlayout.View, _ color.NRGBA) {
	f := p.fonts.normal
	y := r.Min.Y
	for _, line := range v.Lines {
		for _, l := range f.wrap(line, r.Dx()) {
			if y+f.height() > r.Max.Y {
				return
			}
			f.draw(img, r, r.Min.X, y+f.ascent, l, charts.Ink)
			y += f.height()
		}
		y += p.pad() / 2
	}
}
