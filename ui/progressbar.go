//go:build !nogui

package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// progressBar is the share of a sweep done: a filled bar on a grey track, with the
// percentage beside it. Fyne's own bar draws its track in the bar's blue at half
// strength, so that at 0% it reads as a bar already full.
type progressBar struct {
	widget.BaseWidget
	Value float64 // 0 to 1
}

func newProgressBar() *progressBar {
	p := &progressBar{}
	p.ExtendBaseWidget(p)
	return p
}

// SetValue shows v, from 0 to 1.
func (p *progressBar) SetValue(v float64) {
	p.Value = min(max(v, 0), 1)
	p.Refresh()
}

func (p *progressBar) CreateRenderer() fyne.WidgetRenderer {
	r := &progressRenderer{p: p, track: canvas.NewRectangle(nil), bar: canvas.NewRectangle(nil), label: canvas.NewText("", nil)}
	r.Refresh()
	return r
}

type progressRenderer struct {
	p          *progressBar
	track, bar *canvas.Rectangle
	label      *canvas.Text
}

func (r *progressRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.track, r.bar, r.label}
}

func (r *progressRenderer) MinSize() fyne.Size {
	l := r.label.MinSize()
	return fyne.NewSize(l.Width*3, l.Height+theme.Padding())
}

func (r *progressRenderer) Layout(size fyne.Size) {
	l := r.label.MinSize()
	gap := theme.Padding()
	trackW := max(0, size.Width-l.Width-2*gap)
	h := max(4, size.Height/3)
	y := (size.Height - h) / 2
	r.track.Move(fyne.NewPos(0, y))
	r.track.Resize(fyne.NewSize(trackW, h))
	r.bar.Move(fyne.NewPos(0, y))
	r.bar.Resize(fyne.NewSize(trackW*float32(r.p.Value), h))
	r.label.Move(fyne.NewPos(trackW+gap, (size.Height-l.Height)/2))
	r.label.Resize(l)
}

func (r *progressRenderer) Refresh() {
	th := r.p.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	r.track.FillColor = th.Color(theme.ColorNameInputBackground, v)
	r.track.StrokeColor = th.Color(theme.ColorNameInputBorder, v)
	r.track.StrokeWidth = 1
	r.track.CornerRadius = th.Size(theme.SizeNameInputRadius)
	r.bar.FillColor = th.Color(theme.ColorNamePrimary, v)
	r.bar.CornerRadius = r.track.CornerRadius
	r.label.Text = fmt.Sprintf("%3.0f%%", 100*r.p.Value)
	r.label.Color = th.Color(theme.ColorNameForeground, v)
	r.label.TextSize = th.Size(theme.SizeNameText)
	r.Layout(r.p.Size())
	canvas.Refresh(r.p)
}

func (r *progressRenderer) Destroy() {}
