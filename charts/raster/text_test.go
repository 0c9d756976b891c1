package raster

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"localitylab/charts"
	"localitylab/charts/classview"
	"localitylab/charts/internal/fixture"
)

// fitByMeasuring and wrapByMeasuring are fit and wrap as they were first written:
// drop a rune and measure the whole again. They are what fit and wrap must match.
func fitByMeasuring(f *face, s string, w int) string {
	if f.width(s) <= w {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 && f.width(string(rs)+"…") > w {
		rs = rs[:len(rs)-1]
	}
	return string(rs) + "…"
}

func wrapByMeasuring(f *face, s string, w int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case f.width(line+" "+word) <= w:
			line += " " + word
		default:
			lines = append(lines, fitByMeasuring(f, line, w))
			line = word
		}
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, fitByMeasuring(f, line, w))
	}
	return lines
}

// TestFitMatchesMeasuring: fit and wrap cut and break every text where measuring
// the whole again after each rune would: random words of letters, wide and narrow,
// digits, spaces and characters the font lacks, at widths from nothing to more than
// the text.
func TestFitMatchesMeasuring(t *testing.T) {
	f := newFonts(14).normal
	alphabet := []rune("iIlmMwW0123 .,…éß漢\u0378")
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		rs := make([]rune, rng.IntN(40))
		for i := range rs {
			rs[i] = alphabet[rng.IntN(len(alphabet))]
		}
		s, w := string(rs), rng.IntN(300)-5
		if got, want := f.fit(s, w), fitByMeasuring(f, s, w); got != want {
			t.Fatalf("fit(%q, %d) = %q, want %q", s, w, got, want)
		}
		got, want := f.wrap(s, w), wrapByMeasuring(f, s, w)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("wrap(%q, %d) = %q, want %q", s, w, got, want)
		}
	}
}

// TestFitReadsOnlyWhatFits: fitting or wrapping a 4 MiB word looks up the glyphs of
// the runes that fit and a few more, not the word's four million: the work is
// bounded by the width, whatever a file holds.
func TestFitReadsOnlyWhatFits(t *testing.T) {
	f := newFonts(14).normal
	word := strings.Repeat("W", 4<<20)
	const w = 400
	fits := w/f.glyph('W').advance + 1
	for _, tc := range []struct {
		name  string
		do    func()
		bound int
	}{
		{"fit", func() { f.fit(word, w) }, fits + 2},
		{"wrap, the word alone", func() { f.wrap(word, w) }, 2*fits + 4},
		{"wrap, the word among others", func() { f.wrap("a few words then "+word+" and more", w) }, 2*fits + 60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f.looked = 0
			tc.do()
			if f.looked > tc.bound {
				t.Errorf("looked up %d glyphs, want at most %d (%d fit in %d px)", f.looked, tc.bound, fits, w)
			}
		})
	}
}

// hugeWord is a word of 4 MiB, as a hand-edited file may hold in any string.
var hugeWord = strings.Repeat("x", 4<<20)

// TestHugeWordsDrawn: a run's, a sweep's and a class's slides whose backing error,
// CPU name and notes are each a 4 MiB word are drawn; the deadline is a guard
// against the quadratic fit coming back (hours on such a word), not a measure.
func TestHugeWordsDrawn(t *testing.T) {
	run := fixture.Run(fixture.Options{Frames: 24, Warmup: 4, Fail: "map", FailAt: 15, Backings: []string{"ptrarray", "map", "soa"}})
	run.Backings[1].Error, run.Host.CPU, run.CacheNote = hugeWord, hugeWord, hugeWord
	sweep := fixture.Sweep()
	sweep.Host.CPU, sweep.Stopped = hugeWord, hugeWord
	sweep.Points[3].Backings[2].Error = hugeWord
	class := &classview.Class{Heading: hugeWord, Params: hugeWord, Kind: "run", Machines: []string{hugeWord, "b.json"},
		FiguresNote: hugeWord, ChartTitle: hugeWord,
		Table: classview.Table{Columns: []string{"", hugeWord, "b.json"}, FiguresTitle: hugeWord, Rows: []classview.Row{
			{Group: classview.GroupMachine, Name: hugeWord, Cells: []string{hugeWord, "EPYC"}}}},
		Groups: []classview.Group{{Label: hugeWord, Bars: []classview.Bar{{NS: 1e6, Lo: 9e5, Hi: 1.1e6}, {Missing: hugeWord}}}}}
	for _, tc := range []struct {
		name  string
		write func() error
	}{
		{"run", func() error { return WritePNG(io.Discard, run, charts.Options{}) }},
		{"sweep", func() error { return WriteSweepPNG(io.Discard, sweep, charts.Options{}) }},
		{"class", func() error { return WriteClassPNG(io.Discard, class, charts.Options{}) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() { done <- tc.write() }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(2 * time.Minute):
				t.Fatal("not drawn in 2 minutes")
			}
		})
	}
}
