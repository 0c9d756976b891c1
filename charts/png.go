package charts

import (
	"fmt"
	"image"
	"image/png"
	"io"

	"localitylab/lab/result"
)

// WritePNG writes the run's three charts and summary table as one PNG image, with a
// title line saying what was run, where and when. It needs no browser, display or
// GL context, so the headless bench command can write it.
func WritePNG(w io.Writer, r *result.Run, o Options) error {
	if err := o.check(); err != nil {
		return err
	}
	if err := checkRun(r); err != nil {
		return err
	}
	if err := png.Encode(w, renderRun(r, o)); err != nil {
		return fmt.Errorf("charts: writing PNG: %w", err)
	}
	return nil
}

// renderRun draws the slide: the title and host lines on top, the three charts side
// by side, the summary table below them. Text sizes follow the image size, so a
// 3840×2160 export is the 1920×1080 one at twice the resolution.
func renderRun(r *result.Run, o Options) *image.RGBA {
	w, h := o.size()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	p := NewPainter(min(float64(w)/96, float64(h)/54))
	fillRect(img, img.Rect, white)
	pad := 2 * p.pad()
	t, s := p.fonts.title, p.fonts.small

	y := pad + t.ascent
	t.draw(img, img.Rect, pad, y, t.fit(headline(r), w-2*pad), ink)
	y += t.descent + pad/3 + s.ascent
	s.draw(img, img.Rect, pad, y, s.fit(hostLine(r), w-2*pad), inkSoft)
	y += s.descent + pad/2

	tab := SummaryTable(r)
	tableTop := h - pad - p.tableHeight(len(tab.Rows))
	gap := pad
	cw := (w - 2*pad - 2*gap) / 3
	for i, m := range Metrics {
		x := pad + i*(cw+gap)
		pl := RunPlot(r, m, o)
		p.Draw(img, image.Rect(x, y, x+cw, tableTop-pad/2), &pl)
	}
	p.drawTable(img, image.Rect(pad, tableTop, w-pad, h-pad), &tab)
	return img
}
