package handout

import (
	"fmt"
	"iter"
	"math"
	"slices"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"localitylab/charts/raster"
)

// The sheet is the intersection of A4 (210 × 297 mm) and US Letter (215.9 × 279.4
// mm), so that one page prints whole on either without scaling: A4's width and
// Letter's height, with a margin printers can reach.
const (
	SheetWidthMM  = 210.0
	SheetHeightMM = 279.4
	MarginMM      = 12.0
	contentWMM    = SheetWidthMM - 2*MarginMM
	contentHMM    = SheetHeightMM - 2*MarginMM

	// DPI is the PNG's resolution: 1240 × 1650 pixels, sharp enough to print.
	DPI = 150

	// A browser breaks lines a little differently from the layout here, though both
	// use the same font: the layout fills only this share of the height, and the
	// chromium test checks that the page prints as one.
	fill = 0.94

	lineHeight = 1.25 // of the type size, in the PNG and in the page's CSS
	keyMM      = 24.0 // the record's first column
)

// sizes are the text sizes tried, largest first, in points. The chart's height is in
// millimetres: chartMinMM is the least it may shrink to while the text keeps 8
// points or more, and chartLeastMM the least below that (a long lesson gives up some
// chart before its text gets hard to read). chartMaxMM is the most it takes.
var (
	sizes                                = steps(10, 6, 0.25)
	chartMinMM, chartLeastMM, chartMaxMM = 55.0, 36.0, 80.0
)

// steps lists from hi down to lo by step.
func steps(hi, lo, step float64) []float64 {
	var out []float64
	for s := hi; s >= lo-step/2; s -= step {
		out = append(out, s)
	}
	return out
}

// chartMin is the least height the chart keeps beside text of size points.
func chartMin(size float64) float64 {
	if size >= 8 {
		return chartMinMM
	}
	return chartLeastMM
}

// Layout is a page fitted to the sheet: the text size and the chart's height that
// the HTML and the PNG share, and each block's lines as the PNG draws them.
type Layout struct {
	Page    *Page
	SizePt  float64 // body text size
	ChartMM float64 // the chart's height
	blocks  []block
	heights []float64 // each block's height in pixels at DPI, spacing above it included
	// paper, when set ("A4", "letter"), is the page's CSS paper size: the tests
	// print on each; a reader's browser prints on its own.
	paper string
}

// ErrTooLong is a page whose text does not fit one sheet at the smallest size.
// AtLeast says NeedMM is as far as the layout measured: a block taller than the
// sheet is not measured to its end.
type ErrTooLong struct {
	NeedMM, HaveMM float64
	AtLeast        bool
}

func (e *ErrTooLong) Error() string {
	take := "take"
	if e.AtLeast {
		take = "take more than"
	}
	return fmt.Sprintf("handout: the lesson's text and answers %s %.0f mm of the sheet's %.0f mm even at %.0f pt, with the chart at its smallest: too long for one page",
		take, e.NeedMM, e.HaveMM, sizes[len(sizes)-1])
}

// Fit chooses the largest text size at which the page fits the sheet with its chart
// at least chartMinMM high, and gives the chart what is left, up to chartMaxMM.
func (p *Page) Fit() (*Layout, error) {
	bs := p.blocks()
	have := fill * contentHMM * pxPerMM
	var need float64
	var cut bool
	for _, size := range sizes {
		l := &Layout{Page: p, SizePt: size, blocks: bs}
		var text float64
		text, cut = l.measure(have)
		need = text + chartMin(size)*pxPerMM
		if need <= have {
			l.ChartMM = min(chartMaxMM, (have-text)/pxPerMM)
			return l, nil
		}
	}
	return nil, &ErrTooLong{NeedMM: need / pxPerMM, HaveMM: fill * contentHMM, AtLeast: cut}
}

// pxPerMM and pxPerPt turn the sheet's units into the PNG's pixels.
const (
	pxPerMM = DPI / 25.4
	pxPerPt = DPI / 72.0
)

// The type of each kind of block, as a share of the body size, and whether bold.
type style struct {
	scale float64
	bold  bool
	soft  bool
}

var styles = map[kind]style{
	kindTitle:   {1.6, true, false},
	kindSub:     {0.85, false, true},
	kindHeading: {1.1, true, false},
	kindPara:    {1, false, false},
	kindSmall:   {0.85, false, true},
	kindBox:     {1, false, false},
	kindRecord:  {0.8, false, false},
}

// spaceAbove is the gap above a block of kind k, in units of the body size: what
// sets the sections apart. The page's CSS uses the same figures (html.go).
var spaceAbove = map[kind]float64{
	kindTitle: 0, kindSub: 0.2, kindHeading: 0.8, kindPara: 0.45, kindSmall: 0.3,
	kindBox: 0.3, kindChart: 0.7, kindRecord: 0.2,
}

// boxPad is the prediction frame's padding, and blankLines the lines of body text an
// empty frame leaves to write in below its hint, both in units of the body size.
const (
	boxPad     = 0.5
	blankLines = 4
)

// measure sets each block's height at the layout's size and returns the column's
// height without the chart, in pixels. A block's lines are counted only until they
// pass have, the sheet's height (cut then says so): a page never needs more lines
// than a sheet holds to know that it does not fit, whatever a file's text holds.
func (l *Layout) measure(have float64) (height float64, cut bool) {
	l.heights = make([]float64, len(l.blocks))
	var sum float64
	most := func(lh float64) int { return int(have/lh) + 1 }
	count := func(lines [][]word, most int) int {
		if len(lines) > most {
			cut = true
		}
		return len(lines)
	}
	body := l.SizePt * pxPerPt
	w := contentWMM * pxPerMM
	for i, b := range l.blocks {
		h := spaceAbove[b.Kind] * body
		st := styles[b.Kind]
		lh := st.scale * body * lineHeight
		switch b.Kind {
		case kindChart:
		case kindRecord:
			for _, row := range b.Rows {
				n := count(wrapAtMost([]span{{Text: row[1]}}, st.scale*body, w-keyMM*pxPerMM, false, most(lh)), most(lh))
				h += float64(max(n, 1)) * lh
			}
		case kindBox:
			px := boxTextPx(b, body)
			n := count(wrapAtMost(b.Spans, px, w-2*boxPad*body, false, most(px*lineHeight)), most(px*lineHeight))
			h += float64(n)*px*lineHeight + 2*boxPad*body
			if b.Empty {
				h += blankLines * lh
			}
		default:
			h += float64(count(wrapAtMost(b.Spans, st.scale*body, w, st.bold, most(lh)), most(lh))) * lh
		}
		l.heights[i] = h
		sum += h
	}
	return sum, cut
}

// boxTextPx is the size of the prediction frame's text: the student's words at the
// body size, the hint of an empty frame smaller, as a note.
func boxTextPx(b block, body float64) float64 {
	if b.Empty {
		return styles[kindSmall].scale * body
	}
	return body
}

// word is one word of a line, placed.
type word struct {
	text string
	bold bool
	x    float64 // from the line's start, in pixels
}

// wrap breaks spans into lines at most w pixels wide in type of px pixels: words
// are never cut, a word longer than a line has a line of its own.
func wrap(spans []span, px, w float64) [][]word { return wrapIn(spans, px, w, false) }

// wrapIn is wrap in a style that sets every span bold, or not.
func wrapIn(spans []span, px, w float64, allBold bool) [][]word {
	return wrapAtMost(spans, px, w, allBold, math.MaxInt)
}

// wrapAtMost is wrapIn that stops once it has more than most lines: the text
// after them is neither cut nor measured.
func wrapAtMost(spans []span, px, w float64, allBold bool, most int) [][]word {
	var lines [][]word
	var line []word
	x := 0.0
	for _, sp := range spans {
		isBold := sp.Bold || allBold
		f := faceFor(px, isBold)
		space := measure(f, " ")
		for t := range pieces(f, strings.Fields(sp.Text), w) {
			tw := measure(f, t)
			if len(line) > 0 && x+space+tw > w {
				if lines, line, x = append(lines, line), nil, 0; len(lines) > most {
					return lines
				}
			}
			if len(line) > 0 {
				x += space
			}
			line = append(line, word{text: t, bold: isBold, x: x})
			x += tw
		}
	}
	if len(line) > 0 {
		lines = append(lines, line)
	}
	return lines
}

// splitLong cuts each word wider than w into pieces that fit, as the page's CSS
// (overflow-wrap: anywhere) does: a pasted link or a row of digits in a prediction
// stays on the sheet. A piece ends before the first rune that would take it past w;
// it holds one rune at least. The word is read once, its width summed rune by rune
// as font.MeasureString sums it, so that a megabyte word costs one pass over it.
func splitLong(f font.Face, words []string, w float64) []string {
	return slices.Collect(pieces(f, words, w))
}

// pieces yields the words as splitLong cuts them, one after another, so that a
// reader that has enough stops the cutting.
func pieces(f font.Face, words []string, w float64) iter.Seq[string] {
	return func(yield func(string) bool) {
		cutWords(f, words, w, yield)
	}
}

func cutWords(f font.Face, words []string, w float64, yield func(string) bool) {
	limit := fixed.Int26_6(w * 64)
	for _, t := range words {
		start, width, prev := 0, fixed.Int26_6(0), rune(-1)
		for i, r := range t {
			adv, _ := f.GlyphAdvance(r) // as font.MeasureString sums it, a rune the font lacks included
			if prev >= 0 {
				adv += f.Kern(prev, r)
			}
			if width+adv > limit && i > start {
				if !yield(t[start:i]) {
					return
				}
				start, width, prev = i, 0, -1
				adv, _ = f.GlyphAdvance(r) // no kerning across the cut
			}
			width += adv
			prev = r
		}
		if !yield(t[start:]) {
			return
		}
	}
}

// measure is the advance of s in face f, in pixels.
func measure(f font.Face, s string) float64 {
	return float64(font.MeasureString(f, s)) / 64
}

// The faces of the Go fonts (raster.GoFont), which the PNG draws with and the HTML
// embeds, so that a line breaks in the browser where the layout measured it.
var (
	facesMu sync.Mutex
	faces   = map[faceKey]font.Face{}
)

type faceKey struct {
	px   fixed.Int26_6
	bold bool
}

// faceFor is the Go font at px pixels, regular or bold, cached. A face is not safe
// for two goroutines at once: a page is laid out and drawn on one.
func faceFor(px float64, isBold bool) font.Face {
	k := faceKey{fixed.Int26_6(px * 64), isBold}
	facesMu.Lock()
	defer facesMu.Unlock()
	if f, ok := faces[k]; ok {
		return f
	}
	f, err := opentype.NewFace(raster.GoFont(isBold), &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic(fmt.Sprintf("handout: font face at %.1f px: %v", px, err))
	}
	faces[k] = f
	return f
}
