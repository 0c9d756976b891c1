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
	"localitylab/scenarios"
)

// colourPixels counts the pixels of img within r that are close to c: how much of a
// backing's colour a chart shows.
func colourPixels(img image.Image, r image.Rectangle, c color.NRGBA) int {
	return imgtest.CountNear(img, r, c, 24)
}

// chartPixels captures the window and counts, in chart i, the pixels of backing's
// colour.
func (h *harness) chartPixels(i int, backing string) int {
	h.t.Helper()
	img := h.w.win.Canvas().Capture()
	c := h.w.charts[i]
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(c)
	scale := float32(img.Bounds().Dx()) / h.w.win.Canvas().Size().Width
	r := image.Rect(int(pos.X*scale), int(pos.Y*scale), int((pos.X+c.Size().Width)*scale), int((pos.Y+c.Size().Height)*scale))
	return colourPixels(img, r, charts.Color(backing))
}

func TestRunFillsTableChartsAndNotes(t *testing.T) {
	h := newHarness(t, small(), "")
	h.w.win.Resize(fallbackSize)
	before := h.chartPixels(0, "ptrarray")
	if msg := h.w.table.Message(); !strings.Contains(msg, "No run yet") {
		t.Errorf("table before a run says %q, want the no-run message", msg)
	}

	test.Tap(h.w.left.run)
	if !h.w.live {
		t.Fatalf("Run did not start a run; status %q", h.w.status.Text)
	}
	if !h.w.left.preset.Disabled() || !h.w.left.checks[0].Disabled() {
		t.Error("the setup stays editable while its run is live")
	}
	h.finished()

	rows := h.w.table.Rows()
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
	ratio := slices.Index(h.w.table.columns(), "× slower than best (95% CI)")
	if ratio < 0 || rows[0].Cells[ratio] != "best" {
		t.Errorf("first row's ratio (column %d of %v) is not \"best\": %v", ratio, h.w.table.columns(), rows[0].Cells)
	}
	if after := h.chartPixels(0, "ptrarray"); after <= before+20 {
		t.Errorf("frame-time chart shows %d ptrarray pixels after the run, %d before: no line drawn", after, before)
	}
	if !strings.HasPrefix(h.w.status.Text, "Done: 30 frames") {
		t.Errorf("status %q, want it to say the run is done", h.w.status.Text)
	}
	for _, n := range h.w.info.notes {
		if !strings.HasPrefix(n.measured.Text, "Measured here: ") {
			t.Errorf("%s's note says %q, want the figures just measured", n.backing, n.measured.Text)
		}
	}
	if !h.w.preview.has {
		t.Error("the preview got no scene from the run")
	}
	if h.w.left.export.Disabled() || h.w.left.save.Disabled() {
		t.Error("Export and Save are disabled after a run")
	}
	if h.w.left.preset.Disabled() {
		t.Error("the setup stays locked after the run ended")
	}
}

func TestPauseStepResume(t *testing.T) {
	h := newHarness(t, small(), "")
	st := func() lab.Status { return h.w.ctl.live.Status() }

	test.Tap(h.w.left.run)
	test.Tap(h.w.left.pause) // pausing a load: it loads, then waits
	h.until("the run to pause after loading", func() bool { return h.w.phase == lab.Paused })
	if d := st().Done; d != 0 {
		t.Fatalf("paused during the load, yet %d frames ran", d)
	}
	if h.w.left.run.Text != "Resume" {
		t.Errorf("Run button says %q while paused, want Resume", h.w.left.run.Text)
	}

	for want := 1; want <= 2; want++ {
		test.Tap(h.w.left.step)
		h.until("a step", func() bool { return h.w.status0.Done == want && h.w.phase == lab.Paused })
	}
	if !strings.Contains(h.w.status.Text, "Paused after frame 2 of 30") {
		t.Errorf("status %q, want it to say paused after frame 2", h.w.status.Text)
	}

	test.Tap(h.w.left.run) // resume
	h.finished()
	if got := h.w.shown.Backings[0].Frames.Len(); got != 30 {
		t.Errorf("after resuming, %d frames ran, want all 30", got)
	}
}

func TestStepWithoutRunStartsPaused(t *testing.T) {
	h := newHarness(t, small(), "")
	h.key(fyne.KeyS)
	if !h.w.live {
		t.Fatal("S did not start a run")
	}
	h.until("one frame", func() bool {
		return h.w.phase == lab.Paused && h.w.status0.Done == 1
	})
	h.key(fyne.KeyR)
	if h.w.live || h.w.ctl.live != nil {
		t.Error("R left the run live")
	}
	if msg := h.w.table.Message(); !strings.Contains(msg, "No run yet") {
		t.Errorf("after reset the table says %q", msg)
	}
}

func TestChoosingPresetChangesSetup(t *testing.T) {
	h := newHarness(t, small(), "")
	target := presets.Builtin()[2]
	h.w.left.preset.SetSelected(target.Title)
	if h.w.setup.Name != target.Name || h.w.left.workload.Selected != target.Workload {
		t.Fatalf("picking %q gave setup %q on %s", target.Title, h.w.setup.Name, h.w.left.workload.Selected)
	}
	if got := h.w.left.chosen(h.w.setup.Backings); strings.Join(got, ",") != strings.Join(target.Backings, ",") {
		t.Errorf("backings checked %v, want %v in the preset's order", got, target.Backings)
	}
	if len(h.w.info.claims) != len(target.Claims) {
		t.Errorf("lesson shows %d claims, the preset has %d", len(h.w.info.claims), len(target.Claims))
	}
	want := fmt.Sprint(target.Params["entities"])
	if _, ok := target.Params["entities"]; !ok {
		spec, _ := scenarios.Lookup(target.Workload)
		q, _ := spec.Param("entities")
		want = fmt.Sprint(q.Default)
	}
	if e := h.w.left.form.field("entities"); e == nil || e.Text != want {
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
