package raster

// Every slide (a run's, a sweep's, a comparison's) is written, sized and headed by
// the functions below, so that the three look like one set.

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"

	"localitylab/charts"
)

// drawHead draws a slide's heading from its top: the title, then each line in the
// small soft type (parameters, machine, date), and returns the y where the charts
// may start. A run's, a sweep's and a comparison's slides are headed alike.
func drawHead(img *image.RGBA, p *Painter, pad int, title string, lines ...string) int {
	w := img.Rect.Dx()
	y := drawWrapped(img, p.fonts.title, pad, pad, w-2*pad, title, charts.Ink) + pad/3
	for _, l := range lines {
		y = drawWrapped(img, p.fonts.small, pad, y, w-2*pad, l, charts.InkSoft)
	}
	return y + pad/2
}

// drawRow draws the charts ms side by side in r, gap pixels apart, chart m made by
// plot.
func (p *Painter) drawRow(img *image.RGBA, r image.Rectangle, gap int, ms []*charts.Metric, plot func(m *charts.Metric) charts.Plot) {
	cw := (r.Dx() - (len(ms)-1)*gap) / len(ms)
	for i, m := range ms {
		x := r.Min.X + i*(cw+gap)
		pl := plot(m)
		p.Draw(img, image.Rect(x, r.Min.Y, x+cw, r.Max.Y), &pl)
	}
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
