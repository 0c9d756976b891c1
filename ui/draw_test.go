//go:build !nogui

package ui

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"localitylab/charts"
	"localitylab/lab/result"
	"localitylab/lab/runtest"
	"localitylab/workloads/workload"
)

func at(img *image.RGBA, x, y int) color.NRGBA {
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}

func TestDrawScene(t *testing.T) {
	// A 1000×1000 world with a 100×100 view at (100, 100): the view fills the image,
	// a sprite sits in its middle, a bullet outside the view is off the image.
	s := &workload.Scene{World: workload.Rect{X1: 1000, Y1: 1000}, View: workload.Rect{X0: 100, Y0: 100, X1: 200, Y1: 200},
		Boxes: []workload.Box{{X: 140, Y: 140, W: 20, H: 20, Kind: workload.Sprite}, {X: 900, Y: 900, W: 50, H: 50, Kind: workload.Bullet}}, Total: 2}
	img := image.NewRGBA(image.Rect(0, 0, 400, 400))
	drawScene(img, s, 0)
	if c := at(img, 200, 200); c.B < 0xA0 || c.R > 0xA0 {
		t.Errorf("centre pixel %v, want the sprite's light blue", c)
	}
	if c := at(img, 10, 380); c != sceneWorld {
		t.Errorf("corner pixel %v, want the world's ground %v", c, sceneWorld)
	}
	top := fit(grow(s.View, 0.03), img.Rect, 0).of(s.View).Min.Y
	if c := at(img, 200, top); c != sceneView {
		t.Errorf("top edge of the view (y %d) is %v, want the view's outline %v", top, c, sceneView)
	}
	// The minimap, top right, shows the whole world with the view on it: its top
	// edge runs 3 pixels inside a 100-pixel square 8 pixels from the corner.
	if c := at(img, 340, 11); c != sceneOutline {
		t.Errorf("minimap edge %v, want the outline %v", c, sceneOutline)
	}

	// When the view is the world (bullets), there is no minimap and the world fills.
	s.View = s.World
	drawScene(img, s, 0)
	if c := at(img, 340, 11); c == sceneOutline {
		t.Error("a minimap was drawn for a scene whose view is the world")
	}
	if c := at(img, 360, 360); c.R < 0xC0 || c.G < 0x80 || c.B > 0x90 {
		t.Errorf("bullet pixel %v, want orange", c)
	}
}

func TestPreviewNote(t *testing.T) {
	p := NewPreview("nothing yet")
	if p.note() != "nothing yet" {
		t.Errorf("empty preview says %q", p.note())
	}
	s := &workload.Scene{World: workload.Rect{X1: 10, Y1: 10}, View: workload.Rect{X1: 10, Y1: 10},
		Boxes: make([]workload.Box, 3), Total: 3}
	p.SetScene(s, "soa", "sprites")
	if got, want := p.note(), "As soa sees it · all 3 sprites in view drawn"; got != want {
		t.Errorf("note %q, want %q", got, want)
	}
	s.Total = 12000
	p.SetScene(s, "map", "bullets")
	if got, want := p.note(), "As map sees it · 3 of 12,000 bullets, targets and emitters drawn, an even sample"; got != want {
		t.Errorf("note %q, want %q", got, want)
	}
	s.Boxes[0].X = 99
	if p.scene.Boxes[0].X == 99 {
		t.Error("the preview keeps a pointer into the caller's scene")
	}
}

// TestPreviewNoteFits: the line under the scene is cut to the preview's width, so
// that on a narrow pane it does not run under the lesson beside it.
func TestPreviewNoteFits(t *testing.T) {
	p := NewPreview("nothing yet")
	test.NewTempWindow(t, p)
	s := &workload.Scene{World: workload.Rect{X1: 10, Y1: 10}, View: workload.Rect{X1: 10, Y1: 10},
		Boxes: make([]workload.Box, 3), Total: 248872}
	p.SetScene(s, "ptrarray", "bullets")
	full := p.note()
	for _, w := range []float32{2000, 300, 120} {
		p.Resize(fyne.NewSize(w, 300))
		r := test.TempWidgetRenderer(t, p).(*previewRenderer)
		got := r.note.Text
		if width := fyne.MeasureText(got, r.note.TextSize, r.note.TextStyle).Width; width > r.note.Size().Width {
			t.Errorf("at width %v the note %q is %v wide, more than its %v", w, got, width, r.note.Size().Width)
		}
		switch {
		case w == 2000 && got != full:
			t.Errorf("at width %v the note is %q, want it whole: %q", w, got, full)
		case w < 2000 && (!strings.HasSuffix(got, "…") || !strings.HasPrefix(full, strings.TrimSuffix(got, "…"))):
			t.Errorf("at width %v the note is %q, want a beginning of %q ending in …", w, got, full)
		}
	}
}

func TestSummaryTableRows(t *testing.T) {
	r := runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{4, 1}, []int64{2e6, 1e6})
	r.Backings = append(r.Backings, result.Backing{Name: "map", Error: "worker map: killed by signal 9\n\tlast line"})
	tb := NewSummaryTable("none")
	tb.SetRun(r)
	rows := tb.Rows()
	if len(rows) != 3 || rows[0].Backing != "soa" || rows[1].Backing != "ptrarray" || rows[2].Backing != "map" {
		t.Fatalf("rows %v, want soa, ptrarray, then the failed map", rows)
	}
	if rows[0].Color != charts.Color("soa") {
		t.Error("the swatch is not the backing's colour")
	}
	rd := tableRenderer{t: tb}
	rd.rebuild()
	if rd.rows[2].err == nil || rd.rows[2].err.Text != "failed: worker map: killed by signal 9 | last line" {
		t.Errorf("failed row shows %v, want the error's first line", rd.rows[2].err)
	}
	if rd.rows[0].err != nil {
		t.Error("a row that did not fail shows an error")
	}
	tb.SetMessage("No result", true)
	if len(tb.Rows()) != 0 || tb.Message() != "No result" {
		t.Error("SetMessage left rows in the table")
	}
}

// TestSummaryTableFewerColumns: a table narrower than its columns leaves out the
// optional ones, first named first, and shows the rest whole (misses/frame among
// them); wide enough, it shows them all; its least width is that of the columns kept.
func TestSummaryTableFewerColumns(t *testing.T) {
	test.NewTempApp(t)
	r := runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{4, 1}, []int64{2e6, 1e6})
	tb := NewSummaryTable("none")
	tb.SetRun(r)
	rd := test.WidgetRenderer(tb).(*tableRenderer)
	visible := func() map[string]bool {
		out := map[string]bool{}
		for _, h := range rd.header {
			if h.Visible() && h.Position().X+h.Size().Width <= tb.Size().Width {
				out[h.Text] = true
			}
		}
		return out
	}
	tb.Resize(fyne.NewSize(4000, 300))
	if all := visible(); len(all) != len(rd.header) {
		t.Errorf("at 4000 wide the table shows %d of %d columns", len(all), len(rd.header))
	}
	tb.Resize(fyne.NewSize(tb.MinSize().Width, 300))
	got := visible()
	for _, must := range []string{"backing", "p50 frame", "× slower than best (95% CI)", "misses/frame"} {
		if !got[must] {
			t.Errorf("at its least width (%v) the table does not show %q whole: %v", tb.MinSize().Width, must, got)
		}
	}
	if got["huge pages"] || got["interrupted"] {
		t.Errorf("at its least width the table still shows the optional columns: %v", got)
	}
	mid := tb.MinSize().Width + 200
	tb.Resize(fyne.NewSize(mid, 300))
	if m := visible(); !m["allocs/frame"] || m["huge pages"] {
		t.Errorf("at %v wide: %v, want the first optional columns left out first", mid, m)
	}
}

// TestNoAllocationsChart: while no backing allocates in a measured frame, the
// allocations chart gives its room to the other two and a line says why; one
// allocation in a measured frame brings it back, one in a warm-up frame does not.
func TestNoAllocationsChart(t *testing.T) {
	test.NewTempApp(t)
	r := runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{4, 1}, []int64{2e6, 1e6})
	for i := range r.Backings {
		clear(r.Backings[i].Frames.Allocs)
	}
	row := newChartRow()
	allocs := row.charts[2]
	row.box.Resize(fyne.NewSize(1500, 300))
	row.fitGone(r)
	if allocs.Visible() || !row.none.Visible() {
		t.Errorf("no allocations: chart shown %v, line shown %v", allocs.Visible(), row.none.Visible())
	}
	if w := row.charts[0].Size().Width; w < 550 {
		t.Errorf("with the allocations chart gone, frame time is %v wide of 1500: its room was not given to the others", w)
	}
	if r.Warmup > 0 {
		r.Backings[0].Frames.Allocs[0] = 5
		if row.fitGone(r); allocs.Visible() {
			t.Error("an allocation in a warm-up frame brought the chart back")
		}
	}
	last := len(r.Backings[1].Frames.Allocs) - 1
	r.Backings[1].Frames.Allocs[last] = 1
	if row.fitGone(r); !allocs.Visible() || row.none.Visible() {
		t.Error("an allocation in a measured frame did not bring the chart back")
	}
	if row.fitGone(nil); !allocs.Visible() {
		t.Error("before any frame the chart is hidden")
	}
}

// TestSummaryTableBriefs: under each row, a run with a probe shows the backing's
// frame beside it, a line each (two for a pointer layout), in the table's height;
// a run without one shows nothing there, not a 0.
func TestSummaryTableBriefs(t *testing.T) {
	test.NewTempApp(t)
	r := runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{18_000, 1_000}, []int64{2e6, 1e6})
	r.Params = workload.Params{"entities": 1_000_000}
	tb := NewSummaryTable("none")
	tb.SetRun(r)
	bare := tb.MinSize().Height
	if tb.Briefs("soa") != nil || tb.Briefs("ptrarray") != nil {
		t.Errorf("no probe, yet lines: %q, %q", tb.Briefs("soa"), tb.Briefs("ptrarray"))
	}
	r.Probe = testProbe()
	tb.SetRun(r)
	soa, ptr := tb.Briefs("soa"), tb.Briefs("ptrarray")
	if len(soa) != 1 || !strings.HasPrefix(soa[0], "soa reads at ") || !strings.Contains(soa[0], "(probe: 16.0 GiB/s)") {
		t.Errorf("soa: %q, want its share of the probe's 16 GiB/s", soa)
	}
	if len(ptr) != 2 || !strings.Contains(ptr[1], "misses one at a time 90.0 ms") {
		t.Errorf("ptrarray: %q, want its share and its misses against its frame", ptr)
	}
	rd := test.WidgetRenderer(tb).(*tableRenderer)
	var shown []string
	for _, row := range rd.rows {
		for _, n := range row.notes {
			shown = append(shown, n.Text)
		}
	}
	if len(shown) != 3 {
		t.Errorf("the table shows %q under its rows, want the three lines", shown)
	}
	if tb.MinSize().Height <= bare {
		t.Errorf("the lines take no height: %v, as without them", tb.MinSize().Height)
	}
}

// testProbe is a machine's probe with round figures: L1d 1.5 ns to 32 KiB, 90 ns at
// 256 MiB; 64 GiB/s in L1d, 16 GiB/s from memory.
func testProbe() *result.Probe {
	return &result.Probe{LineBytes: 64,
		Ladder:    []result.LadderPoint{{Bytes: 32 << 10, NS: 1.5}, {Bytes: 256 << 20, NS: 90}},
		Levels:    []result.ProbeLevel{{Name: "L1d", Bytes: 32 << 10}},
		Bandwidth: []result.Bandwidth{{Level: "L1d", BytesPerS: 64 << 30}, {Level: "memory", Bytes: 256 << 20, BytesPerS: 16 << 30}}}
}
