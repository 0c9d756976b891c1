package handout

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// splitByMeasuring is splitLong as it was first written: measure each prefix of
// the word again. It is what splitLong must match, where a line holds a glyph.
func splitByMeasuring(f font.Face, words []string, w float64) []string {
	var out []string
	for _, t := range words {
		for measure(f, t) > w {
			n := 0
			for i := range t {
				if i > 0 && measure(f, t[:i]) > w {
					break
				}
				n = i
			}
			if n == 0 {
				break
			}
			out, t = append(out, t[:n]), t[n:]
		}
		out = append(out, t)
	}
	return out
}

// TestSplitLongMatchesMeasuring: splitLong cuts every word where measuring each
// prefix again would, kerning and runes the font lacks included.
func TestSplitLongMatchesMeasuring(t *testing.T) {
	alphabet := []rune("AVWTaoiyl.,0123é漢\u0378")
	rng := rand.New(rand.NewPCG(3, 4))
	for _, bold := range []bool{false, true} {
		f := faceFor(13, bold)
		for range 2000 {
			rs := make([]rune, rng.IntN(60))
			for i := range rs {
				rs[i] = alphabet[rng.IntN(len(alphabet))]
			}
			words, w := []string{string(rs), "AVAVA"}, 20+rng.Float64()*200
			if got, want := splitLong(f, words, w), splitByMeasuring(f, words, w); !slices.Equal(got, want) {
				t.Fatalf("splitLong(%q, %.1f) = %q, want %q", words, w, got, want)
			}
		}
	}
}

// countingFace counts the glyphs measured.
type countingFace struct {
	font.Face
	advances int
}

func (c *countingFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	c.advances++
	return c.Face.GlyphAdvance(r)
}

// TestSplitLongReadsOnce: a 4 MiB word is cut in one pass, each rune measured
// once (twice where a piece ends), not each prefix again (which took hours).
func TestSplitLongReadsOnce(t *testing.T) {
	word := strings.Repeat("w", 4<<20)
	f := &countingFace{Face: faceFor(13, false)}
	pieces := splitLong(f, []string{word}, 300)
	if strings.Join(pieces, "") != word || len(pieces) < 2 {
		t.Fatalf("%d pieces that do not make the word again", len(pieces))
	}
	if want := len(word) + len(pieces); f.advances > want {
		t.Errorf("measured %d glyphs for a word of %d runes in %d pieces, want at most %d", f.advances, len(word), len(pieces), want)
	}
}

// TestHugeWordTooLong: a prediction of one 4 MiB word is refused as too long for
// the sheet, its lines counted only as far as a sheet's height, which the error
// says; the deadline is a guard against measuring it whole at every size again
// (23 s), not a measure.
func TestHugeWordTooLong(t *testing.T) {
	pg, err := FromRun(lesson(t, "pointer-chasing"), loadRun(t), strings.Repeat("w", 4<<20))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := pg.Fit()
		done <- err
	}()
	select {
	case err = <-done:
	case <-time.After(time.Minute):
		t.Fatal("not laid out in a minute")
	}
	var tooLong *ErrTooLong
	if !errors.As(err, &tooLong) || !tooLong.AtLeast || !strings.Contains(err.Error(), "take more than") {
		t.Fatalf("Fit = %v, want a page too long, measured as far as the sheet", err)
	}
}

// BenchmarkSplitLong measures cutting a 64 KiB word into lines of a handout's width.
func BenchmarkSplitLong(b *testing.B) {
	word := []string{strings.Repeat("w", 64<<10)}
	f := faceFor(13, false)
	b.ReportAllocs()
	var n int
	for b.Loop() {
		n = len(splitLong(f, word, contentWMM*pxPerMM))
	}
	if n < 2 {
		b.Fatalf("%d pieces", n)
	}
}
