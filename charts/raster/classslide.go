package raster

import (
	"image"
	"io"
	"math"
	"strconv"
	"strings"

	"localitylab/charts"
	"localitylab/charts/classview"
)

// WriteClassPNG writes a class's machines side by side as one picture for a slide:
// the heading, the chart of each backing's figure per machine, the table with a
// column per machine, and each claim's agreement under them.
func WriteClassPNG(w io.Writer, c *classview.Class, o charts.Options) error {
	return writeSlide(w, o, nil, func() *image.RGBA { return renderClass(c, o) })
}

func renderClass(c *classview.Class, o charts.Options) *image.RGBA {
	img, p, pad := newSlide(o)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	s := p.fonts.small
	lines := []string{"parameters: " + c.Params}
	if len(c.Differ) > 0 {
		lines = append(lines, "The machines differ in: "+charts.JoinAnd(c.Differ)+".")
	}
	if c.OneHost != "" {
		lines = append(lines, c.OneHost)
	}
	if c.Order != "" {
		lines = append(lines, c.Order)
	}
	y := drawHead(img, p, pad, c.Heading, lines...)

	var foot []string
	for k, cl := range c.Claims {
		foot = append(foot, "Claim "+strconv.Itoa(k+1)+" ("+cl.Source+"): "+cl.Text+" "+cl.Agreement)
		for i, a := range cl.Answers {
			v := a.Verdict
			if v == "" {
				v = a.Full
			}
			foot = append(foot, "    "+charts.ClassLetter(i)+" "+c.Machines[i]+": "+v)
		}
	}
	foot = append(foot, c.FiguresNote)
	footH := 0
	for _, l := range foot {
		footH += len(s.wrap(l, w-2*pad)) * s.height()
	}
	bottom := h - pad - footH - pad/2
	split := pad + (w-2*pad)*2/5
	p.drawClassChart(img, image.Rect(pad, y, split-pad/2, bottom), c)
	p.drawClassTable(img, image.Rect(split+pad/2, y, w-pad, bottom), c)
	fy := bottom + pad/2
	for _, l := range foot {
		fy = drawWrapped(img, s, pad, fy, w-2*pad, l, charts.Ink)
	}
	return img
}

// drawClassChart draws each group (a backing, or a backing at one point) as a bar
// per machine with its interval as a whisker, on one axis: logarithmic when the
// figures span more than a factor of 20, so that a pointer array's 15 ms and an
// array's 0.8 ms both read; linear from zero otherwise.
func (p *Painter) drawClassChart(img *image.RGBA, r image.Rectangle, c *classview.Class) {
	fillRect(img, r, white)
	f, s, pad := p.fonts.normal, p.fonts.small, p.pad()
	top := drawWrapped(img, p.fonts.bold, r.Min.X, r.Min.Y, r.Dx(), c.ChartTitle, charts.Ink) + pad/2
	// The key: each machine's letter and file in its colour.
	sw := int(p.px * 0.8)
	x := r.Min.X
	for i, m := range c.Machines {
		label := charts.ClassLetter(i) + " " + m
		if x+sw+pad+s.width(label) > r.Max.X && x > r.Min.X {
			x, top = r.Min.X, top+s.height()
		}
		fillRect(img, image.Rect(x, top+s.ascent-sw, x+sw, top+s.ascent), charts.MachineColor(i))
		s.draw(img, r, x+sw+pad/2, top+s.ascent, label, charts.Ink)
		x += sw + pad + s.width(label) + 2*pad
	}
	top += s.height() + pad

	groups := c.Groups
	lo, hi := classview.Extent(groups)
	if hi <= 0 {
		f.draw(img, r, r.Min.X+pad, (top+r.Max.Y)/2, "no figure was measured", charts.InkSoft)
		return
	}
	log := lo > 0 && hi/lo > 20
	ya, ticks := p.sweepYAxis(lo, hi, log, 6, 1)
	tickW := 0
	for _, t := range ticks {
		tickW = max(tickW, s.width(durationTick(t)))
	}
	// The group labels go under the axis, turned to fit when many: cut to the room.
	n := len(c.Machines)
	gw := float64(r.Dx()-tickW-pad-pad/2) / float64(len(groups))
	bw := max(2.0, gw*0.8/float64(n))
	letters := bw >= float64(s.width("W"))
	labelH := s.height() + pad/2
	if letters {
		labelH += s.height()
	}
	area := image.Rect(r.Min.X+tickW+pad, top, r.Max.X-pad/2, r.Max.Y-labelH-pad/2)
	ya.P0, ya.P1 = float64(area.Max.Y), float64(area.Min.Y)
	for _, t := range ticks {
		ty := int(math.Round(ya.Pos(t)))
		fillRect(img, image.Rect(area.Min.X, ty, area.Max.X, ty+1), gridLine)
		l := durationTick(t)
		s.draw(img, r, area.Min.X-pad/2-s.width(l), ty+s.ascent/2, l, charts.InkSoft)
	}
	if log {
		s.draw(img, r, area.Min.X+pad/2, area.Min.Y+s.ascent, "log scale", charts.InkSoft)
	}
	for gi, g := range groups {
		gx := float64(area.Min.X) + float64(gi)*gw + gw*0.1
		for i, fig := range g.Bars {
			if fig.Missing != "" {
				continue
			}
			x0, x1 := int(gx+float64(i)*bw), int(gx+float64(i+1)*bw)-1
			yv := int(math.Round(ya.Pos(fig.NS)))
			base := area.Max.Y
			fillRect(img, image.Rect(x0, yv, max(x1, x0+1), base), charts.MachineColor(i))
			mid := (x0 + x1) / 2
			ylo, yhi := int(math.Round(ya.Pos(max(fig.Lo, ya.Lo)))), int(math.Round(ya.Pos(fig.Hi)))
			fillRect(img, image.Rect(mid, yhi, mid+max(1, int(p.px/10)), ylo+1), charts.Ink)
			if letters {
				l := charts.ClassLetter(i)
				s.draw(img, r, mid-s.width(l)/2, area.Max.Y+s.ascent+pad/4, l, charts.InkSoft)
			}
		}
		l := s.fit(g.Label, int(gw)-pad/2)
		cx := int(gx + gw*0.4)
		s.draw(img, r, cx-s.width(l)/2, area.Max.Y+labelH-s.descent, l, charts.Ink)
	}
	p.drawFrame(img, area)
}

// drawClassTable draws the table a column per machine: the facts, the figures and
// the lesson's answers, each part headed by a rule, a long cell wrapped onto a
// second line (and cut after it). Where the rows do not fit (a long sweep's
// figures), the figures are left to the chart and the table says so.
func (p *Painter) drawClassTable(img *image.RGBA, r image.Rectangle, c *classview.Class) {
	f, b := p.fonts.normal, p.fonts.bold
	t := c.Table
	g := p.classGeometry(r.Dx(), c, &t)
	gap, nameW, colW, lineH, rowPad := g.gap, g.nameW, g.colW, f.height(), p.pad()
	cellLines, height := g.cellLines, g.height
	rows := t.Rows
	if g.total > r.Dy() {
		var kept []classview.Row
		for _, row := range rows {
			if row.Group != classview.GroupFigures {
				kept = append(kept, row)
			}
		}
		kept = append(kept, classview.Row{Group: classview.GroupFigures, Name: "figures", Cells: repeat("on the chart", len(c.Machines))})
		rows = kept
	}
	rh := p.rowHeight()
	sw := int(p.px * 0.8)
	for i, col := range t.Columns[1:] {
		x := r.Min.X + nameW + i*colW
		y := r.Min.Y + (rh-f.height())/2 + f.ascent
		fillRect(img, image.Rect(x+gap/2, y-sw, x+gap/2+sw, y), charts.MachineColor(i))
		b.draw(img, r, x+gap+sw, y, b.fit(charts.ClassLetter(i)+" "+col, colW-gap-sw-gap/2), charts.Ink)
	}
	group := ""
	top := r.Min.Y + rh
	for k, row := range rows {
		h := height(row)
		if top+h > r.Max.Y {
			break
		}
		if row.Group != group {
			fillRect(img, image.Rect(r.Min.X, top, r.Max.X, top+1), charts.AxisLine)
			group = row.Group
		}
		if k%2 == 1 {
			fillRect(img, image.Rect(r.Min.X, top+1, r.Max.X, top+h-1), rowShade)
		}
		y := top + rowPad/2 + f.ascent
		b.draw(img, r, r.Min.X+gap/2, y, b.fit(row.Name, nameW-gap), charts.Ink)
		for i, cell := range row.Cells {
			x := r.Min.X + nameW + i*colW
			ink := charts.Ink
			if row.Strong != nil && (i >= len(row.Strong) || !row.Strong[i]) {
				ink = charts.InkSoft
			}
			for j, l := range cellLines(cell) {
				f.draw(img, r, x+gap/2, y+j*lineH, l, ink)
			}
		}
		top += h
	}
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// DrawClass draws a class's chart and table into r of img with text textPx high, as
// the window's Class tab shows them: side by side where r is wide enough for the
// table's columns, else the table above and the chart under it.
func DrawClass(img *image.RGBA, r image.Rectangle, c *classview.Class, textPx float64) {
	p := NewPainter(textPx)
	fillRect(img, r, white)
	pad := p.pad()
	if r.Dx() >= int(textPx*100) {
		split := r.Min.X + r.Dx()*2/5
		p.drawClassChart(img, image.Rect(r.Min.X, r.Min.Y, split-pad, r.Max.Y), c)
		p.drawClassTable(img, image.Rect(split+pad, r.Min.Y, r.Max.X, r.Max.Y), c)
		return
	}
	tableH := p.classTableHeight(r.Dx(), c)
	p.drawClassTable(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+tableH), c)
	p.drawClassChart(img, image.Rect(r.Min.X, r.Min.Y+tableH+pad, r.Max.X, r.Max.Y), c)
}

// classGeom is the class table's geometry at one width: its columns, each cell's
// lines and each row's height.
type classGeom struct {
	gap, nameW, colW, total int
	cellLines               func(cell string) []string
	height                  func(row classview.Row) int
}

func (p *Painter) classGeometry(width int, c *classview.Class, t *classview.Table) classGeom {
	f, b := p.fonts.normal, p.fonts.bold
	g := classGeom{gap: int(p.px * 0.4)}
	for _, row := range t.Rows {
		g.nameW = max(g.nameW, b.width(row.Name))
	}
	g.nameW = min(g.nameW+g.gap, width/4)
	g.colW = (width - g.nameW) / max(1, len(c.Machines))
	g.cellLines = func(cell string) []string {
		ls := f.wrap(cell, g.colW-g.gap)
		if len(ls) > 2 {
			ls = append(ls[:1], f.fit(strings.Join(ls[1:], " "), g.colW-g.gap))
		}
		return ls
	}
	g.height = func(row classview.Row) int {
		n := 1
		for _, cell := range row.Cells {
			n = max(n, len(g.cellLines(cell)))
		}
		return n*f.height() + p.pad()
	}
	g.total = p.rowHeight()
	for _, row := range t.Rows {
		g.total += g.height(row)
	}
	return g
}

// classTableHeight is the height the class's table takes at width, every row shown.
func (p *Painter) classTableHeight(width int, c *classview.Class) int {
	t := c.Table
	return p.classGeometry(width, c, &t).total
}

// ClassHeight is the height DrawClass needs at width, in pixels with text textPx
// high, to show every row of the table and a chart at least minChart high: the
// window's Class tab scrolls to it where the screen is shorter.
func ClassHeight(c *classview.Class, width int, textPx float64, minChart int) int {
	p := NewPainter(textPx)
	if width >= int(textPx*100) {
		split := width * 2 / 5
		return max(minChart, p.classTableHeight(width-split-p.pad(), c))
	}
	return p.classTableHeight(width, c) + p.pad() + minChart
}
