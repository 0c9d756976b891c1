package e2e

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"localitylab/charts"
	"localitylab/internal/imgtest"
	"localitylab/lab/result"
	"localitylab/presets"
)

// TestApp opens the real window under Xvfb on the default lesson at a small size,
// runs it to the end (a second or two here; -quit-after is the backstop on a slow
// machine), and checks what the app leaves on quitting: exit status 0, a run file
// that loads with the preset's workload and backings and agreeing checksums, and a
// screenshot that shows a drawn window with its preview, charts and table filled.
func TestApp(t *testing.T) {
	needBinary(t)
	display := startXvfb(t)
	const preset, entities = "sprites-million", 30000
	want, err := presets.Lookup(preset)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	shot, saved := filepath.Join(dir, "shot.png"), filepath.Join(dir, "run.json")
	runWindow(t, needBinary(t), display, 90*time.Second, shot, saved,
		"-preset", preset, "-entities", "30000", "-frames", "1500", "-run", "-quit-after", "30s")

	r, err := result.LoadJSON(saved)
	if err != nil {
		t.Fatalf("-save wrote a run that does not load: %v", err)
	}
	if r.Workload != want.Workload || r.Title != want.Title {
		t.Errorf("run is %q (%q), want the preset's %q (%q)", r.Workload, r.Title, want.Workload, want.Title)
	}
	if got := r.Params["entities"]; got != entities {
		t.Errorf("params.entities = %d, want the -entities %d", got, entities)
	}
	checkBackings(t, r, want.Backings)
	checkScreenshot(t, shot, want.Backings)
}

// checkBackings checks that r ran exactly the backings named, without errors, for
// the same frames, and that they agreed on every frame's checksum.
func checkBackings(t *testing.T, r *result.Run, names []string) {
	t.Helper()
	var got []string
	for _, b := range r.Backings {
		got = append(got, b.Name)
	}
	if !slices.Equal(sorted(got), sorted(names)) {
		t.Fatalf("backings %v, want %v", got, names)
	}
	first := r.Backings[0]
	n := first.Frames.Len()
	if n == 0 || n > r.Frames {
		t.Fatalf("%s measured %d frames of %d (want at least one)", first.Name, n, r.Frames)
	}
	for _, b := range r.Backings {
		if b.Error != "" {
			t.Errorf("%s: worker error: %s", b.Name, b.Error)
		}
		if b.Frames.Len() != n {
			t.Errorf("%s measured %d frames, %s %d: lockstep should keep them equal", b.Name, b.Frames.Len(), first.Name, n)
			continue
		}
		if !slices.Equal(b.Frames.Checksum, first.Frames.Checksum) || b.Summary.Checksum != first.Summary.Checksum {
			t.Errorf("%s's checksums differ from %s's: the backings did different work", b.Name, first.Name)
		}
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// checkScreenshot checks that the capture decodes and shows a drawn window, with the
// backings' lines in the frame-time plot.
func checkScreenshot(t *testing.T, path string, backings []string) {
	t.Helper()
	img := imgtest.ReadPNG(t, path)
	if err := notBlank(img, windowRegions); err != nil {
		t.Errorf("screenshot looks blank: %v", err)
	}
	r := plotRegion.in(img.Bounds())
	n := 0
	for _, b := range backings {
		n += inked(img, r, charts.Color(b))
	}
	if n < minLinePixels {
		t.Errorf("screenshot: the frame-time plot %v has %d pixels in the backings' colours (want at least %d: their lines)", r, n, minLinePixels)
	}
}

// minLinePixels is how many pixels in the backings' colours make their lines. The
// lines of a finished 1,500-frame run cover thousands (about 7,700 in one run here),
// but a spike that stretches the axis squeezes them into the plot's bottom rows: 943
// were counted once on a loaded machine. The plot region leaves out the legend's
// swatches, and an empty plot has none. The count is over all backings together: the
// line of the fastest backing can lie almost wholly under the others.
const minLinePixels = 400

// inked counts the pixels in r of img within a small distance of c, which allows
// for antialiasing at the line's edges but not for another backing's colour.
func inked(img image.Image, r image.Rectangle, c color.NRGBA) int {
	return imgtest.CountNear(img, r, c, 25)
}

// keepFiles copies the files to -keep, if it was given, for a person to look at.
func keepFiles(t *testing.T, paths ...string) {
	t.Helper()
	if *keep == "" {
		return
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(*keep, "e2e-"+filepath.Base(p))
		if err := os.WriteFile(out, b, 0o644); err != nil {
			t.Fatalf("-keep: %v", err)
		}
		t.Logf("kept %s", out)
	}
}
