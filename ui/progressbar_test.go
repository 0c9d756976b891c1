//go:build !nogui

package ui

import (
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// TestProgressBarEmptyAtZero: at 0% no bar is drawn on the track, at half it covers
// half of it.
func TestProgressBarEmptyAtZero(t *testing.T) {
	test.NewTempApp(t)
	p := newProgressBar()
	p.Resize(fyne.NewSize(400, 30))
	r := test.WidgetRenderer(p).(*progressRenderer)
	if r.bar.Size().Width != 0 || r.track.Size().Width < 300 || r.label.Text != "  0%" {
		t.Errorf("at 0: bar %v on a track of %v, %q", r.bar.Size(), r.track.Size(), r.label.Text)
	}
	p.SetValue(0.5)
	if got, want := r.bar.Size().Width, r.track.Size().Width/2; math.Abs(float64(got-want)) > 1 || r.label.Text != " 50%" {
		t.Errorf("at 0.5: bar %v, want %v; %q", got, want, r.label.Text)
	}
}

// TestControlsOutlined: the outline of an unticked check, an unselected radio and an
// entry stands out from the background by at least 3:1.
func TestControlsOutlined(t *testing.T) {
	th := newLabTheme(false)
	border := th.Color(theme.ColorNameInputBorder, theme.VariantLight)
	for _, bg := range []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameInputBackground} {
		if c := contrast(border, th.Color(bg, theme.VariantLight)); c < 3 {
			t.Errorf("outline on %s: contrast %.2f, want at least 3", bg, c)
		}
	}
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		s := float64(v) / 0xffff
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}
