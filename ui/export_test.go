package ui

import (
	"bytes"
	"encoding/csv"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"localitylab/charts"
	"localitylab/internal/runtest"
	"localitylab/lab/result"
	"localitylab/presets"
)

// ranHarness is a window whose small run has ended.
func ranHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t, small(), "")
	h.w.startRun(false)
	h.finished()
	return h
}

func TestExportAllFormats(t *testing.T) {
	h := ranHarness(t)
	dir := t.TempDir()
	checks := map[string]func(t *testing.T, data []byte){
		"HTML": func(t *testing.T, data []byte) {
			for _, want := range []string{"<html", "ptrarray", "spatialhash", "A small test run"} {
				if !bytes.Contains(data, []byte(want)) {
					t.Errorf("the page lacks %q", want)
				}
			}
		},
		"PNG": func(t *testing.T, data []byte) {
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != 1920 || b.Dy() != 1080 {
				t.Errorf("image is %v, want 1920×1080", b)
			}
		},
		"CSV": func(t *testing.T, data []byte) {
			rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if want := 1 + 3*30; len(rows) != want {
				t.Errorf("%d rows, want a header and one per backing per frame (%d)", len(rows), want)
			}
		},
		"JSON": func(t *testing.T, data []byte) {
			r, err := result.ReadJSON(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(backingNames(r), small().Backings) || r.Frames != 30 {
				t.Errorf("saved run has backings %v and %d frames", backingNames(r), r.Frames)
			}
		},
	}
	for _, f := range charts.Formats {
		t.Run(f.Name, func(t *testing.T) {
			path := filepath.Join(dir, "run"+f.Ext)
			h.w.exportTo(path, f)
			if !strings.HasPrefix(h.w.status.Text, "Exported "+f.Name) {
				t.Errorf("status %q after export", h.w.status.Text)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checks[f.Name](t, data)
		})
	}
	t.Run("unwritable", func(t *testing.T) {
		h.w.exportTo(filepath.Join(dir, "no", "such", "dir.png"), charts.FormatNamed("PNG"))
		if !strings.Contains(h.w.status.Text, "Export failed") || h.overlayText() == "" {
			t.Errorf("a failed export says %q and shows no dialog", h.w.status.Text)
		}
	})
}

func TestReopenSavedRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.json")
	first := ranHarness(t)
	first.w.exportTo(path, charts.FormatNamed("JSON"))
	saved, err := result.LoadJSON(path)
	if err != nil {
		t.Fatal(err)
	}

	h := newHarness(t, presets.Default(), "")
	h.w.openRun(path)
	if h.w.live || h.w.ctl.live != nil {
		t.Fatal("opening a saved run started a run")
	}
	if !strings.HasPrefix(h.w.status.Text, "Opened run.json") {
		t.Errorf("status %q", h.w.status.Text)
	}
	if h.w.setup.Workload != saved.Workload || !reflect.DeepEqual(h.w.setup.Backings, backingNames(saved)) {
		t.Errorf("setup is %s on %v, want the saved run's", h.w.setup.Workload, h.w.setup.Backings)
	}
	if e := h.w.left.form.field("entities"); e.Text != "5000" {
		t.Errorf("entities shows %q, want the saved run's 5000", e.Text)
	}
	rows := h.w.table.Rows()
	if len(rows) != 3 || rows[0].Backing != saved.Ratios[0].Backing {
		t.Errorf("table rows %v, want the saved run's, fastest (%s) first", rows, saved.Ratios[0].Backing)
	}
	if h.chartPixels(0, rows[0].Backing) < 50 {
		t.Error("the frame-time chart does not show the saved run")
	}
	for _, n := range h.w.info.notes {
		if !strings.HasPrefix(n.measured.Text, "Measured here") {
			t.Errorf("%s's note: %q, want the saved figures", n.backing, n.measured.Text)
		}
	}
	if h.w.left.export.Disabled() {
		t.Error("a reopened run cannot be exported")
	}
}

func TestOpenBrokenRunChangesNothing(t *testing.T) {
	h := newHarness(t, small(), "")
	path := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(path, []byte(`{"schema": "localitylab/run/v1", "workload": "sprites", "frames": 0}`), 0o644); err != nil {
		t.Fatal(err)
	}
	before := h.w.setup
	h.w.openRun(path)
	if !reflect.DeepEqual(h.w.setup, before) || h.w.shown != nil {
		t.Error("a broken run file changed the window")
	}
	if msg := h.overlayText(); !strings.Contains(msg, "broken.json") || !strings.Contains(msg, "frames") {
		t.Errorf("dialog says %q, want the file and the field named", msg)
	}
}

func TestBadPresetFileChangesNothing(t *testing.T) {
	tests := []struct {
		name, content, field string
	}{
		{"unknown backing", `{"schema": "localitylab/preset/v1", "name": "x", "title": "X", "workload": "sprites", "backings": ["slotmapp"], "frames": 10}`, "backings"},
		{"syntax", "{\n  \"schema\": \"localitylab/preset/v1\",\n  \"title\": ,\n}", "line 3"},
		{"out of range", `{"schema": "localitylab/preset/v1", "name": "x", "title": "X", "workload": "sprites", "backings": ["soa"], "params": {"entities": 0}, "frames": 10}`, "entities"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, small(), "")
			path := filepath.Join(t.TempDir(), "lesson.json")
			if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			before, entities := h.w.setup, h.w.left.form.field("entities").Text
			h.w.loadPreset(path)
			if !reflect.DeepEqual(h.w.setup, before) || h.w.left.form.field("entities").Text != entities {
				t.Error("a broken preset file changed the setup")
			}
			msg := h.overlayText()
			if !strings.Contains(msg, "lesson.json") || !strings.Contains(msg, tt.field) {
				t.Errorf("dialog says %q, want the file and %q named", msg, tt.field)
			}
			if !strings.Contains(h.w.status.Text, "lesson.json") {
				t.Errorf("status line says %q, want the file named", h.w.status.Text)
			}
		})
	}
}

func TestPresetFileRoundTrip(t *testing.T) {
	h := newHarness(t, presets.Builtin()[1], "")
	h.w.left.form.field("entities").SetText("12345")
	test := h.w.left.checks[5] // spatialhash
	test.SetChecked(!test.Checked)
	path := filepath.Join(t.TempDir(), "mine") // the .json is added
	h.w.savePreset(withExt(path, ".json"))
	want, err := h.w.readSetup()
	if err != nil {
		t.Fatal(err)
	}

	h.w.applySetup(presets.Default())
	h.w.loadPreset(path + ".json")
	got := h.w.setup
	if got.Title != want.Title || got.Lesson != want.Lesson || !reflect.DeepEqual(got.Backings, want.Backings) ||
		got.Params["entities"] != 12345 || got.Frames != want.Frames || len(got.Claims) != len(want.Claims) {
		t.Errorf("loaded %+v\nwant   %+v", got, want)
	}
	if h.w.left.preset.Selected != "" {
		t.Errorf("the picker shows %q for a preset from a file", h.w.left.preset.Selected)
	}
}

// TestExportedPageStatesTheClaims: a page exported from the app says what the
// lesson panel says beside each claim.
func TestExportedPageStatesTheClaims(t *testing.T) {
	p := presets.Preset{Schema: presets.Schema, Title: "T", Workload: "sprites", Backings: []string{"ptrarray", "soa"},
		Frames: 40, Warmup: 4, Claims: []presets.Claim{{Source: "s", Text: "fifty times", Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 50}}}
	h := newHarness(t, p, "")
	o := h.w.exportOptions(runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{8, 1}, []int64{1, 1}))
	if len(o.Claims) != 1 || o.Claims[0].Text != "fifty times" || !strings.Contains(o.Claims[0].Answer, "8.00× slower") ||
		!strings.Contains(o.Claims[0].Answer, "about a sixth (16%) of the source's 50.0×") {
		t.Errorf("the page's claims %+v, want the claim with its answer and verdict", o.Claims)
	}
	if o := h.w.exportOptions(nil); len(o.Claims) != 0 {
		t.Errorf("no run, claims %+v", o.Claims)
	}
}
