//go:build !nogui

package ui

import (
	"bytes"
	"context"
	"encoding/json"
	"image/color"
	"maps"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"localitylab/internal/exit"
	"localitylab/internal/imgtest"
	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/launch"
	"localitylab/presets"
)

// TestQuitAfter drives -quit-after as the end-to-end test does: run, capture the
// window, save the run so far, quit with the right status.
func TestQuitAfter(t *testing.T) {
	tests := []struct {
		name   string
		faults string
		after  time.Duration
		frames int // frames the saved run must have at least
		code   int
		saved  bool
		refuse bool // the run is refused for lack of memory
	}{
		{"ends first", "", time.Minute, 30, exit.OK, true, false},
		// Stopped, not failed; the hang at frame 5 holds up the round that runs it, so
		// only the first round's frames (the shortest burst, 2) are kept.
		{"timer first", "ptrarray:hang@5", 500 * time.Millisecond, 2, exit.OK, true, false},
		{"worker failed", "soa:exit@5", time.Minute, 30, exit.Worker, true, false},
		{"mismatch", "soa:checksum@4", time.Minute, 0, exit.Mismatch, false, false},
		{"refused", "", 300 * time.Millisecond, 0, exit.Usage, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, small(), tt.faults)
			dir := t.TempDir()
			shot, save := filepath.Join(dir, "shot.png"), filepath.Join(dir, "run.json")
			var stderr bytes.Buffer
			h.w.auto = &autoQuit{w: h.w, after: tt.after, screenshot: shot, save: save, stderr: &stderr}
			h.w.auto.arm()
			if tt.refuse {
				h.w.env.start = func(context.Context, lab.Config) (*lab.Live, error) {
					return nil, &lab.MemoryError{Need: 2 << 30, Available: 1 << 30}
				}
			}
			h.w.runTab().begin(false)
			h.until("the app to quit", func() bool { return h.w.quitting })
			if h.w.exitCode != tt.code {
				t.Errorf("exit status %d, want %d; stderr %q", h.w.exitCode, tt.code, stderr.String())
			}
			if tt.refuse && !strings.Contains(stderr.String(), "the run did not start: the run needs about 2.00 GiB") {
				t.Errorf("stderr %q, want the refusal", stderr.String())
			}
			checkScreenshot(t, shot)
			r, err := result.LoadJSON(save)
			if !tt.saved {
				if err == nil {
					t.Error("a run with a checksum mismatch was saved")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if n := r.Backings[len(r.Backings)-1].Frames.Len(); n < tt.frames { // the last backing is never the failed one
				t.Errorf("saved run has %d frames, want at least %d", n, tt.frames)
			}
		})
	}
}

// TestQuitAfterSweep drives -quit-after with the Sweep tab in front (-sweep -run):
// the same statuses as a run's, through the same code, for a sweep's results.
func TestQuitAfterSweep(t *testing.T) {
	tests := []struct {
		name, faults, values string
		code                 int
		saved                bool
		stderr               string
	}{
		{"ends", "", "500, 1000", exit.OK, true, ""},
		{"mismatch", "soa:checksum@2", "500, 1000", exit.Mismatch, false, "a sweep whose backings did different work is not a result"},
		{"bad values", "", "500", exit.Usage, false, "the sweep did not start: values: 1 given"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, small("ptrarray", "soa"), tt.faults)
			save := filepath.Join(t.TempDir(), "sweep.json")
			var stderr bytes.Buffer
			h.w.auto = &autoQuit{w: h.w, after: time.Minute, save: save, stderr: &stderr}
			h.w.auto.arm()
			h.w.bringFront(h.w.sweepTab())
			h.w.sweepTab().values.SetText(tt.values)
			h.w.front().job.start()
			if tt.code == exit.Usage { // nothing started: the clock would end it
				h.w.auto.quit()
			}
			h.until("the app to quit", func() bool { return h.w.quitting })
			if h.w.exitCode != tt.code || !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("exit status %d, want %d; stderr %q, want %q in it", h.w.exitCode, tt.code, stderr.String(), tt.stderr)
			}
			s, err := result.LoadSweepJSON(save)
			switch {
			case tt.saved && err != nil:
				t.Error(err)
			case tt.saved && len(s.Points) != 2:
				t.Errorf("saved %d points, want 2", len(s.Points))
			case !tt.saved && err == nil:
				t.Error("a sweep was saved")
			}
		})
	}
}

// checkScreenshot checks that path is a PNG of the window that is not blank.
func checkScreenshot(t *testing.T, path string) {
	t.Helper()
	img := imgtest.ReadPNG(t, path)
	colours := map[color.RGBA]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			colours[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)] = true
		}
	}
	if len(colours) < 20 {
		t.Errorf("screenshot %v has %d colours: blank", b, len(colours))
	}
}

// TestStartLarge: -large, true or false, wins over the text size remembered from
// last time; without it the remembered one holds.
func TestStartLarge(t *testing.T) {
	h := newHarness(t, small(), "")
	p := h.w.app.Preferences()
	for _, tc := range []struct {
		remembered, flagSet, flag, want bool
	}{
		{false, false, false, false},
		{true, false, false, true},
		{true, true, false, false},
		{false, true, true, true},
	} {
		p.SetBool(prefLarge, tc.remembered)
		if got := startLarge(p, launch.Options{Large: tc.flag, LargeSet: tc.flagSet}); got != tc.want {
			t.Errorf("remembered %v, -large given %v as %v: large %v, want %v", tc.remembered, tc.flagSet, tc.flag, got, tc.want)
		}
	}
}

func TestInitialSetup(t *testing.T) {
	h := newHarness(t, small(), "")
	p := h.w.app.Preferences()
	if s, note := initialSetup(p, nil); s.Name != presets.Course()[0].Name || note != "" {
		t.Errorf("first run opens %q (note %q), want the course's first lesson", s.Name, note)
	}
	h.w.setup.form.field("entities").SetText("7000")
	h.w.setup.remember(h.w.app.Preferences())
	s, note := initialSetup(p, nil)
	if s.Name != "test" || s.Params["entities"] != 7000 || note != "" {
		t.Errorf("remembered %q with %d entities (note %q), want the test setup with 7000", s.Name, s.Params["entities"], note)
	}
	// A built-in lesson remembered with an older text and claims opens with the
	// current ones, the parameters the user set kept.
	old := presets.Default()
	old.Lesson, old.Claims = "An older text of the lesson.", old.Claims[:1]
	old.Params = maps.Clone(old.Params)
	old.Params["entities"] = 5000
	data, err := json.Marshal(old)
	if err != nil {
		t.Fatal(err)
	}
	p.SetString(prefSetup, string(data))
	s, note = initialSetup(p, nil)
	if cur := presets.Default(); s.Lesson != cur.Lesson || len(s.Claims) != len(cur.Claims) || s.Params["entities"] != 5000 || !strings.Contains(note, "updated") {
		t.Errorf("a remembered older lesson opens with text %q…, %d claims, %d entities, note %q", s.Lesson[:min(30, len(s.Lesson))], len(s.Claims), s.Params["entities"], note)
	}
	p.SetString(prefSetup, `{"schema": "localitylab/preset/v1", "backings": ["nope"]}`)
	if s, note := initialSetup(p, nil); s.Name != presets.Course()[0].Name || !strings.Contains(note, "could not be used") {
		t.Errorf("a broken memory opens %q with note %q", s.Name, note)
	}
}
