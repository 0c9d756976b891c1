//go:build !nogui

package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	j := h.w.class
	if _, err := j.output(); err == nil {
		t.Error("an empty class exports")
	}
	j.add(classFiles[0])
	j.add(classFiles[1])
	if j.c != nil || len(j.paths) != 2 || !strings.Contains(j.hint.Text, "laptop-a.json, laptop-b.json") {
		t.Fatalf("two files: class %v, paths %v, hint %q", j.c, j.paths, j.hint.Text)
	}
	j.add(classSweep)
	if len(j.paths) != 2 || !strings.Contains(h.w.status.text(), "sweep-a.json is a sweep and laptop-a.json is a run") {
		t.Errorf("a sweep among runs: paths %v, status %q", j.paths, h.w.status.text())
	}
	j.add(classFiles[2])
	if j.c == nil || len(j.c.Machines) != 3 {
		t.Fatalf("three files: no class; status %q", h.w.status.text())
	}
	if !strings.Contains(j.claims.Text, "Every machine says the same: the claim does not hold (all 3 machines).") {
		t.Errorf("the answers: %q", j.claims.Text)
	}
	j.add("./" + classFiles[1])
	if len(j.paths) != 3 || !strings.Contains(h.w.status.text(), "laptop-b.json is given twice") {
		t.Errorf("a file twice: paths %v, status %q", j.paths, h.w.status.text())
	}
	broken := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(broken, []byte(`{"schema": "localitylab/run/v2"`), 0o644); err != nil {
		t.Fatal(err)
	}
	j.add(broken)
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
	if img := j.draw(900, 500); img.Bounds().Dx() != 900 {
		t.Errorf("drawn %v", img.Bounds())
	}
	j.clear()
	if j.c != nil || len(j.paths) != 0 {
		t.Errorf("cleared: class %v, paths %v", j.c, j.paths)
	}
	// Before there are three, a sweep beside a run is refused too.
	j.add(classFiles[0])
	j.add(classSweep)
	if len(j.paths) != 1 || !strings.Contains(h.w.status.text(), "one is a run and the other a sweep") {
		t.Errorf("a sweep beside one run: paths %v, status %q", j.paths, h.w.status.text())
	}
}
