package e2e

import (
	"fmt"
	"image"
	"image/color"
	"testing"
)

// region is a part of the window, as fractions of its width and height, where the
// app's layout puts something that must not be a flat fill once a run has gone, and
// the largest share of it one colour may cover.
type region struct {
	name           string
	x0, y0, x1, y1 float64
	maxFill        float64
}

// windowRegions are where the app draws, with margins so that a few pixels of
// layout change do not matter: the setup panel on the left, the preview at the top
// of the centre, the three charts under it, and the summary table at the bottom. In
// a finished run of 1,500 frames one colour covers 30–75% of the panel, preview and
// table and about 87% of the chart band, mostly white plot ground; the band is
// checked for the series lines themselves in the app test (plotRegion).
var windowRegions = []region{
	{"setup panel", 0.01, 0.02, 0.20, 0.80, 0.90},
	{"preview", 0.25, 0.05, 0.58, 0.40, 0.90},
	{"charts", 0.24, 0.50, 0.98, 0.80, 0.97},
	{"summary table", 0.24, 0.86, 0.80, 0.95, 0.90},
}

// plotRegion is the plot area of the frame-time chart, below its legend, where each
// backing's line must show in the backing's colour: inside the plot whether the
// chart has a third of the row or, with no allocations to chart, half of it.
var plotRegion = region{"frame-time plot", 0.22, 0.56, 0.44, 0.81, 1}

// in is the region within the image bounds b.
func (g region) in(b image.Rectangle) image.Rectangle {
	return image.Rect(
		b.Min.X+int(g.x0*float64(b.Dx())), b.Min.Y+int(g.y0*float64(b.Dy())),
		b.Min.X+int(g.x1*float64(b.Dx())), b.Min.Y+int(g.y1*float64(b.Dy())))
}

// Thresholds for "not blank". A real window has antialiased text, so hundreds of
// colours; a blank or single-fill capture has one or two. The preview draws flat
// sprites on a flat ground, so a region needs only a few colours.
const (
	minColours       = 64   // distinct colours in the whole image
	minForeground    = 0.15 // share of pixels not in the most common colour
	minRegionColours = 3    // distinct colours within one region
)

// colourStats counts the distinct colours in r of img and the share of the most
// common one.
func colourStats(img image.Image, r image.Rectangle) (distinct int, top float64) {
	counts := map[color.RGBA]int{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			counts[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	most := 0
	for _, n := range counts {
		most = max(most, n)
	}
	if area := r.Dx() * r.Dy(); area > 0 {
		top = float64(most) / float64(area)
	}
	return len(counts), top
}

// notBlank says why img does not look like a drawn window, or nil if it does.
func notBlank(img image.Image, regions []region) error {
	b := img.Bounds()
	if b.Dx() < 400 || b.Dy() < 300 {
		return fmt.Errorf("image is %d×%d: too small for the window", b.Dx(), b.Dy())
	}
	distinct, top := colourStats(img, b)
	if distinct < minColours {
		return fmt.Errorf("whole image: %d distinct colours (want at least %d)", distinct, minColours)
	}
	if 1-top < minForeground {
		return fmt.Errorf("whole image: %.1f%% of pixels differ from the background (want at least %.0f%%)", 100*(1-top), 100*minForeground)
	}
	for _, g := range regions {
		r := g.in(b)
		d, top := colourStats(img, r)
		if d < minRegionColours || top > g.maxFill {
			return fmt.Errorf("%s %v: %d colours, one covers %.1f%% (want at least %d colours and at most %.0f%% for one)",
				g.name, r, d, 100*top, minRegionColours, 100*g.maxFill)
		}
	}
	return nil
}

// TestNotBlank checks the checker: the app test relies on it to tell a drawn window
// from a blank or half-drawn capture.
func TestNotBlank(t *testing.T) {
	tests := []struct {
		name  string
		img   image.Image
		blank bool
	}{
		{"uniform", fill(800, 600, func(x, y int) uint8 { return 240 }), true},
		{"two colours", fill(800, 600, func(x, y int) uint8 { return uint8(x / 400 * 200) }), true},
		{"gradient with an empty quarter", fill(800, 600, func(x, y int) uint8 {
			if x < 400 && y > 300 {
				return 0
			}
			return uint8((x + 3*y) % 251)
		}), true},
		{"too small", fill(100, 100, func(x, y int) uint8 { return uint8(x + y) }), true},
		{"busy everywhere", fill(800, 600, func(x, y int) uint8 { return uint8((x*7 + y*13) % 253) }), false},
	}
	regions := []region{{"left", 0, 0, 0.5, 1, 0.9}, {"bottom left", 0.1, 0.6, 0.4, 0.9, 0.9}, {"right", 0.5, 0, 1, 1, 0.9}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := notBlank(tc.img, regions)
			if blank := err != nil; blank != tc.blank {
				t.Errorf("judged blank = %v (%v), want %v", blank, err, tc.blank)
			}
		})
	}
}

// fill makes a w×h grey image whose pixel at (x, y) is v(x, y).
func fill(w, h int, v func(x, y int) uint8) image.Image {
	img := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetGray(x, y, color.Gray{Y: v(x, y)})
		}
	}
	return img
}
