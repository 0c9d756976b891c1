//go:build !nogui

package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// largeFactor is how much the projector mode enlarges text: at the back of a
// classroom the default 14-point text is unreadable, while doubling it would not fit
// the window's three charts and table on a 1280×800 projector.
const largeFactor = 1.5

// labTheme is the app's look. It keeps the light variant whatever the desktop
// prefers, because the charts, the preview and every export are drawn on white and a
// dark frame around white charts glares; and in large mode it scales the text sizes
// (and the icons that sit inline with text) but not the paddings, so more text fits
// rather than everything growing alike.
type labTheme struct {
	base  fyne.Theme
	large bool
}

var _ fyne.Theme = labTheme{}

func newLabTheme(large bool) labTheme { return labTheme{base: theme.DefaultTheme(), large: large} }

func (t labTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	if n == theme.ColorNameInputBorder {
		return inputBorder
	}
	return t.base.Color(n, theme.VariantLight)
}

// inputBorder outlines entries and the boxes of unticked checks and unselected
// radios. The light theme's own (#e3e3e3 on white, 1.3:1) leaves an unticked backing,
// the unselected cache mode or export format nearly invisible, on a projector
// entirely; this grey has a contrast of 3.6:1 on white, above the 3:1 a control's
// outline needs to be seen, and still lighter than text.
var inputBorder = color.NRGBA{R: 0x85, G: 0x85, B: 0x85, A: 0xff}

func (t labTheme) Font(s fyne.TextStyle) fyne.Resource     { return t.base.Font(s) }
func (t labTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.base.Icon(n) }

func (t labTheme) Size(n fyne.ThemeSizeName) float32 {
	s := t.base.Size(n)
	if !t.large {
		return s
	}
	switch n {
	case theme.SizeNameText, theme.SizeNameCaptionText, theme.SizeNameHeadingText,
		theme.SizeNameSubHeadingText, theme.SizeNameInlineIcon:
		return s * largeFactor
	}
	return s
}

// setLarge switches the projector mode at run time.
func (w *window) setLarge(on bool) {
	w.large = on
	w.app.Settings().SetTheme(newLabTheme(on))
	w.app.Preferences().SetBool(prefLarge, on)
	w.setup.fitWidth(w.app.Settings().Theme().Size(theme.SizeNameText))
	for _, t := range w.tabs {
		t.job.setLarge(on)
	}
	w.refresh()
}

func (w *window) toggleLarge() { w.setLarge(!w.large) }
