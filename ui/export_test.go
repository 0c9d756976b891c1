//go:build !nogui

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

	"localitylab/lab/result"
	"localitylab/lab/runtest"
	"localitylab/presets"
)

// ranHarness is a window whose small run has ended.
func ranHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t, small(), "")
	h.w.runTab().begin(false)
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
	for _, f := range runFormats {
		t.Run(f.Name, func(t *testing.T) {
			path := filepath.Join(dir, "run"+f.Ext)
			h.w.results.exportTo(h.w.runTab(), path, f)
			if !strings.HasPrefix(h.w.status.text(), "Exported "+f.Name) {
				t.Errorf("status %q after export", h.w.status.text())
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checks[f.Name](t, data)
		})
	}
	t.Run("unwritable", func(t *testing.T) {
		h.w.results.exportTo(h.w.runTab(), filepath.Join(dir, "no", "such", "dir.png"), tabOf(h.w.tabs, h.w.runTab()).format("PNG"))
		if !strings.Contains(h.w.status.text(), "Export failed") || h.overlayText() == "" {
			t.Errorf("a failed export says %q and shows no dialog", h.w.status.text())
		}
	})
}

func TestReopenSavedRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.json")
	first := ranHarness(t)
	first.w.results.exportTo(first.w.runTab(), path, tabOf(first.w.tabs, first.w.runTab()).format("JSON"))
	saved, err := result.LoadJSON(path)
	if err != nil {
		t.Fatal(err)
	}

	h := newHarness(t, presets.Default(), "")
	h.w.results.open(path)
	if h.w.runTab().measuring || h.w.runTab().live != nil {
		t.Fatal("opening a saved run started a run")
	}
	if !strings.HasPrefix(h.w.status.text(), "Opened run.json") {
		t.Errorf("status %q", h.w.status.text())
	}
	if h.w.setup.preset.Workload != saved.Workload || !reflect.DeepEqual(h.w.setup.preset.Backings, backingNames(saved)) {
		t.Errorf("setup is %s on %v, want the saved run's", h.w.setup.preset.Workload, h.w.setup.preset.Backings)
	}
	if e := h.w.setup.form.field("entities"); e.Text != "5000" {
		t.Errorf("entities shows %q, want the saved run's 5000", e.Text)
	}
	rows := h.w.runTab().pane.table.Rows()
	if len(rows) != 3 || rows[0].Backing != saved.Ratios[0].Backing {
		t.Errorf("table rows %v, want the saved run's, fastest (%s) first", rows, saved.Ratios[0].Backing)
	}
	if h.chartPixels(0, rows[0].Backing) < 50 {
		t.Error("the frame-time chart does not show the saved run")
	}
	for _, n := range h.w.runTab().pane.lesson.notes {
		if !strings.HasPrefix(n.measured.Text, "Measured here") {
			t.Errorf("%s's note: %q, want the saved figures", n.backing, n.measured.Text)
		}
	}
	if h.w.runTab().buttons.export.Disabled() {
		t.Error("a reopened run cannot be exported")
	}
}

func TestOpenBrokenRunChangesNothing(t *testing.T) {
	h := newHarness(t, small(), "")
	path := filepath.Join(t.TempDir(), "broken.json")
	if err := os.WriteFile(path, []byte(`{"schema": "localitylab/run/v1", "workload": "sprites", "frames": 0}`), 0o644); err != nil {
		t.Fatal(err)
	}
	before := h.w.setup.preset
	h.w.results.open(path)
	if !reflect.DeepEqual(h.w.setup.preset, before) || h.w.runTab().shown != nil {
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
			before, entities := h.w.setup.preset, h.w.setup.form.field("entities").Text
			h.w.setup.loadPreset(path)
			if !reflect.DeepEqual(h.w.setup.preset, before) || h.w.setup.form.field("entities").Text != entities {
				t.Error("a broken preset file changed the setup")
			}
			msg := h.overlayText()
			if !strings.Contains(msg, "lesson.json") || !strings.Contains(msg, tt.field) {
				t.Errorf("dialog says %q, want the file and %q named", msg, tt.field)
			}
			if !strings.Contains(h.w.status.text(), "lesson.json") {
				t.Errorf("status line says %q, want the file named", h.w.status.text())
			}
		})
	}
}

func TestPresetFileRoundTrip(t *testing.T) {
	h := newHarness(t, presets.Builtin()[1], "")
	h.w.setup.form.field("entities").SetText("12345")
	test := h.w.setup.checks[5] // spatialhash
	test.SetChecked(!test.Checked)
	path := filepath.Join(t.TempDir(), "mine") // the .json is added
	h.w.setup.savePreset(withExt(path, ".json"))
	want, err := h.w.setup.read()
	if err != nil {
		t.Fatal(err)
	}

	h.w.setup.apply(presets.Default())
	h.w.setup.loadPreset(path + ".json")
	got := h.w.setup.preset
	if got.Title != want.Title || got.Lesson != want.Lesson || !reflect.DeepEqual(got.Backings, want.Backings) ||
		got.Params["entities"] != 12345 || got.Frames != want.Frames || len(got.Claims) != len(want.Claims) {
		t.Errorf("loaded %+v\nwant   %+v", got, want)
	}
	if h.w.setup.picker.Selected != "" {
		t.Errorf("the picker shows %q for a preset from a file", h.w.setup.picker.Selected)
	}
}

// TestExportedPageStatesTheClaims: a page exported from the app says what the
// lesson panel says beside each claim.
func TestExportedPageStatesTheClaims(t *testing.T) {
	p := presets.Preset{Schema: presets.Schema, Title: "T", Workload: "sprites", Backings: []string{"ptrarray", "soa"},
		Frames: 40, Warmup: 4, Claims: []presets.Claim{{Source: "s", Text: "fifty times", Metric: "frame", Slower: "ptrarray", Faster: "soa", Ratio: 50}}}
	h := newHarness(t, p, "")
	o := runOptions(h.w.setup.preset, runtest.Synthetic([]string{"ptrarray", "soa"}, []float64{8, 1}, []int64{1, 1}))
	if len(o.Claims) != 1 || o.Claims[0].Text != "fifty times" || !strings.Contains(o.Claims[0].Answer, "8.00× slower") ||
		!strings.Contains(o.Claims[0].Answer, "about a sixth (16%) of the source's 50.0×") {
		t.Errorf("the page's claims %+v, want the claim with its answer and verdict", o.Claims)
	}
	if o := runOptions(h.w.setup.preset, nil); len(o.Claims) != 0 {
		t.Errorf("no run, claims %+v", o.Claims)
	}
}

// TestOpenBringsItsSetup: a saved sweep and a saved bullets run, opened from a window
// set up for something else (sprites, six backings, the default sweep values), bring
// their own setup: workload, backings, parameters, the sweep's parameter and values,
// and a lesson's sweep with the claims it can answer. -compare starts from the run's
// setup in the same way, rather than the one remembered.
func TestOpenBringsItsSetup(t *testing.T) {
	dir := t.TempDir()
	bullets := presets.Preset{Schema: presets.Schema, Name: "test", Title: "A small bullets run", Workload: "bullets",
		Backings: []string{"soa", "rowvec"}, Params: map[string]int64{"entities": 3000, "emitters": 8}, Frames: 20, Warmup: 2}
	first := newHarness(t, bullets, "")
	first.w.runTab().begin(false)
	first.finished()
	runPath := filepath.Join(dir, "bullets.json")
	first.w.results.exportTo(first.w.runTab(), runPath, tabOf(first.w.tabs, first.w.runTab()).format("JSON"))

	six := small("ptrarray", "map", "slotmap", "rowvec", "soa", "spatialhash")
	h := newHarness(t, six, "")
	if h.w.sweepTab().values.Text != "1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000, 1000000" {
		t.Fatalf("the sprites setup's sweep values are %q", h.w.sweepTab().values.Text)
	}
	sweepPath := filepath.Join(dir, "sweep.json")
	data, err := os.ReadFile(filepath.Join("..", "lab", "result", "testdata", "sweep.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(sweepPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	saved, err := result.LoadSweepJSON(sweepPath)
	if err != nil {
		t.Fatal(err)
	}
	if saved.Title != "The cache cliff" || saved.Workload != "sprites" {
		t.Fatalf("the test's sweep file is %q on %s, want the cache cliff lesson's", saved.Title, saved.Workload)
	}
	h.w.results.open(sweepPath)
	p := h.w.setup.preset
	if p.Name != "cache-cliff" || !reflect.DeepEqual(p.Backings, saved.Backings) || p.Params["on_screen"] != saved.Params["on_screen"] {
		t.Errorf("after opening the sweep the setup is %q on %v with %v, want the file's lesson, backings and parameters", p.Name, p.Backings, p.Params)
	}
	if h.w.sweepTab().param.Selected != saved.Param || h.w.sweepTab().values.Text != "1000, 10000, 100000" {
		t.Errorf("the Sweep tab shows %s over %q, want the file's entities over 1000, 10000, 100000", h.w.sweepTab().param.Selected, h.w.sweepTab().values.Text)
	}
	if len(p.Claims) != 1 || p.Claims[0].Backing != "ptrarray" {
		t.Errorf("claims %+v: want the lesson's claim about ptrarray (map is not in the file)", p.Claims)
	}
	if txt := textOf(h.w.sweepTab().claims.box); !strings.Contains(txt, "A cache miss costs hundreds of cycles") {
		t.Errorf("the Sweep tab's claims do not show the lesson's:\n%s", txt)
	}

	h.w.setup.apply(six)
	h.w.results.open(runPath)
	p = h.w.setup.preset
	if p.Workload != "bullets" || !reflect.DeepEqual(p.Backings, bullets.Backings) || p.Params["entities"] != 3000 || p.Params["emitters"] != 8 ||
		h.w.setup.form.field("entities").Text != "3000" || h.w.setup.workload.Selected != "bullets" {
		t.Errorf("after opening the bullets run the setup is %s on %v with %v", p.Workload, p.Backings, p.Params)
	}
	if h.w.runTab().shown == nil || !strings.HasPrefix(h.w.status.text(), "Opened bullets.json") {
		t.Errorf("the bullets run is not shown; status %q", h.w.status.text())
	}

	c := setupToCompare(runPath, six)
	if c.Workload != "bullets" || !reflect.DeepEqual(c.Backings, bullets.Backings) || c.Params["entities"] != 3000 {
		t.Errorf("-compare on the bullets run opens on %s with %v and %v", c.Workload, c.Backings, c.Params)
	}
	if c := setupToCompare(filepath.Join(dir, "missing.json"), six); c.Workload != "sprites" {
		t.Errorf("-compare on a missing file changed the setup to %s", c.Workload)
	}
}
