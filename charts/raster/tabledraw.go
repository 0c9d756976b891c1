package raster

import (
	"image"

	"localitylab/charts"
)

// rowHeight is the height of one table row.
func (p *Painter) rowHeight() int { return p.fonts.normal.height() + p.pad() }

// tableHeight is the height of a table with a header and n rows.
func (p *Painter) tableHeight(n int) int { return (n + 1) * p.rowHeight() }

// drawTable draws the summary table into r: a bold header, rows on alternating
// shades with the backing's colour beside its name, numbers right-aligned, and a
// failed backing's error in red after its figures, cut to the room left.
func (p *Painter) drawTable(img *image.RGBA, r image.Rectangle, t *charts.Table) {
	f, b := p.fonts.normal, p.fonts.bold
	sw, gap, colGap := int(p.px*0.8), int(p.px*0.4), int(p.px*1.6)
	widths := make([]int, len(t.Columns))
	for j, c := range t.Columns {
		widths[j] = b.width(c)
	}
	for _, row := range t.Rows {
		for j, c := range row.Cells {
			w := f.width(c)
			if j == 0 {
				w += sw + gap
			}
			widths[j] = max(widths[j], w)
		}
	}
	// A table wider than its room closes up its columns before it loses one.
	sum := 0
	for _, w := range widths {
		sum += w
	}
	if n := len(widths) - 1; n > 0 && sum+n*colGap+2*gap > r.Dx() {
		colGap = max(int(p.px*0.3), (r.Dx()-sum-2*gap)/n)
	}
	rh := p.rowHeight()
	base := func(top int) int { return top + (rh-f.height())/2 + f.ascent }

	x := r.Min.X + gap
	for j, c := range t.Columns {
		tx := x
		if j > 0 {
			tx = x + widths[j] - b.width(c)
		}
		b.draw(img, r, tx, base(r.Min.Y), c, charts.Ink)
		x += widths[j] + colGap
	}
	fillRect(img, image.Rect(r.Min.X, r.Min.Y+rh-1, r.Max.X, r.Min.Y+rh), charts.AxisLine)

	for i, row := range t.Rows {
		top := r.Min.Y + (i+1)*rh
		if i%2 == 1 {
			fillRect(img, image.Rect(r.Min.X, top, r.Max.X, top+rh-1), rowShade)
		}
		y := base(top)
		x := r.Min.X + gap
		for j, c := range row.Cells {
			switch j {
			case 0:
				mid := y - f.ascent*2/5
				fillRect(img, image.Rect(x, mid-sw/2, x+sw, mid-sw/2+sw), row.Color)
				f.draw(img, r, x+sw+gap, y, c, charts.Ink)
			default:
				f.draw(img, r, x+widths[j]-f.width(c), y, c, charts.Ink)
			}
			x += widths[j] + colGap
		}
		if row.Error != "" {
			msg := f.fit("failed: "+row.Error, r.Max.X-x-gap)
			f.draw(img, r, x, y, msg, errorRed)
		}
	}
}
