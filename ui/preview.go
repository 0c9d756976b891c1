//go:build !nogui

package ui

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/charts/live"
	"localitylab/internal/units"
	"localitylab/workloads/workload"
)

// Preview shows the world as the first chosen backing's worker last reported it: the
// camera's view of the sprites, the arena of bullets and targets, the tile window
// with its entities. It draws the scene the worker sent; the app's process never
// runs workload code (docs/design.md, rule 3).
type Preview struct {
	widget.BaseWidget

	scene   workload.Scene
	has     bool
	backing string // whose view this is
	noun    string // what a box is: "sprites", "bullets and targets", …
	empty   string // what to say when there is no scene
	short   bool   // the pane is short: the scene gives its height away, the note stays
}

// The least height of the scene above its note: normally enough to see the boxes'
// pattern, and none in a short pane (short), where the chart under it gets the
// height and the note stays.
const sceneMinH, sceneMinHShort = 140, 0

// SetShort lets the scene give its height away (on) or keeps it at its normal least
// height.
func (p *Preview) SetShort(on bool) {
	if p.short != on {
		p.short = on
		p.Refresh()
	}
}

var _ fyne.Widget = (*Preview)(nil)

// NewPreview returns a preview that says empty until a scene arrives.
func NewPreview(empty string) *Preview {
	p := &Preview{empty: empty}
	p.ExtendBaseWidget(p)
	return p
}

// SetScene shows s (copied) as backing's view of workload wl.
func (p *Preview) SetScene(s *workload.Scene, backing, wl string) {
	p.scene.World, p.scene.View, p.scene.Total = s.World, s.View, s.Total
	p.scene.Boxes = append(p.scene.Boxes[:0], s.Boxes...)
	p.has, p.backing, p.noun = true, backing, nounOf(wl)
	p.Refresh()
}

// Clear drops the scene and says why there is none.
func (p *Preview) Clear(empty string) {
	p.has, p.empty = false, empty
	p.Refresh()
}

// note is the line under the scene: whose view it is and how much of it is drawn.
func (p *Preview) note() string {
	if !p.has {
		return p.empty
	}
	shown := fmt.Sprintf("%s of %s %s drawn, an even sample", units.Count(float64(len(p.scene.Boxes))), units.Count(float64(p.scene.Total)), p.noun)
	if len(p.scene.Boxes) == p.scene.Total {
		shown = fmt.Sprintf("all %s %s drawn", units.Count(float64(p.scene.Total)), p.noun)
	}
	return fmt.Sprintf("As %s sees it · %s", p.backing, shown)
}

// nounOf names what a workload's boxes are.
func nounOf(wl string) string {
	switch wl {
	case "sprites":
		return "sprites in view"
	case "bullets":
		return "bullets, targets and emitters"
	case "tiles":
		return "entities in the window"
	}
	return "boxes"
}

// CreateRenderer links the preview to its renderer; Fyne calls it.
func (p *Preview) CreateRenderer() fyne.WidgetRenderer {
	r := &previewRenderer{p: p, note: canvas.NewText("", theme.Color(theme.ColorNameForeground)),
		swatch: canvas.NewRectangle(color.Transparent)}
	r.raster = canvas.NewRaster(r.draw)
	r.objects = []fyne.CanvasObject{r.raster, r.swatch, r.note}
	return r
}

// previewRenderer draws the scene as one raster and the note as text under it. It
// keeps its image between draws so that a redraw at the same size allocates nothing
// big; it starts no goroutine.
type previewRenderer struct {
	p       *Preview
	raster  *canvas.Raster
	swatch  *canvas.Rectangle
	note    *canvas.Text
	objects []fyne.CanvasObject
	img     *image.RGBA
}

func (r *previewRenderer) draw(w, h int) image.Image {
	r.img = live.Sized(r.img, w, h)
	if !r.p.has {
		fill(r.img, r.img.Rect, sceneGround)
		return r.img
	}
	drawScene(r.img, &r.p.scene, 4)
	return r.img
}

func (r *previewRenderer) Layout(size fyne.Size) {
	th := r.p.Theme()
	pad := th.Size(theme.SizeNamePadding)
	textH := r.note.MinSize().Height
	r.raster.Move(fyne.NewPos(0, 0))
	r.raster.Resize(fyne.NewSize(size.Width, max(size.Height-textH-pad, 1)))
	sw := textH * 0.6
	r.swatch.Resize(fyne.NewSize(sw, sw))
	r.swatch.Move(fyne.NewPos(0, size.Height-textH+(textH-sw)/2))
	x := float32(0)
	if r.p.has {
		x = sw + pad
	}
	// A canvas.Text draws past its size: the line is cut to the width here, or
	// it would run under the pane beside the preview.
	r.note.Text = fitLine(r.p.note(), size.Width-x, r.note.TextSize, r.note.TextStyle)
	r.note.Move(fyne.NewPos(x, size.Height-textH))
	r.note.Resize(fyne.NewSize(size.Width-x, textH))
}

// fitLine is s, or as much of it as fits width followed by "…".
func fitLine(s string, width, size float32, style fyne.TextStyle) string {
	if fyne.MeasureText(s, size, style).Width <= width {
		return s
	}
	r := []rune(s)
	lo, hi := 0, len(r) // the longest prefix that fits lies in [lo, hi)
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if fyne.MeasureText(string(r[:mid])+"…", size, style).Width <= width {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return ""
	}
	return strings.TrimRight(string(r[:lo]), " ·,") + "…"
}

func (r *previewRenderer) MinSize() fyne.Size {
	h := float32(sceneMinH)
	if r.p.short {
		h = sceneMinHShort
	}
	return fyne.NewSize(200, h+r.note.MinSize().Height)
}

func (r *previewRenderer) Refresh() {
	th := r.p.Theme()
	r.note.Text = r.p.note()
	r.note.TextSize = th.Size(theme.SizeNameCaptionText)
	r.note.Color = th.Color(theme.ColorNameForeground, theme.VariantLight)
	r.swatch.FillColor = color.Transparent
	if r.p.has {
		r.swatch.FillColor = charts.Color(r.p.backing)
	}
	r.Layout(r.p.Size())
	r.swatch.Refresh()
	r.note.Refresh()
	r.raster.Refresh()
}

func (r *previewRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Destroy lets go of the image.
func (r *previewRenderer) Destroy() { r.img = nil }
