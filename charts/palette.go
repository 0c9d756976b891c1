package charts

import (
	"fmt"
	"image/color"
)

// palette gives each backing its colour by name, not by position, so that a backing
// keeps its colour whichever backings are compared with it, in the live charts, the
// table, the preview and every export. The colours are the Okabe–Ito set, which stays
// distinguishable for the common forms of colour blindness.
var palette = map[string]color.NRGBA{
	"ptrarray":    {0xD5, 0x5E, 0x00, 0xFF}, // vermillion
	"map":         {0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
	"slotmap":     {0x00, 0x72, 0xB2, 0xFF}, // blue
	"rowvec":      {0xE6, 0x9F, 0x00, 0xFF}, // orange
	"soa":         {0x00, 0x9E, 0x73, 0xFF}, // bluish green
	"spatialhash": {0x56, 0xB4, 0xE9, 0xFF}, // sky blue
}

// Color returns the colour of a backing. Every view uses it, so that one backing
// looks the same everywhere. A backing of one's own (package byo) gets one of
// ownColors (see ownColor).
func Color(backing string) color.NRGBA {
	if c, ok := palette[backing]; ok {
		return c
	}
	return ownColor(backing)
}

// Hex writes c as a CSS colour, "#d55e00".
func Hex(c color.NRGBA) string {
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

// The colours of everything that is not a backing that both drawers use: the PNG's
// and the page's titles, notes, axes and budget line look alike.
var (
	Ink       = color.NRGBA{0x22, 0x22, 0x22, 0xFF} // titles and labels
	InkSoft   = color.NRGBA{0x66, 0x66, 0x66, 0xFF} // tick labels, notes
	AxisLine  = color.NRGBA{0x99, 0x99, 0x99, 0xFF}
	BudgetRed = color.NRGBA{0xC0, 0x1C, 0x28, 0xFF}
)
