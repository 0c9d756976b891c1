//go:build !nogui

package ui

import (
	"image"
	"image/color"
	"math"

	"localitylab/workloads/workload"
)

// The preview's colours: a dark ground so that thousands of small boxes read as
// light points; the world a shade lighter than the space around it.
var (
	sceneGround  = color.NRGBA{0x1E, 0x22, 0x28, 0xFF}
	sceneWorld   = color.NRGBA{0x2A, 0x30, 0x38, 0xFF}
	sceneOutline = color.NRGBA{0x8A, 0x94, 0xA0, 0xFF}
	sceneView    = color.NRGBA{0xFF, 0xD2, 0x4A, 0xFF}
)

// kindColors colours a box by what it is; the bullets' three kinds must be told
// apart at a glance (bullets many and small, targets few and large).
var kindColors = map[workload.Kind]color.NRGBA{
	workload.Sprite:  {0x7F, 0xC8, 0xF8, 0xC0},
	workload.Bullet:  {0xFF, 0xB0, 0x50, 0xE0},
	workload.Target:  {0xE0, 0x40, 0x50, 0xB0},
	workload.Emitter: {0x60, 0xE0, 0x90, 0xFF},
	workload.Entity:  {0xC0, 0x90, 0xF0, 0xC0},
}

// kindColor returns the colour of a box of kind k; an unknown kind is drawn white
// rather than not at all.
func kindColor(k workload.Kind) color.NRGBA {
	if c, ok := kindColors[k]; ok {
		return c
	}
	return color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
}

// transform maps world units to pixels: x' = ox + (x - x0)·s.
type transform struct {
	x0, y0, ox, oy, s float64
}

// fit returns the transform that shows r whole and centred in dst, keeping its
// aspect, with a margin of pad pixels.
func fit(r workload.Rect, dst image.Rectangle, pad float64) transform {
	w, h := float64(r.X1-r.X0), float64(r.Y1-r.Y0)
	dw, dh := float64(dst.Dx())-2*pad, float64(dst.Dy())-2*pad
	s := math.Min(dw/math.Max(w, 1), dh/math.Max(h, 1))
	s = math.Max(s, 1e-9)
	return transform{x0: float64(r.X0), y0: float64(r.Y0),
		ox: float64(dst.Min.X) + (float64(dst.Dx())-w*s)/2, oy: float64(dst.Min.Y) + (float64(dst.Dy())-h*s)/2, s: s}
}

// rect maps a world rectangle to pixels; a box smaller than a pixel still covers
// one, so that a zoomed-out scene does not vanish.
func (t transform) rect(x, y, w, h int32) image.Rectangle {
	px0 := t.ox + (float64(x)-t.x0)*t.s
	py0 := t.oy + (float64(y)-t.y0)*t.s
	px1 := math.Max(px0+float64(w)*t.s, px0+1)
	py1 := math.Max(py0+float64(h)*t.s, py0+1)
	return image.Rect(int(math.Floor(px0)), int(math.Floor(py0)), int(math.Ceil(px1)), int(math.Ceil(py1)))
}

func (t transform) of(r workload.Rect) image.Rectangle {
	return t.rect(r.X0, r.Y0, r.X1-r.X0, r.Y1-r.Y0)
}

// drawScene paints s into img: the part of the world around the view filling the
// image, the view's outline, every box coloured by kind, and, when the view is a
// small part of the world (the sprites' camera, the tiles' window), a map of the
// whole world in the top right corner with the view marked on it. pad is the
// margin in pixels.
func drawScene(img *image.RGBA, s *workload.Scene, pad int) {
	b := img.Bounds()
	fill(img, b, sceneGround)
	view := s.View
	if view.X1 <= view.X0 || view.Y1 <= view.Y0 {
		view = s.World
	}
	t := fit(grow(view, 0.03), b, float64(pad))
	fill(img, t.of(s.World).Intersect(b), sceneWorld)
	for _, x := range s.Boxes {
		blend(img, t.rect(x.X, x.Y, x.W, x.H).Intersect(b), kindColor(x.Kind))
	}
	outline(img, t.of(view), sceneView, 2)
	if s.View != s.World && area(s.World) > 4*area(view) {
		drawMinimap(img, s, view)
	}
}

// drawMinimap draws the whole world, small, in the top right corner, with the view
// on it: where the camera is in a world of a million sprites.
func drawMinimap(img *image.RGBA, s *workload.Scene, view workload.Rect) {
	b := img.Bounds()
	side := min(b.Dx(), b.Dy()) / 4
	if side < 24 {
		return
	}
	m := image.Rect(b.Max.X-side-8, b.Min.Y+8, b.Max.X-8, b.Min.Y+8+side)
	fill(img, m, sceneGround)
	t := fit(s.World, m, 3)
	fill(img, t.of(s.World), sceneWorld)
	outline(img, t.of(s.World), sceneOutline, 1)
	v := t.of(view)
	blend(img, v, color.NRGBA{sceneView.R, sceneView.G, sceneView.B, 0x60})
	outline(img, v, sceneView, 1)
}

// grow returns r enlarged by frac of its size on every side, so that the view's
// outline and the sprites straddling its edge show whole.
func grow(r workload.Rect, frac float64) workload.Rect {
	dx, dy := int32(float64(r.X1-r.X0)*frac), int32(float64(r.Y1-r.Y0)*frac)
	return workload.Rect{X0: r.X0 - dx, Y0: r.Y0 - dy, X1: r.X1 + dx, Y1: r.Y1 + dy}
}

func area(r workload.Rect) float64 { return float64(r.X1-r.X0) * float64(r.Y1-r.Y0) }

// fill paints r in c, ignoring c's alpha. It and blend write the pixels directly:
// draw.Draw with a uniform source allocates per call, and a scene has thousands of
// boxes.
func fill(img *image.RGBA, r image.Rectangle, c color.NRGBA) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := img.PixOffset(r.Min.X, y)
		row := img.Pix[i : i+4*r.Dx()]
		for x := 0; x < len(row); x += 4 {
			row[x], row[x+1], row[x+2], row[x+3] = c.R, c.G, c.B, 0xFF
		}
	}
}

// blend paints r in c over what is there, by c's alpha. The image is opaque (the
// ground is painted first), so the result is too.
func blend(img *image.RGBA, r image.Rectangle, c color.NRGBA) {
	r = r.Intersect(img.Rect)
	a := uint32(c.A)
	na := 255 - a
	cr, cg, cb := uint32(c.R)*a, uint32(c.G)*a, uint32(c.B)*a
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := img.PixOffset(r.Min.X, y)
		row := img.Pix[i : i+4*r.Dx()]
		for x := 0; x < len(row); x += 4 {
			row[x] = uint8((cr + uint32(row[x])*na) / 255)
			row[x+1] = uint8((cg + uint32(row[x+1])*na) / 255)
			row[x+2] = uint8((cb + uint32(row[x+2])*na) / 255)
			row[x+3] = 0xFF
		}
	}
}

// outline draws the border of r, th pixels thick, inside r.
func outline(img *image.RGBA, r image.Rectangle, c color.NRGBA, th int) {
	th = max(1, min(th, r.Dx()/2, r.Dy()/2))
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+th), c)
	fill(img, image.Rect(r.Min.X, r.Max.Y-th, r.Max.X, r.Max.Y), c)
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+th, r.Max.Y), c)
	fill(img, image.Rect(r.Max.X-th, r.Min.Y, r.Max.X, r.Max.Y), c)
}
