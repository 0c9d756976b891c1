package raster

import (
	"image"
	"image/color"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The Go fonts are embedded in the binary, so a chart looks the same on every
// machine, with or without fonts installed, and headless exports need nothing.
var (
	fontsOnce             sync.Once
	regularFont, boldFont *opentype.Font
)

// GoFont is the Go font, regular or bold, parsed once for the process. Everything
// this package draws is drawn with it; a layout measured with it (the handout's,
// whose page embeds the same font for the browser) breaks its lines where the
// drawing does.
func GoFont(bold bool) *opentype.Font {
	fontsOnce.Do(parseFonts)
	if bold {
		return boldFont
	}
	return regularFont
}

func parseFonts() {
	var err error
	if regularFont, err = opentype.Parse(goregular.TTF); err != nil {
		panic("charts: embedded Go Regular font: " + err.Error())
	}
	if boldFont, err = opentype.Parse(gobold.TTF); err != nil {
		panic("charts: embedded Go Bold font: " + err.Error())
	}
}

// glyph is one rasterised character: its coverage mask, where the mask sits
// relative to the pen position, and how far the pen then moves.
type glyph struct {
	mask    *image.Alpha
	offset  image.Point
	advance int
}

// face is a font at one pixel size, with a cache of rasterised glyphs. Rasterising
// a glyph costs microseconds; the live chart draws the same few dozen characters
// (digits, units, backing names) on every redraw, so it caches them. Pens sit on
// whole pixels: at chart label sizes sub-pixel placement is not visible.
type face struct {
	f       font.Face
	glyphs  map[rune]glyph
	ascent  int
	descent int
	looked  int // glyphs looked up: what the tests count to bound the work of fitting
}

func newFace(f *opentype.Font, px float64) *face {
	ff, err := opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic("charts: font face at " + strconv.FormatFloat(px, 'g', 3, 64) + " px: " + err.Error())
	}
	m := ff.Metrics()
	return &face{f: ff, glyphs: make(map[rune]glyph, 96), ascent: m.Ascent.Ceil(), descent: m.Descent.Ceil()}
}

// height is the line height: ascent plus descent.
func (f *face) height() int { return f.ascent + f.descent }

// glyph returns r rasterised, from the cache after the first time.
func (f *face) glyph(r rune) glyph {
	f.looked++
	if g, ok := f.glyphs[r]; ok {
		return g
	}
	dr, mask, mp, adv, ok := f.f.Glyph(fixed.Point26_6{}, r)
	if !ok {
		dr, mask, mp, adv, _ = f.f.Glyph(fixed.Point26_6{}, '?')
	}
	g := glyph{mask: image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy())), offset: dr.Min, advance: adv.Round()}
	if a, ok := mask.(*image.Alpha); ok {
		for y := 0; y < dr.Dy(); y++ {
			copy(g.mask.Pix[y*g.mask.Stride:(y+1)*g.mask.Stride], a.Pix[a.PixOffset(mp.X, mp.Y+y):])
		}
	} else {
		for y := 0; y < dr.Dy(); y++ {
			for x := 0; x < dr.Dx(); x++ {
				_, _, _, al := mask.At(mp.X+x, mp.Y+y).RGBA()
				g.mask.Pix[y*g.mask.Stride+x] = uint8(al >> 8)
			}
		}
	}
	f.glyphs[r] = g
	return g
}

// width measures s in pixels.
func (f *face) width(s string) int {
	w := 0
	for _, r := range s {
		w += f.glyph(r).advance
	}
	return w
}

// widthUpTo measures s in pixels as width does, but stops once the width passes
// limit and returns what it had then, more than limit: whether s fits is told by
// the runes that fit and one more, however long s is. A line's width is the sum of
// its characters' advances (no kerning), so it only grows rune by rune.
func (f *face) widthUpTo(s string, limit int) int {
	w := 0
	for _, r := range s {
		if w += f.glyph(r).advance; w > limit {
			return w
		}
	}
	return w
}

// draw writes s with its baseline at y, starting at x, clipped to clip, and
// returns the x where the next character would go.
func (f *face) draw(img *image.RGBA, clip image.Rectangle, x, y int, s string, c color.NRGBA) int {
	clip = clip.Intersect(img.Rect)
	for _, r := range s {
		g := f.glyph(r)
		ox, oy := x+g.offset.X, y+g.offset.Y
		b := g.mask.Rect
		if ox >= clip.Max.X || ox+b.Dx() <= clip.Min.X {
			x += g.advance // outside the clip: nothing to draw, however long s is
			continue
		}
		for j := 0; j < b.Dy(); j++ {
			py := oy + j
			if py < clip.Min.Y || py >= clip.Max.Y {
				continue
			}
			row := g.mask.Pix[j*g.mask.Stride : j*g.mask.Stride+b.Dx()]
			for i, cov := range row {
				px := ox + i
				if cov == 0 || px < clip.Min.X || px >= clip.Max.X {
					continue
				}
				blend(img, px, py, c, uint32(cov))
			}
		}
		x += g.advance
	}
	return x
}

// fit shortens s with an ellipsis until it is at most w pixels wide, so that a long
// error message in a legend is cut rather than drawn over its neighbours. It reads
// s once, rune by rune, and only as far as the runes that fit and one more: a
// megabyte word in a file costs what a line of it does.
func (f *face) fit(s string, w int) string {
	ell := f.glyph('…').advance
	width, cut := 0, 0 // the width so far; the end of the longest prefix that fits with the ellipsis
	for i, r := range s {
		if width+ell <= w {
			cut = i
		}
		if width += f.glyph(r).advance; width > w {
			return s[:cut] + "…"
		}
	}
	if width > w { // no room even for nothing
		return "…"
	}
	return s
}

// wrap breaks s into lines at most w pixels wide, between words, so that a long
// line is continued rather than cut. A word wider than w is cut with fit. Each word
// is measured once, and no further than w.
func (f *face) wrap(s string, w int) []string {
	var lines []string
	line, lineW := "", 0
	space := f.glyph(' ').advance
	for _, word := range strings.Fields(s) {
		wordW := f.widthUpTo(word, w)
		switch {
		case line == "":
			line, lineW = word, wordW
		case lineW+space+wordW <= w:
			line, lineW = line+" "+word, lineW+space+wordW
		default:
			lines = append(lines, f.fit(line, w))
			line, lineW = word, wordW
		}
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, f.fit(line, w))
	}
	return lines
}

// fonts are the faces a drawing uses, at sizes derived from one base size.
type fonts struct {
	small, normal, bold, title *face
}

func newFonts(px float64) fonts {
	regular, bold := GoFont(false), GoFont(true)
	return fonts{
		small:  newFace(regular, px*0.85),
		normal: newFace(regular, px),
		bold:   newFace(bold, px),
		title:  newFace(bold, px*1.6),
	}
}
