package handout

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"localitylab/charts"
)

// PNG size: the sheet at DPI.
var (
	pngW = int(math.Round(SheetWidthMM * pxPerMM))
	pngH = int(math.Round(SheetHeightMM * pxPerMM))
)

// WritePNG draws the page as one image of the sheet, 1240 × 1650 pixels at 150 dpi,
// in pure Go (no browser), and encodes it.
func (l *Layout) WritePNG(w io.Writer) error {
	if err := png.Encode(w, l.Render()); err != nil {
		return fmt.Errorf("handout: writing PNG: %w", err)
	}
	return nil
}

// Render draws the page.
func (l *Layout) Render() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, pngW, pngH))
	draw.Draw(img, img.Rect, image.White, image.Point{}, draw.Src)
	body := l.SizePt * pxPerPt
	x0 := MarginMM * pxPerMM
	w := contentWMM * pxPerMM
	y := MarginMM * pxPerMM
	for i, b := range l.blocks {
		top := y + spaceAbove[b.Kind]*body
		st := styles[b.Kind]
		px := st.scale * body
		lh := px * lineHeight
		ink := charts.Ink
		if st.soft {
			ink = charts.InkSoft
		}
		switch b.Kind {
		case kindChart:
			r := image.Rect(int(x0), int(top), int(x0+w), int(top+l.ChartMM*pxPerMM))
			l.Page.Chart.draw(img, r, 0.8*body)
			y = top + l.ChartMM*pxPerMM
			continue
		case kindRecord:
			ty := top
			key := keyMM * pxPerMM
			for _, row := range b.Rows {
				drawLines(img, wrap([]span{{Text: row[0], Bold: true}}, px, key), x0, ty, px, lh, ink)
				lines := wrap([]span{{Text: row[1]}}, px, w-key)
				drawLines(img, lines, x0+key, ty, px, lh, ink)
				ty += float64(max(len(lines), 1)) * lh
			}
		case kindBox:
			pad := boxPad * body
			r := image.Rect(int(x0), int(top), int(x0+w), int(y+l.heights[i]))
			frame(img, r, charts.InkSoft, max(1, int(body/8)))
			if b.Empty {
				ink = charts.InkSoft
			}
			px = boxTextPx(b, body)
			lh = px * lineHeight
			drawLines(img, wrap(b.Spans, px, w-2*pad), x0+pad, top+pad, px, lh, ink)
		default:
			drawLines(img, wrapIn(b.Spans, px, w, st.bold), x0, top, px, lh, ink)
		}
		y += l.heights[i]
	}
	return img
}

// drawLines draws lines of words from the top y down, each lh high, in type of px
// pixels.
func drawLines(img *image.RGBA, lines [][]word, x, y, px, lh float64, c color.NRGBA) {
	src := image.NewUniform(c)
	for _, line := range lines {
		for _, wd := range line {
			f := faceFor(px, wd.bold)
			m := f.Metrics()
			asc, desc := float64(m.Ascent)/64, float64(m.Descent)/64
			base := y + (lh-asc-desc)/2 + asc // as CSS sets a line: half the leading above
			d := font.Drawer{Dst: img, Src: src, Face: f,
				Dot: fixed.Point26_6{X: fixed.Int26_6((x + wd.x) * 64), Y: fixed.Int26_6(math.Round(base) * 64)}}
			d.DrawString(wd.text)
		}
		y += lh
	}
}

// frame draws r's outline, t pixels thick.
func frame(img *image.RGBA, r image.Rectangle, c color.NRGBA, t int) {
	u := image.NewUniform(c)
	for _, e := range []image.Rectangle{
		{r.Min, image.Pt(r.Max.X, r.Min.Y+t)}, {image.Pt(r.Min.X, r.Max.Y-t), r.Max},
		{r.Min, image.Pt(r.Min.X+t, r.Max.Y)}, {image.Pt(r.Max.X-t, r.Min.Y), r.Max},
	} {
		draw.Draw(img, e, u, image.Point{}, draw.Over)
	}
}
