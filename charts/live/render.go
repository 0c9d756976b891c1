//go:build !nogui

package live

import (
	"image"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"

	"localitylab/charts/raster"
)

// minSize is the smallest chart that still fits a legend, axes and a readable plot.
var minSize = fyne.NewSize(240, 160)

// view is the drawing state kept between redraws: the image (reused while the size
// holds, so a redraw allocates nothing big), the painter with its glyph cache, and
// the pixel scale of the last draw, which hover needs to map the pointer to a frame.
type view struct {
	img     *image.RGBA
	painter *raster.Painter
	px      float64 // the painter's text size in pixels
	scale   float64 // pixels per Fyne unit
}

// renderer draws the chart as one canvas.Raster whose generator runs the pure-Go
// painter. It starts no goroutine or animation: redraws happen when Fyne paints a
// refreshed raster.
type renderer struct {
	chart   *Chart
	raster  *canvas.Raster
	objects []fyne.CanvasObject
	view    view
}

func newRenderer(c *Chart) *renderer {
	r := &renderer{chart: c}
	r.raster = canvas.NewRaster(r.draw)
	r.objects = []fyne.CanvasObject{r.raster}
	c.view = &r.view
	return r
}

func (r *renderer) Layout(size fyne.Size)        { r.raster.Resize(size) }
func (r *renderer) MinSize() fyne.Size           { return minSize }
func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *renderer) Refresh()                     { r.raster.Refresh() }

// Destroy lets go of the image; the chart keeps no pointer into a dead renderer.
func (r *renderer) Destroy() {
	if r.chart.view == &r.view {
		r.chart.view = nil
	}
	r.view = view{}
}

// draw is the raster's generator: it paints the chart at w×h pixels.
func (r *renderer) draw(w, h int) image.Image {
	c, v := r.chart, &r.view
	v.prepare(w, h, c.Size(), c.Theme(), 0.9)
	c.prepare()
	v.painter.Draw(v.img, v.img.Rect, &c.plot)
	c.dirty = false
	return v.img
}

// prepare settles what depends on the data so far: the automatic scale, decided
// from each backing's mean value of its first line after warm-up.
func (c *Chart) prepare() {
	if c.metric.Typical == nil {
		return
	}
	for i := range c.stats {
		c.typ[i] = c.stats[i].mean()
	}
	c.plot.Log = c.scale.Log(c.typ)
}

// prepare readies v to paint w×h pixels of a widget of the given size: the image,
// reused while the size holds, and the painter, whose text is text times the theme's
// (so that the large-text mode enlarges it) at the screen's pixel scale, within the
// sizes a painter draws.
func (v *view) prepare(w, h int, size fyne.Size, th fyne.Theme, text float64) {
	v.img = Sized(v.img, w, h)
	w = v.img.Rect.Dx()
	v.scale = 1
	if size.Width > 0 {
		v.scale = float64(w) / float64(size.Width)
	}
	px := math.Round(float64(th.Size(theme.SizeNameText))*text*v.scale*4) / 4
	if v.painter == nil || v.px != px {
		v.painter, v.px = raster.NewPainter(min(max(px, 4), 200)), px
	}
}

// Sized is the image a raster draws into at w×h pixels (at least one each way): img
// again when it has that size, so that a redraw at the same size allocates nothing
// big.
func Sized(img *image.RGBA, w, h int) *image.RGBA {
	w, h = max(w, 1), max(h, 1)
	if img == nil || img.Rect.Dx() != w || img.Rect.Dy() != h {
		return image.NewRGBA(image.Rect(0, 0, w, h))
	}
	return img
}

// MouseIn starts the hover read-out.
func (c *Chart) MouseIn(e *desktop.MouseEvent) { c.hoverAt(e.Position) }

// MouseMoved moves the hover read-out to the frame under the pointer.
func (c *Chart) MouseMoved(e *desktop.MouseEvent) { c.hoverAt(e.Position) }

// MouseOut ends the hover read-out.
func (c *Chart) MouseOut() { c.setHover(-1) }

// hoverAt reads out the frame under p; right of the newest frame of a live run it
// reads out the newest, where the lines end.
func (c *Chart) hoverAt(p fyne.Position) {
	v := c.view
	if v == nil || v.painter == nil {
		return
	}
	f, ok := v.painter.FrameAt(int(float64(p.X) * v.scale))
	if !ok {
		c.setHover(-1)
		return
	}
	newest := -1
	for i := range c.plot.Lines {
		newest = max(newest, len(c.plot.Lines[i].Values)-1)
	}
	c.setHover(min(f, newest))
}

func (c *Chart) setHover(f int) {
	if f != c.plot.Hover {
		c.plot.Hover = f
		c.Refresh()
	}
}
