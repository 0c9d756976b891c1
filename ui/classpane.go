//go:build !nogui

package ui

import (
	"image"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"localitylab/charts/classview"
	"localitylab/charts/live"
	"localitylab/charts/raster"
)

// classRasters are the Class tab's chart and table, each a raster of its own so that
// the tab places them: side by side where the tab is wide, else the table above the
// chart, both in the height the window gives, never scrolled. The table keeps the
// facts in which the machines differ, the figures and the answers; the facts the
// same on every machine, and each row a short window has no room for, are under
// Details (and every row is in the export).
type classRasters struct {
	j                  *classJob
	chart, table       *canvas.Raster
	chartImg, tableImg *image.RGBA
	box                *fyne.Container
}

// minClassChart is the least height the chart keeps, in the window's units: the
// table gives up rows before the chart goes below it.
const minClassChart = 240

// sideBySide is the tab's least width, in lines of text, for the chart and table
// side by side.
const sideBySide = 40

func newClassRasters(j *classJob) *classRasters {
	v := &classRasters{j: j}
	v.chart = canvas.NewRaster(v.drawChart)
	v.table = canvas.NewRaster(v.drawTable)
	v.box = container.New((*classLayout)(v), v.chart, v.table)
	return v
}

func (v *classRasters) refresh() {
	v.box.Refresh()
	v.chart.Refresh()
	v.table.Refresh()
}

// textPx is the window's text height in pixels (large text included), and scale its
// pixels per unit.
func (v *classRasters) textPx() (px float64, scale float32) {
	scale = v.j.win.Canvas().Scale()
	return max(8, float64(theme.Size(theme.SizeNameText)*scale)), scale
}

// narrow is the width, in pixels, at which raster.DrawClass draws what it is given
// one part above the other: the chart alone, or the table alone.
func narrow(w int, px float64) int { return min(w, int(px*100)-1) }

// tableClass is the class as the tab's table shows it in h pixels at width w: the
// rows where the machines differ, the figures and the answers, with the figures left
// to the chart and the last facts dropped where the height is short.
func tableClass(c *classview.Class, w, h int, px float64) *classview.Class {
	t := c.Table
	t.Rows = slices.DeleteFunc(slices.Clone(t.Rows), func(r classview.Row) bool {
		return r.Group == classview.GroupMachine && !slices.ContainsFunc(r.Cells, func(s string) bool { return s != r.Cells[0] })
	})
	tc := *c
	tc.Groups, tc.ChartTitle, tc.Table = nil, "", t
	fits := func() bool { return raster.ClassHeight(&tc, w, px, 0) <= h }
	if !fits() {
		var kept []classview.Row
		for _, r := range tc.Table.Rows {
			if r.Group != classview.GroupFigures {
				kept = append(kept, r)
			}
		}
		cells := make([]string, len(c.Machines))
		for i := range cells {
			cells[i] = "on the chart"
		}
		tc.Table.Rows = append(kept, classview.Row{Group: classview.GroupFigures, Name: "figures", Cells: cells})
	}
	for !fits() && len(tc.Table.Rows) > 1 {
		i := slices.IndexFunc(tc.Table.Rows, func(r classview.Row) bool { return r.Group == classview.GroupMachine })
		if i < 0 {
			break
		}
		tc.Table.Rows = slices.Delete(tc.Table.Rows, i, i+1)
	}
	return &tc
}

// tableHeight is the height in pixels the table takes at width w, at most h.
func tableHeight(c *classview.Class, w, h int, px float64) int {
	return min(h, raster.ClassHeight(tableClass(c, w, h, px), w, px, 0))
}

func (v *classRasters) drawChart(w, h int) image.Image {
	var px float64
	v.chartImg, px = v.blank(v.chartImg, w, h)
	if v.j.c == nil {
		return v.chartImg
	}
	cc := *v.j.c
	cc.Table = classview.Table{Columns: []string{""}} // no table: the chart alone
	nw := narrow(w, px)
	// DrawClass leaves an empty table's header above the chart: draw it above the
	// image, where it is cut off.
	above := raster.ClassHeight(&cc, nw, px, 0)
	raster.DrawClass(v.chartImg, image.Rect(0, -above, nw, h), &cc, px)
	return v.chartImg
}

func (v *classRasters) drawTable(w, h int) image.Image {
	var px float64
	v.tableImg, px = v.blank(v.tableImg, w, h)
	c := v.j.c
	if c == nil {
		return v.tableImg
	}
	nw := narrow(w, px)
	tc := tableClass(c, nw, h, px)
	raster.DrawClass(v.tableImg, image.Rect(0, 0, nw, h), tc, px)
	// Under the table DrawClass left a chart of no bars: blank it.
	th := tableHeight(c, nw, h, px)
	for y := th; y < h; y++ {
		row := v.tableImg.Pix[y*v.tableImg.Stride : y*v.tableImg.Stride+4*w]
		for i := range row {
			row[i] = 0xFF
		}
	}
	return v.tableImg
}

// blank is img at w×h pixels, white, and the window's text height in pixels.
func (v *classRasters) blank(img *image.RGBA, w, h int) (*image.RGBA, float64) {
	img = live.Sized(img, w, h)
	for i := range img.Pix {
		img.Pix[i] = 0xFF
	}
	px, _ := v.textPx()
	return img, px
}

// classLayout places the chart and the table: side by side (the chart 2/5 of the
// width) where the tab is wide, else the table above the chart, the table taking
// what it needs and the chart keeping at least minClassChart.
type classLayout classRasters

func (l *classLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(0, minClassChart)
}

func (l *classLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	v := (*classRasters)(l)
	text := theme.Size(theme.SizeNameText)
	pad := theme.Padding()
	if size.Width >= sideBySide*text {
		cw := size.Width * 2 / 5
		v.chart.Move(fyne.NewPos(0, 0))
		v.chart.Resize(fyne.NewSize(cw-pad, size.Height))
		v.table.Move(fyne.NewPos(cw+pad, 0))
		v.table.Resize(fyne.NewSize(size.Width-cw-pad, size.Height))
		return
	}
	th := float32(0)
	if c := v.j.c; c != nil {
		px, scale := v.textPx()
		room := int(max(0, size.Height-minClassChart-pad) * scale)
		th = float32(tableHeight(c, narrow(int(size.Width*scale), px), room, px)) / scale
	}
	v.table.Move(fyne.NewPos(0, 0))
	v.table.Resize(fyne.NewSize(size.Width, th))
	v.chart.Move(fyne.NewPos(0, th+pad))
	v.chart.Resize(fyne.NewSize(size.Width, max(0, size.Height-th-pad)))
}
