//go:build !nogui

package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/lab"
)

// loadingPanel stands in for the preview while the workers build their worlds, one
// backing after another: a bar per backing and a Cancel button. A million sprites
// take seconds per backing to load; without it the window would look hung.
type loadingPanel struct {
	box    *fyne.Container
	title  *widget.Label
	rows   *fyne.Container
	bars   []*widget.ProgressBar
	notes  []*widget.Label
	cancel *widget.Button
}

func newLoadingPanel(cancel func()) *loadingPanel {
	p := &loadingPanel{rows: container.New(layout.NewFormLayout())}
	p.cancel = widget.NewButton("Cancel", cancel)
	p.title = widget.NewLabel(loadingTitle)
	p.title.Wrapping = fyne.TextWrapWord
	p.box = container.NewPadded(container.NewVBox(p.title, p.rows, container.NewHBox(layout.NewSpacer(), p.cancel)))
	return p
}

const loadingTitle = "Loading the worlds, one backing after another. The load is timed for each backing; the frames start when every backing is loaded."

// Reset shows a bar at zero for each backing, under the loading's title.
func (p *loadingPanel) Reset(backings []string) {
	p.title.SetText(loadingTitle)
	p.rows.RemoveAll()
	p.bars, p.notes = nil, nil
	for _, b := range backings {
		sw := canvas.NewRectangle(charts.Color(b))
		sw.SetMinSize(fyne.NewSize(12, 12))
		bar := widget.NewProgressBar()
		note := widget.NewLabel("")
		note.Importance = widget.DangerImportance
		note.Wrapping = fyne.TextWrapWord
		p.rows.Add(container.NewHBox(container.NewCenter(sw), widget.NewLabel(b)))
		p.rows.Add(container.NewVBox(bar, note))
		p.bars, p.notes = append(p.bars, bar), append(p.notes, note)
		note.Hide()
	}
	p.box.Refresh()
}

// Show sets the bars from st.
func (p *loadingPanel) Show(st lab.Status) {
	for i, b := range st.Backings {
		if i >= len(p.bars) {
			break
		}
		v := b.Load
		if b.Loaded {
			v = 1
		}
		p.bars[i].SetValue(v)
		if b.Err != nil && !p.notes[i].Visible() {
			p.notes[i].SetText("failed: " + firstLine(b.Err.Error()))
			p.notes[i].Show()
		}
	}
}
