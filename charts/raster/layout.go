package raster

import (
	"fmt"
	"image"
	"image/color"
	"io"

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

// DrawLayout paints l into r of img, replacing what was there.
func (p *Painter) DrawLayout(img *image.RGBA, r image.Rectangle, l *memlayout.Layout) {
	fillRect(img, r, white)
	pad := p.pad()
	col := charts.Color(l.Backing)
	t := p.fonts.title
	sw := t.ascent
	y := r.Min.Y + t.ascent
	fillRect(img, image.Rect(r.Min.X, y-sw, r.Min.X+sw, y), col)
	head := fmt.Sprintf("Where %s keeps the %s", l.Backing, l.Workload)
	if l.Frame > 0 {
		// The layout is the last fork's worker's, whose world counts its own frames
		// from 0: a run of 200 frames in three forks shows it after 66.
		head += fmt.Sprintf(" · after %s frames in the last fork", units.Count(float64(l.Frame)))
	}
	t.draw(img, r, r.Min.X+sw+pad, y, t.fit(head, r.Dx()-sw-pad), charts.Ink)
	body := image.Rect(r.Min.X, y+t.descent+pad, r.Max.X, r.Max.Y)
	if body.Dy() < 4*p.fonts.normal.height() {
		return
	}
	factW := min(max(body.Dx()*27/100, int(p.px*16)), body.Dx()/2)
	p.drawFacts(img, image.Rect(body.Min.X, body.Min.Y, body.Min.X+factW, body.Max.Y), l)
	views := image.Rect(body.Min.X+factW+2*pad, body.Min.Y, body.Max.X, body.Max.Y)
	if len(l.Views) == 0 {
		p.fonts.normal.draw(img, views, views.Min.X, views.Min.Y+p.fonts.normal.ascent, "No views: this store reports facts only.", charts.InkSoft)
		return
	}
	cols := 2
	if views.Dx() < int(p.px*40) || len(l.Views) == 1 {
		cols = 1
	}
	rows := (len(l.Views) + cols - 1) / cols
	cw := (views.Dx() - (cols-1)*2*pad) / cols
	rh := (views.Dy() - (rows-1)*pad) / rows
	for i := range l.Views {
		c, rr := i%cols, i/cols
		x0, y0 := views.Min.X+c*(cw+2*pad), views.Min.Y+rr*(rh+pad)
		p.drawView(img, image.Rect(x0, y0, x0+cw, y0+rh), &l.Views[i], col)
	}
}

// drawFacts lists the facts: each name and value on a line, its note under it.
func (p *Painter) drawFacts(img *image.RGBA, r image.Rectangle, l *memlayout.Layout) {
	f, s, b := p.fonts.normal, p.fonts.small, p.fonts.bold
	y := r.Min.Y
	for i, fact := range l.Facts {
		lines := 0
		if fact.Note != "" {
			lines = min(2, len(s.wrap(fact.Note, r.Dx())))
		}
		need := f.height() + lines*s.height() + p.pad()/2
		if y+need > r.Max.Y {
			s.draw(img, r, r.Min.X, y+s.ascent, fmt.Sprintf("… and %d more in the JSON", len(l.Facts)-i), charts.InkSoft)
			return
		}
		value, c := charts.FactValue(fact), charts.Ink
		if !fact.Known {
			c = charts.InkSoft
		}
		vw := b.width(value)
		f.draw(img, r, r.Min.X, y+f.ascent, f.fit(charts.FactName(fact.Name), r.Dx()-vw-p.pad()), charts.InkSoft)
		b.draw(img, r, r.Max.X-vw, y+b.ascent, value, c)
		y += f.height()
		if lines > 0 {
			for j, line := range s.wrap(fact.Note, r.Dx()) {
				if j == lines {
					break
				}
				if j == lines-1 && len(s.wrap(fact.Note, r.Dx())) > lines {
					line = s.fit(line+" …", r.Dx())
				}
				s.draw(img, r, r.Min.X, y+s.ascent, line, charts.InkSoft)
				y += s.height()
			}
		}
		y += p.pad() / 2
	}
}

// drawView paints one view: its title, what it shows, its note.
func (p *Painter) drawView(img *image.RGBA, r image.Rectangle, v *memlayout.View, col color.NRGBA) {
	b, s := p.fonts.bold, p.fonts.small
	b.draw(img, r, r.Min.X, r.Min.Y+b.ascent, b.fit(v.Title, r.Dx()), charts.Ink)
	area := image.Rect(r.Min.X, r.Min.Y+b.height()+p.pad()/2, r.Max.X, r.Max.Y)
	if v.Note != "" {
		s.draw(img, r, r.Min.X, r.Max.Y-s.descent, s.fit(v.Note, r.Dx()), charts.InkSoft)
		area.Max.Y -= s.height() + p.pad()/3
	}
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
