package raster

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strings"

	"localitylab/charts"
	"localitylab/internal/units"
	"localitylab/memlayout"
)

// A layout picture shows where one backing's data lives (memlayout.Layout): a header
// naming the backing, the workload and the frame; the facts down the left; the views
// in a grid on the right, each with its title above and its note below. The app's
// Layout view and the inspect command's PNG draw it with the same code.

// WriteLayoutPNG writes l as one PNG image (1920×1080 unless o says otherwise), with
// subtitle (the run's parameters, say) under the header. Like WritePNG it needs no
// display.
func WriteLayoutPNG(w io.Writer, l *memlayout.Layout, subtitle string, o charts.Options) error {
	return writeSlide(w, o, nil, func() *image.RGBA { return renderLayout(l, subtitle, o) })
}

// renderLayout draws the slide: the layout, with the subtitle at the bottom.
func renderLayout(l *memlayout.Layout, subtitle string, o charts.Options) *image.RGBA {
	img, p, pad := newSlide(o)
	r := img.Rect.Inset(pad)
	if subtitle != "" {
		s := p.fonts.small
		lines := s.wrap(subtitle, r.Dx())
		bottom := r.Max.Y - len(lines)*s.height()
		drawWrapped(img, s, r.Min.X, bottom, r.Dx(), subtitle, charts.InkSoft)
		r.Max.Y = bottom - pad/2
	}
	p.DrawLayout(img, r, l)
	return img
}

// DrawLayout paints l into r of img, replacing what was there. It fits the picture
// to r rather than asking for a size: the facts' notes go down to one line, then
// none, before a fact is left out, and the views take the grid (one, two or three
// columns) that leaves their plots the most room, each with its note whole under it
// (two lines at most), so that the app's Layout tab needs no scroll at any screen
// size it runs on.
func (p *Painter) DrawLayout(img *image.RGBA, r image.Rectangle, l *memlayout.Layout) {
	fillRect(img, r, white)
	pad := p.pad()
	col := charts.Color(l.Backing)
	sw := p.fonts.title.ascent
	t, head, body := p.layoutHeader(r, l)
	y := r.Min.Y + p.fonts.title.ascent
	fillRect(img, image.Rect(r.Min.X, y-sw, r.Min.X+sw, y), col)
	t.draw(img, r, r.Min.X+sw+pad, y, t.fit(head, r.Dx()-sw-pad), charts.Ink)
	if body.Dy() < 4*p.fonts.normal.height() {
		return
	}
	pl := p.planLayout(body, l)
	p.drawFacts(img, pl.facts, l, pl.noteLines)
	if len(l.Views) == 0 {
		p.fonts.normal.draw(img, pl.views, pl.views.Min.X, pl.views.Min.Y+p.fonts.normal.ascent, "No views: this store reports facts only.", charts.InkSoft)
		return
	}
	for i := range l.Views {
		p.drawView(img, pl.cells[i], &l.Views[i], col)
	}
}

// layoutHeader is the header's face and words, and the body under it in r: the
// header names the backing, the workload and the frame, in the title's type, or
// in bold where that would cut it.
func (p *Painter) layoutHeader(r image.Rectangle, l *memlayout.Layout) (*face, string, image.Rectangle) {
	t := p.fonts.title
	head := fmt.Sprintf("Where %s keeps the %s", l.Backing, l.Workload)
	if l.Frame > 0 {
		// The layout is the last fork's worker's, whose world counts its own frames
		// from 0: a run of 200 frames in three forks shows it after 66.
		head += fmt.Sprintf(" · after %s frames in the last fork", units.Count(float64(l.Frame)))
	}
	if t.width(head) > r.Dx()-t.ascent-p.pad() {
		t = p.fonts.bold
	}
	y := r.Min.Y + p.fonts.title.ascent
	return t, head, image.Rect(r.Min.X, y+t.descent+p.pad(), r.Max.X, r.Max.Y)
}

// layoutPlan is where a layout's parts go in its body.
type layoutPlan struct {
	facts, views image.Rectangle
	noteLines    int               // lines of each fact's note: 2, 1 or 0
	shown        int               // facts drawn; the rest are counted in a line
	cols         int               // the views' grid
	cells        []image.Rectangle // each view's
}

// planLayout places the facts and views of l in body. The facts' column is about a
// quarter of the width, where their notes wrap in two lines; where that leaves the
// views' plots less than five lines of small text high, the column narrows to the
// facts' names and values if that gives the plots more; so it does where the
// facts' notes did not fit in any case.
func (p *Painter) planLayout(body image.Rectangle, l *memlayout.Layout) layoutPlan {
	wide := min(max(body.Dx()*27/100, int(p.px*16)), body.Dx()/2)
	pl, score := p.planWith(body, l, wide)
	if score >= 5*p.fonts.small.height() && pl.noteLines > 0 {
		return pl
	}
	narrow := 0
	for _, fact := range l.Facts {
		narrow = max(narrow, p.fonts.normal.width(charts.FactName(fact.Name))+p.pad()+p.fonts.bold.width(charts.FactValue(fact)))
	}
	if narrow < wide {
		if np, ns := p.planWith(body, l, narrow); ns > score && np.shown == len(l.Facts) {
			return np
		}
	}
	return pl
}

// planWith places the facts in a column factW wide and the views right of it, in
// the grid whose smallest plot is largest, and returns that plot's score: its
// height, or half its width where that is less (a plot wants about twice its
// height in width).
func (p *Painter) planWith(body image.Rectangle, l *memlayout.Layout, factW int) (layoutPlan, int) {
	pad := p.pad()
	pl := layoutPlan{
		facts: image.Rect(body.Min.X, body.Min.Y, body.Min.X+factW, body.Max.Y),
		views: image.Rect(body.Min.X+factW+2*pad, body.Min.Y, body.Max.X, body.Max.Y),
	}
	for pl.noteLines = 2; pl.noteLines > 0; pl.noteLines-- {
		if p.factsShown(pl.facts, l, pl.noteLines) == len(l.Facts) {
			break
		}
	}
	pl.shown = p.factsShown(pl.facts, l, pl.noteLines)
	best, bestCut := math.MinInt, math.MaxInt
	least := 4 * p.fonts.small.height()
	for cols := 1; cols <= max(1, min(3, len(l.Views))); cols++ {
		cells := p.viewCells(pl.views, l.Views, cols)
		score, cut := math.MaxInt, 0
		for i, c := range cells {
			area := p.plotArea(c, &l.Views[i])
			score = min(score, min(area.Dx()/2, area.Dy()))
			cut += p.viewCut(c, &l.Views[i])
		}
		// A grid that leaves every plot four lines beats one that does not; among
		// those, words cut short are worse than a smaller plot.
		better := score > best
		if ok, bestOK := score >= least, best >= least; ok != bestOK {
			better = ok
		} else if ok && cut != bestCut {
			better = cut < bestCut
		}
		if better {
			best, bestCut, pl.cols, pl.cells = score, cut, cols, cells
		}
	}
	return pl, best
}

// viewCut is how many of v's title and note a cell r cuts short (0, 1 or 2).
func (p *Painter) viewCut(r image.Rectangle, v *memlayout.View) int {
	n := 0
	if strings.Join(p.titleLines(r, v), " ") != v.Title {
		n++
	}
	if strings.Join(p.noteLines(r, v), " ") != v.Note {
		n++
	}
	return n
}

// viewCells splits r into a grid of cols columns, one cell per view.
func (p *Painter) viewCells(r image.Rectangle, views []memlayout.View, cols int) []image.Rectangle {
	pad := p.pad()
	rows := (len(views) + cols - 1) / cols
	cw := (r.Dx() - (cols-1)*2*pad) / cols
	rh := (r.Dy() - (rows-1)*pad) / rows
	cells := make([]image.Rectangle, len(views))
	for i := range views {
		c, rr := i%cols, i/cols
		x0, y0 := r.Min.X+c*(cw+2*pad), r.Min.Y+rr*(rh+pad)
		cells[i] = image.Rect(x0, y0, x0+cw, y0+rh)
	}
	return cells
}

// noteLines is v's note wrapped to r's width, four lines at most (a narrow cell's),
// the last cut with an ellipsis when the note goes on.
func (p *Painter) noteLines(r image.Rectangle, v *memlayout.View) []string {
	return capLines(p.fonts.small, v.Note, r.Dx(), 4)
}

// titleLines is v's title wrapped to r's width, three lines at most.
func (p *Painter) titleLines(r image.Rectangle, v *memlayout.View) []string {
	return capLines(p.fonts.bold, v.Title, r.Dx(), 3)
}

// capLines wraps s to w pixels in at most n lines, the last cut with an ellipsis
// when s goes on; none for an empty s.
func capLines(f *face, s string, w, n int) []string {
	if s == "" {
		return nil
	}
	lines := f.wrap(s, w)
	if len(lines) > n {
		lines = append(lines[:n-1], f.fit(strings.Join(lines[n-1:], " "), w))
	}
	return lines
}

// plotArea is what is left of a view's cell r under its title and over its note.
func (p *Painter) plotArea(r image.Rectangle, v *memlayout.View) image.Rectangle {
	b, s := p.fonts.bold, p.fonts.small
	area := image.Rect(r.Min.X, r.Min.Y+len(p.titleLines(r, v))*b.height()+p.pad()/2, r.Max.X, r.Max.Y)
	if n := len(p.noteLines(r, v)); n > 0 {
		area.Max.Y -= n*s.height() + p.pad()/3
	}
	return area
}

// factsShown is how many of l's facts fit in r with notes of at most lines lines,
// keeping a line to count the rest when not all fit.
func (p *Painter) factsShown(r image.Rectangle, l *memlayout.Layout, lines int) int {
	f, s := p.fonts.normal, p.fonts.small
	y := r.Min.Y
	for i, fact := range l.Facts {
		need := f.height() + min(lines, len(p.factNote(r, fact.Note)))*s.height() + p.pad()/2
		if y+need > r.Max.Y {
			// The line that counts the rest takes the place of the last fact shown
			// when it does not fit under it.
			if i > 0 && y+s.height() > r.Max.Y {
				return i - 1
			}
			return i
		}
		y += need
	}
	return len(l.Facts)
}

// factNote is a fact's note wrapped to r's width.
func (p *Painter) factNote(r image.Rectangle, note string) []string {
	if note == "" {
		return nil
	}
	return p.fonts.small.wrap(note, r.Dx())
}

// drawFacts lists the facts: each name and value on a line, its note under it in
// at most lines lines, and, where they do not all fit, a line counting the rest.
func (p *Painter) drawFacts(img *image.RGBA, r image.Rectangle, l *memlayout.Layout, lines int) {
	f, s, b := p.fonts.normal, p.fonts.small, p.fonts.bold
	shown := p.factsShown(r, l, lines)
	y := r.Min.Y
	for _, fact := range l.Facts[:shown] {
		value, c := charts.FactValue(fact), charts.Ink
		if !fact.Known {
			c = charts.InkSoft
		}
		vw := b.width(value)
		f.draw(img, r, r.Min.X, y+f.ascent, f.fit(charts.FactName(fact.Name), r.Dx()-vw-p.pad()), charts.InkSoft)
		b.draw(img, r, r.Max.X-vw, y+b.ascent, value, c)
		y += f.height()
		note := p.factNote(r, fact.Note)
		for j, line := range note {
			if j == lines {
				break
			}
			if j == lines-1 && len(note) > lines {
				line = s.fit(line+" …", r.Dx())
			}
			s.draw(img, r, r.Min.X, y+s.ascent, line, charts.InkSoft)
			y += s.height()
		}
		y += p.pad() / 2
	}
	if shown < len(l.Facts) {
		s.draw(img, r, r.Min.X, y+s.ascent, s.fit(fmt.Sprintf("… and %d more in the JSON", len(l.Facts)-shown), r.Dx()), charts.InkSoft)
	}
}

// drawView paints one view: its title, what it shows, its note.
func (p *Painter) drawView(img *image.RGBA, r image.Rectangle, v *memlayout.View, col color.NRGBA) {
	b, s := p.fonts.bold, p.fonts.small
	for i, line := range p.titleLines(r, v) {
		b.draw(img, r, r.Min.X, r.Min.Y+i*b.height()+b.ascent, line, charts.Ink)
	}
	note := p.noteLines(r, v)
	if p.plotArea(r, v).Dy() < 0 {
		note = nil // no room under the title: the note would be drawn over it
	}
	for i, line := range note {
		y := r.Max.Y - (len(note)-1-i)*s.height() - s.descent
		s.draw(img, r, r.Min.X, y, line, charts.InkSoft)
	}
	area := p.plotArea(r, v)
	if area.Dy() < 8 || area.Dx() < 8 {
		return
	}
	if int(v.Kind) < len(drawers) && drawers[v.Kind] != nil {
		drawers[v.Kind](p, img, area, v, col)
	}
}

// drawers draws each kind of view into its area, in the backing's colour.
var drawers = [...]func(p *Painter, img *image.RGBA, r image.Rectangle, v *memlayout.View, col color.NRGBA){
	memlayout.Scatter:   (*Painter).drawScatter,
	memlayout.Histogram: (*Painter).drawHistogram,
	memlayout.Strip:     (*Painter).drawStrip,
	memlayout.Bars:      (*Painter).drawBars,
	memlayout.Rows:      (*Painter).drawRows,
	memlayout.Heatmap:   (*Painter).drawHeat,
	memlayout.Columns:   (*Painter).drawColumns,
	memlayout.Text:      (*Painter).drawText,
}

// LayoutCuts says what DrawLayout would leave out or squeeze drawing l into r: facts
// not shown, a view's title or note cut short, a plot under four lines of small text
// high or seven of the base size wide, its axis labels among them (a scatter then
// still shows its line and both ends of each axis). None is the picture whole,
// which is what the app's Layout tab must show at the sizes it runs at.
func (p *Painter) LayoutCuts(r image.Rectangle, l *memlayout.Layout) []string {
	_, _, body := p.layoutHeader(r, l)
	if body.Dy() < 4*p.fonts.normal.height() {
		return []string{fmt.Sprintf("no room under the header: %d px", body.Dy())}
	}
	pl := p.planLayout(body, l)
	var cuts []string
	if pl.shown < len(l.Facts) {
		cuts = append(cuts, fmt.Sprintf("%d of %d facts shown", pl.shown, len(l.Facts)))
	}
	for i := range l.Views {
		v, c := &l.Views[i], pl.cells[i]
		if p.viewCut(c, v) > 0 {
			cuts = append(cuts, fmt.Sprintf("%q: title or note cut to %q, %q", v.Title, p.titleLines(c, v), p.noteLines(c, v)))
		}
		if a := p.plotArea(c, v); a.Dy() < 4*p.fonts.small.height() || a.Dx() < int(7*p.px) {
			cuts = append(cuts, fmt.Sprintf("%q: plot %d×%d px", v.Title, a.Dx(), a.Dy()))
		}
	}
	return cuts
}
