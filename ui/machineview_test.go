//go:build !nogui

package ui

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"localitylab/lab/result"
)

// shotsEnv, when set, names a folder the view's test writes its screenshots to.
const shotsEnv = "LOCALITYLAB_UI_SHOTS"

// TestMachineView: the This machine tab sits after the Class tab, takes no probe of
// its own in a test, says so, refuses to export nothing, and once it holds a probe
// shows its headline and levels and exports it in each of its formats. With
// shotsEnv set it writes the window at 1920×1080 and 1366×768 there.
func TestMachineView(t *testing.T) {
	h := newHarness(t, small(), "")
	last := h.w.tabs[len(h.w.tabs)-1]
	j, ok := last.job.(*machineJob)
	if !ok || last.title != "This machine" || h.w.tabs[len(h.w.tabs)-2].title != "Class" {
		t.Fatalf("the last tab is %q (%T), want This machine after Class", last.title, last.job)
	}
	if j.busy() || j.p != nil || !strings.Contains(j.hint.Text, "No probe yet") {
		t.Errorf("a test's window probed on its own, or does not say it has no probe: %q", j.hint.Text)
	}
	if _, err := j.output(); err == nil {
		t.Error("an export with no probe was offered")
	}
	p, err := result.LoadProbeJSON("testdata/probe.json")
	if err != nil {
		t.Fatal(err)
	}
	j.p = p
	j.show()
	if !strings.Contains(j.heading.Text, "This machine, measured") || !strings.Contains(j.words.Text, "L2: plateau") ||
		!strings.Contains(j.words.Text, "Disagrees: L3") {
		t.Errorf("heading %q, words %q", j.heading.Text, j.words.Text)
	}
	out, err := j.output()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range machineFormats {
		var b bytes.Buffer
		if err := out.write(&b, f); err != nil || b.Len() == 0 {
			t.Errorf("%s: %d bytes, %v", f.Name, b.Len(), err)
		}
	}
	h.w.tabBar.Select(last.item)
	for _, size := range []fyne.Size{{Width: 1920, Height: 1080}, {Width: 1366, Height: 768}} {
		h.w.win.Resize(size)
		img := h.w.win.Canvas().Capture()
		if img.Bounds().Dx() < 100 {
			t.Fatalf("a capture of %v", img.Bounds())
		}
		if dir := os.Getenv(shotsEnv); dir != "" {
			f, err := os.Create(filepath.Join(dir, fmt.Sprintf("machine-%.0fx%.0f.png", size.Width, size.Height)))
			if err != nil {
				t.Fatal(err)
			}
			png.Encode(f, img)
			f.Close()
		}
	}
}

// TestMachineViewFitsSmallScreens: the This machine tab holding a probe does not make
// the window's content taller or wider than a 1366×768 screen's work area (as
// TestFitsSmallScreens), with normal and large text. With large text it asked for
// 804 units, and the window ran past the screen's bottom.
func TestMachineViewFitsSmallScreens(t *testing.T) {
	p, err := result.LoadProbeJSON("testdata/probe.json")
	if err != nil {
		t.Fatal(err)
	}
	limit := fyne.NewSize(1366*0.96, 768*0.92)
	for _, large := range []bool{false, true} {
		h := newHarness(t, small(), "")
		h.w.setLarge(large)
		last := h.w.tabs[len(h.w.tabs)-1]
		j := last.job.(*machineJob)
		j.p = p
		j.show()
		h.w.tabBar.Select(last.item)
		if need := h.w.win.Content().MinSize(); need.Width > limit.Width || need.Height > limit.Height {
			t.Errorf("large %v: with the This machine tab the content needs %v, more than %v", large, need, limit)
		}
	}
}
