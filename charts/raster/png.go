package raster

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"

	"localitylab/charts"
	"localitylab/lab/result"
)

// WritePNG writes the run's three charts and summary table as one PNG image, with
// title lines saying what was run, where and when. It needs no browser, display or
// GL context, so the headless bench command can write it.
func WritePNG(w io.Writer, r *result.Run, o charts.Options) error {
	return writeSlide(w, o, charts.CheckRun(r), func() *image.RGBA { return renderRun(r, o) })
}

// WriteSweepPNG writes a sweep's chart, its table per backing and its crossings as
// one PNG image for a slide, with title lines saying what was swept, where and when.
// Like WritePNG it needs no browser, display or GL context.
func WriteSweepPNG(w io.Writer, s *result.Sweep, o charts.Options) error {
	return writeSlide(w, o, charts.CheckSweep(s), func() *image.RGBA { return renderSweep(s, o) })
}

// newSlide is a blank white image of the size o asks for, with the painter whose
// text sizes follow it (a 3840×2160 export is the 1920×1080 one at twice the
// resolution) and the margin every slide keeps.
func newSlide(o charts.Options) (*image.RGBA, *Painter, int) {
	w, h := size(o)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	p := NewPainter(min(float64(w)/96, float64(h)/54))
	fillRect(img, img.Rect, white)
	return img, p, 2 * p.pad()
}

// renderRun draws the slide: the title, parameter and host lines on top, the three charts side
// by side, the summary table below them. Text sizes follow the image size, so a
// 3840×2160 export is the 1920×1080 one at twice the resolution.
func renderRun(r *result.Run, o charts.Options) *image.RGBA {
	img, p, pad := newSlide(o)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	t, s := p.fonts.title, p.fonts.small

	y := drawWrapped(img, t, pad, pad, w-2*pad, charts.Headline(r), charts.Ink) + pad/3
	y = drawWrapped(img, s, pad, y, w-2*pad, "parameters: "+r.Params.List(), charts.InkSoft)
	y = drawWrapped(img, s, pad, y, w-2*pad, charts.HostLine(r), charts.InkSoft) + pad/2

	tab := charts.SummaryTable(r)
	tableTop := h - pad - p.tableHeight(len(tab.Rows))
	gap := pad
	cw := (w - 2*pad - 2*gap) / 3
	for i, m := range charts.Metrics {
		x := pad + i*(cw+gap)
		pl := charts.RunPlot(r, m, o)
		p.Draw(img, image.Rect(x, y, x+cw, tableTop-pad/2), &pl)
	}
	p.drawTable(img, image.Rect(pad, tableTop, w-pad, h-pad), &tab)
	return img
}

// drawWrapped draws text from the top y down in lines at most w wide, and returns
// the y under the last line. A title line carries what a reader needs to repeat the
// run, so it is continued on the next line rather than cut.
func drawWrapped(img *image.RGBA, f *face, x, y, w int, text string, c color.NRGBA) int {
	for _, line := range f.wrap(text, w) {
		y += f.ascent
		f.draw(img, img.Rect, x, y, line, c)
		y += f.descent
	}
	return y
}

// writeSlide is every PNG export: it checks o and what is to be drawn (bad, the
// first error found in it), and only then draws the picture with render and
// encodes it, so that a writer writes a whole picture or nothing.
func writeSlide(w io.Writer, o charts.Options, bad error, render func() *image.RGBA) error {
	if err := charts.FirstError(o.Check(), bad); err != nil {
		return err
	}
	if err := png.Encode(w, render()); err != nil {
		return fmt.Errorf("charts: writing PNG: %w", err)
	}
	return nil
}

// size returns the PNG size with defaults applied.
func size(o charts.Options) (w, h int) {
	w, h = o.Width, o.Height
	if w == 0 {
		w = 1920
	}
	if h == 0 {
		h = 1080
	}
	return w, h
}
