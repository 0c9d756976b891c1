//go:build !nogui

package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// classFiles are three real runs of one lesson, their hosts edited to stand for
// three laptops (presets/class/testdata), and a sweep.
var (
	classFiles = []string{"../presets/class/testdata/laptop-a.json", "../presets/class/testdata/laptop-b.json", "../presets/class/testdata/laptop-c.json"}
	classSweep = "../presets/class/testdata/sweep-a.json"
)

// TestClassTab: files added one by one make a class at the third; a file that does
// not belong (a sweep among runs, a file already in, a broken one) is refused by
// name and the class stays as it was; the export writes the class; Clear empties it.
func TestClassTab(t *testing.T) {
	h := newHarness(t, small(), "")
	j := h.w.classTab()
	if _, err := j.output(); err == nil {
		t.Error("an empty class exports")
	}
	add := func(path string) {
		t.Helper()
		j.add(path)
		h.until("the file to be read", func() bool { return j.reading == nil })
	}
	add(classFiles[0])
	add(classFiles[1])
	if j.c != nil || len(j.paths) != 2 || !strings.Contains(j.hint.Text, "laptop-a.json, laptop-b.json") {
		t.Fatalf("two files: class %v, paths %v, hint %q", j.c, j.paths, j.hint.Text)
	}
	add(classSweep)
	if len(j.paths) != 2 || !strings.Contains(h.w.status.text(), "sweep-a.json is a sweep and laptop-a.json is a run") {
		t.Errorf("a sweep among runs: paths %v, status %q", j.paths, h.w.status.text())
	}
	add(classFiles[2])
	if j.c == nil || len(j.c.Machines) != 3 {
		t.Fatalf("three files: no class; status %q", h.w.status.text())
	}
	if !strings.Contains(j.claims.Text, "Every machine says the same: the claim does not hold (all 3 machines).") {
		t.Errorf("the answers: %q", j.claims.Text)
	}
	add("./" + classFiles[1])
	if len(j.paths) != 3 || !strings.Contains(h.w.status.text(), "laptop-b.json is given twice") {
		t.Errorf("a file twice: paths %v, status %q", j.paths, h.w.status.text())
	}
	broken := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(broken, []byte(`{"schema": "localitylab/run/v2"`), 0o644); err != nil {
		t.Fatal(err)
	}
	add(broken)
	if len(j.paths) != 3 || !strings.Contains(h.w.status.text(), "broken.json") {
		t.Errorf("a broken file: paths %v, status %q", j.paths, h.w.status.text())
	}
	out, err := j.output()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range classFormats {
		var b bytes.Buffer
		if err := out.write(&b, f); err != nil || b.Len() == 0 {
			t.Errorf("export as %s: %v, %d bytes", f.Name, err, b.Len())
		}
	}
	if img := j.view.drawChart(900, 500); img.Bounds().Dx() != 900 {
		t.Errorf("the chart drawn %v", img.Bounds())
	}
	if img := j.view.drawTable(900, 300); img.Bounds().Dy() != 300 {
		t.Errorf("the table drawn %v", img.Bounds())
	}
	j.clear()
	if j.c != nil || len(j.paths) != 0 {
		t.Errorf("cleared: class %v, paths %v", j.c, j.paths)
	}
	// Before there are three, a sweep beside a run is refused too.
	add(classFiles[0])
	add(classSweep)
	if len(j.paths) != 1 || !strings.Contains(h.w.status.text(), "sweep-a.json is a sweep and laptop-a.json is a run") {
		t.Errorf("a sweep beside one run: paths %v, status %q", j.paths, h.w.status.text())
	}
}

// TestClassReadsOffTheWindow: the files of a class are read off the Fyne goroutine,
// one after another with their progress shown, so that the window answers while a
// class of long runs is read; the class shown changes only when all are read, and
// Esc stops the reading with the class as it was.
func TestClassReadsOffTheWindow(t *testing.T) {
	h := newHarness(t, small(), "")
	j := h.w.classTab()
	j.addAll(classFiles)
	// Nothing the reading posts to the window has run yet (the harness holds it):
	// addAll returned with the files still being read, the class unchanged.
	if j.reading == nil || len(j.paths) != 0 || j.c != nil || !j.progress.Visible() {
		t.Fatalf("after addAll: reading %v, paths %v, class %v, progress shown %v", j.reading != nil, j.paths, j.c != nil, j.progress.Visible())
	}
	j.addAll(classFiles[:1])
	if !strings.Contains(h.w.status.text(), "still reading 3 files") {
		t.Errorf("a second addition while reading: status %q", h.w.status.text())
	}
	h.until("the class to be read", func() bool { return j.reading == nil })
	if j.c == nil || len(j.paths) != 3 || j.progress.Visible() {
		t.Fatalf("read: class %v, paths %v, progress shown %v; status %q", j.c != nil, j.paths, j.progress.Visible(), h.w.status.text())
	}

	// Esc stops a reading: the class stays as it was.
	more := make([]string, 0, 40)
	dir := t.TempDir()
	for i := range 40 {
		p := filepath.Join(dir, "m"+strings.Repeat("x", i%3)+string(rune('a'+i%26))+string(rune('a'+i/26))+".json")
		data, err := os.ReadFile(classFiles[i%3])
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		more = append(more, p)
	}
	j.addAll(more)
	j.cancel()
	h.until("the reading to stop", func() bool { return j.reading == nil })
	if len(j.paths) != 3 || !strings.Contains(h.w.status.text(), "Stopped reading the files") {
		t.Errorf("stopped: paths %v, status %q", j.paths, h.w.status.text())
	}
}

// TestClassShowsItsResultFirst: with three machines, on each of the layout tests'
// screens, the class's chart is at least minClassChart high and its table beside or
// above it, both inside the window without scrolling; under the heading one paragraph
// says what differs, the machines' answers in full behind Details.
func TestClassShowsItsResultFirst(t *testing.T) {
	for _, s := range screens {
		t.Run(s.name, func(t *testing.T) {
			h := newHarness(t, small(), "")
			h.w.setLarge(s.large)
			h.w.win.Resize(s.size)
			j := h.w.classTab()
			h.w.bringFront(j)
			j.addAll(classFiles)
			h.until("the class to be read", func() bool { return j.reading == nil })
			if j.c == nil {
				t.Fatalf("no class; status %q", h.w.status.text())
			}
			h.w.win.Content().Refresh()
			win := h.w.win.Canvas().Size()
			d := fyne.CurrentApp().Driver()
			for _, o := range []struct {
				name string
				obj  fyne.CanvasObject
				min  float32
			}{{"chart", j.view.chart, minClassChart}, {"table", j.view.table, 3 * theme.Size(theme.SizeNameText)}} {
				pos, size := d.AbsolutePositionForObject(o.obj), o.obj.Size()
				if !o.obj.Visible() || size.Height < o.min || size.Width < 200 {
					t.Errorf("the %s is %v (shown %v), want %v high or more", o.name, size, o.obj.Visible(), o.min)
				}
				if bottom := pos.Y + size.Height; bottom > win.Height+1 || pos.X+size.Width > win.Width+1 {
					t.Errorf("the %s ends at %v, outside the window's %v", o.name, pos.Add(size), win)
				}
			}
			if got := j.hint.Text; !strings.Contains(got, "Claim 1: Every machine says the same") || strings.Contains(got, "Measured here") {
				t.Errorf("the summary under the heading: %q", got)
			}
			if j.details.Disabled() {
				t.Error("Details is disabled with a class shown")
			}
			j.details.OnTapped()
			if got := h.overlayText(); !strings.Contains(got, "Measured here") || !strings.Contains(got, "A laptop-a.json: CPU: ") {
				t.Errorf("Details shows %q", got)
			}
		})
	}
}
