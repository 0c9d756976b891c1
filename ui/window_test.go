//go:build !nogui

package ui

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"localitylab/charts"
	"localitylab/internal/imgtest"
	"localitylab/lab"
	"localitylab/presets"
	"localitylab/workloads"
)

// colourPixels counts the pixels of img within r that are close to c: how much of a
// backing's colour a chart shows.
func colourPixels(img image.Image, r image.Rectangle, c color.NRGBA) int {
	return imgtest.CountNear(img, r, c, 24)
}

// chartPixels captures the window and counts, in chart i, the pixels of backing's
// colour.
func (h *harness) chartPixels(i int, backings ...string) int {
	h.t.Helper()
	img := h.w.win.Canvas().Capture()
	c := h.w.runTab().pane.charts.charts[i]
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(c)
	scale := float32(img.Bounds().Dx()) / h.w.win.Canvas().Size().Width
	r := image.Rect(int(pos.X*scale), int(pos.Y*scale), int((pos.X+c.Size().Width)*scale), int((pos.Y+c.Size().Height)*scale))
	n := 0
	for _, b := range backings {
		n += colourPixels(img, r, charts.Color(b))
	}
	return n
}

func TestRunFillsTableChartsAndNotes(t *testing.T) {
	h := newHarness(t, small(), "")
	h.w.win.Resize(fallbackSize)
	// The lines are counted over every backing together: one slow frame on a busy
	// machine stretches the time axis, and the three lines then lie on its floor, the
	// last drawn covering the others (one ptrarray pixel left in 1 of 16 runs).
	before := h.chartPixels(0, small().Backings...)
	if msg := h.w.runTab().pane.table.Message(); !strings.Contains(msg, "No run yet") {
		t.Errorf("table before a run says %q, want the no-run message", msg)
	}

	test.Tap(h.w.runTab().buttons.run)
	if !h.w.runTab().measuring {
		t.Fatalf("Run did not start a run; status %q", h.w.status.text())
	}
	if !h.w.setup.picker.Disabled() || !h.w.setup.checks[0].Disabled() {
		t.Error("the setup stays editable while its run is live")
	}
	h.finished()

	rows := h.w.runTab().pane.table.Rows()
	if len(rows) != 3 {
		t.Fatalf("table has %d rows, want one per backing", len(rows))
	}
	seen := map[string]bool{}
	for _, r := range rows {
		seen[r.Backing] = true
		if r.Error != "" {
			t.Errorf("%s failed: %s", r.Backing, r.Error)
		}
	}
	for _, b := range small().Backings {
		if !seen[b] {
			t.Errorf("no table row for %s", b)
		}
	}
	ratio := slices.Index(h.w.runTab().pane.table.columns(), "× slower than best (95% CI)")
	if ratio < 0 || rows[0].Cells[ratio] != "best" {
		t.Errorf("first row's ratio (column %d of %v) is not \"best\": %v", ratio, h.w.runTab().pane.table.columns(), rows[0].Cells)
	}
	if after := h.chartPixels(0, small().Backings...); after <= before+20 {
		t.Errorf("frame-time chart shows %d pixels in the backings' colours after the run, %d before: no line drawn", after, before)
	}
	if !strings.HasPrefix(h.w.status.text(), "Done: 30 frames") {
		t.Errorf("status %q, want it to say the run is done", h.w.status.text())
	}
	for _, n := range h.w.runTab().pane.lesson.notes {
		if !strings.HasPrefix(n.measured.Text, "Measured here: ") {
			t.Errorf("%s's note says %q, want the figures just measured", n.backing, n.measured.Text)
		}
	}
	if !h.w.runTab().pane.scene.preview.has {
		t.Error("the preview got no scene from the run")
	}
	if h.w.runTab().buttons.export.Disabled() || h.w.runTab().buttons.save.Disabled() {
		t.Error("Export and Save are disabled after a run")
	}
	if h.w.setup.picker.Disabled() {
		t.Error("the setup stays locked after the run ended")
	}
}

func TestPauseStepResume(t *testing.T) {
	h := newHarness(t, small(), "")
	st := func() lab.Status { return h.w.runTab().live.Status() }

	test.Tap(h.w.runTab().buttons.run)
	test.Tap(h.w.runTab().buttons.pause) // pausing a load: it loads, then waits
	h.until("the run to pause after loading", func() bool { return h.w.runTab().phase == lab.Paused })
	if d := st().Done; d != 0 {
		t.Fatalf("paused during the load, yet %d frames ran", d)
	}
	if h.w.runTab().buttons.run.Text != "Resume" {
		t.Errorf("Run button says %q while paused, want Resume", h.w.runTab().buttons.run.Text)
	}

	for want := 1; want <= 2; want++ {
		test.Tap(h.w.runTab().buttons.step)
		h.until("a step", func() bool { return h.w.runTab().status.Done == want && h.w.runTab().phase == lab.Paused })
	}
	if !strings.Contains(h.w.status.text(), "Paused after frame 2 of 30") {
		t.Errorf("status %q, want it to say paused after frame 2", h.w.status.text())
	}

	test.Tap(h.w.runTab().buttons.run) // resume
	h.finished()
	if got := h.w.runTab().shown.Backings[0].Frames.Len(); got != 30 {
		t.Errorf("after resuming, %d frames ran, want all 30", got)
	}
}

func TestStepWithoutRunStartsPaused(t *testing.T) {
	h := newHarness(t, small(), "")
	h.key(fyne.KeyS)
	if !h.w.runTab().measuring {
		t.Fatal("S did not start a run")
	}
	h.until("one frame", func() bool {
		return h.w.runTab().phase == lab.Paused && h.w.runTab().status.Done == 1
	})
	h.key(fyne.KeyR)
	if h.w.runTab().measuring || h.w.runTab().live != nil {
		t.Error("R left the run live")
	}
	if msg := h.w.runTab().pane.table.Message(); !strings.Contains(msg, "No run yet") {
		t.Errorf("after reset the table says %q", msg)
	}
}

func TestChoosingPresetChangesSetup(t *testing.T) {
	h := newHarness(t, small(), "")
	var target presets.Preset // the third lesson told by one run, whose claims the run's pane shows
	for i, n := 0, 0; n < 3; i++ {
		if target = presets.Builtin()[i]; target.Sweep == nil {
			n++
		}
	}
	h.w.setup.picker.SetSelected(pickerLabel(target))
	if h.w.setup.preset.Name != target.Name || h.w.setup.workload.Selected != target.Workload {
		t.Fatalf("picking %q gave setup %q on %s", target.Title, h.w.setup.preset.Name, h.w.setup.workload.Selected)
	}
	if got := h.w.setup.chosen(h.w.setup.preset.Backings); strings.Join(got, ",") != strings.Join(target.Backings, ",") {
		t.Errorf("backings checked %v, want %v in the preset's order", got, target.Backings)
	}
	if len(h.w.runTab().pane.lesson.claims) != len(target.Claims) {
		t.Errorf("lesson shows %d claims, the preset has %d", len(h.w.runTab().pane.lesson.claims), len(target.Claims))
	}
	want := fmt.Sprint(target.Params["entities"])
	if _, ok := target.Params["entities"]; !ok {
		spec, _ := workloads.Lookup(target.Workload)
		q, _ := spec.Param("entities")
		want = fmt.Sprint(q.Default)
	}
	if e := h.w.setup.form.field("entities"); e == nil || e.Text != want {
		t.Errorf("entities entry %v does not show the preset's %s", e.Text, want)
	}
}

func TestScreenShare(t *testing.T) {
	for _, tt := range []struct{ w, h float32 }{{1920, 1080}, {1920, 1040}, {1280, 800}, {3840, 2160}} {
		s := shareOf(tt.w, tt.h)
		if s.Width > tt.w || s.Height > tt.h || s.Width < 0.9*tt.w || s.Height < 0.85*tt.h {
			t.Errorf("work area %v×%v: window %v, want most of it and no more", tt.w, tt.h, s)
		}
	}
}
