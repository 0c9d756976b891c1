package raster

import (
	"image"
	"io"
	"testing"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
)

// BenchmarkWritePNG measures a full slide export of a 300-frame, six-backing run:
// rendering, then PNG encoding.
func BenchmarkWritePNG(b *testing.B) {
	r := fixture.Run(fixture.Standard())
	b.ReportAllocs()
	for b.Loop() {
		if err := WritePNG(io.Discard, r, charts.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderRun measures the slide's drawing alone, without the encoding.
func BenchmarkRenderRun(b *testing.B) {
	r := fixture.Run(fixture.Standard())
	b.ReportAllocs()
	var img *image.RGBA
	for b.Loop() {
		img = renderRun(r, charts.Options{})
	}
	if img.Bounds().Dx() != 1920 {
		b.Fatalf("rendered %v, want 1920 wide", img.Bounds())
	}
}

// BenchmarkPainterDraw measures one redraw of a chart with six series of 1,000
// frames, as the live widget does it, at the sizes of a chart in a normal and in a
// HiDPI window.
func BenchmarkPainterDraw(b *testing.B) {
	o := fixture.Standard()
	o.Frames = 1000
	r := fixture.Run(o)
	for _, size := range []struct {
		name string
		w, h int
		px   float64
	}{{"600x320", 600, 320, 12}, {"1200x640", 1200, 640, 24}} {
		for _, m := range charts.Metrics {
			b.Run(size.name+"/"+m.String(), func(b *testing.B) {
				pl := charts.RunPlot(r, m, charts.Options{})
				pl.Hover = 500
				img := image.NewRGBA(image.Rect(0, 0, size.w, size.h))
				p := NewPainter(size.px)
				p.Draw(img, img.Rect, &pl) // fill the glyph cache, as the first redraw does
				b.ReportAllocs()
				for b.Loop() {
					p.Draw(img, img.Rect, &pl)
				}
				if _, ok := p.FrameAt(size.w / 2); !ok {
					b.Fatal("nothing drawn")
				}
			})
		}
	}
}

// BenchmarkFitLongWord measures fitting a 4 MiB word into a legend's width and
// wrapping it into a note's lines: the work is the runes that fit, not the word.
func BenchmarkFitLongWord(b *testing.B) {
	f := newFonts(14).normal
	b.ReportAllocs()
	var fit string
	var lines []string
	for b.Loop() {
		fit = f.fit(hugeWord, 400)
		lines = f.wrap("a note then "+hugeWord, 400)
	}
	if f.width(fit) > 400 || len(lines) != 2 {
		b.Fatalf("fit to %d px, %d lines", f.width(fit), len(lines))
	}
}
