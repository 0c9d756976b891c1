//go:build !nogui

package ui

import (
	"image"
	"testing"

	"fyne.io/fyne/v2"

	"localitylab/presets"
)

// TestCaptureDrawsOnlyWhatIsShown: the window at 1844×994 on the default lesson,
// captured as -quit-after does where the driver cannot: the strip between the
// setup's buttons and the status line stays empty (the parameters scrolled out of
// view drew their values there), and the entries hidden for the capture are shown
// again after it.
func TestCaptureDrawsOnlyWhatIsShown(t *testing.T) {
	h := newHarness(t, presets.Default(), "")
	h.w.win.Resize(fyne.NewSize(1844, 994))
	img := softCapture(h.w.win)
	d := fyne.CurrentApp().Driver()
	b := h.w.runTab().buttons.box
	top := d.AbsolutePositionForObject(b).Y + b.Size().Height
	bottom := d.AbsolutePositionForObject(h.w.status.box).Y
	scale := float32(img.Bounds().Dy()) / h.w.win.Canvas().Size().Height
	strip := image.Rect(0, int((top+3)*scale), int(b.Size().Width*scale), int((bottom-3)*scale))
	if strip.Dy() < 3 {
		t.Fatalf("no strip between the buttons and the status line: %v", strip)
	}
	sub := img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(strip)
	if !uniform(sub) {
		t.Errorf("something is drawn between the setup's buttons and the status line (%v)", strip)
	}
	for _, f := range h.w.setup.form.fields {
		if !f.entry.Visible() {
			t.Errorf("%s's entry stays hidden after the capture", f.param.Name)
		}
	}
}
