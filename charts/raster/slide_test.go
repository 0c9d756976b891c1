package raster

import (
	"bytes"
	"image"
	"io"
	"strings"
	"testing"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
	"localitylab/lab/result"
)

func TestWritePNGGolden(t *testing.T) {
	tests := []struct {
		name string
		run  *result.Run
		opt  charts.Options
	}{
		{"run.png", fixture.Run(fixture.Standard()), charts.Options{}},
		{"failed-linear-33ms.png", fixture.Failed(), charts.Options{Width: 1280, Height: 720, Scale: charts.ScaleLinear, Budget: charts.Budget30}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkGoldenPNG(t, tt.name, image.Point{}, func(w io.Writer) error { return WritePNG(w, tt.run, tt.opt) })
		})
	}
}

func TestWritePNGRejects(t *testing.T) {
	good := fixture.Run(fixture.Standard())
	tests := []struct {
		name string
		run  *result.Run
		opt  charts.Options
		want string // in the error
	}{
		{"narrow", good, charts.Options{Width: 200}, "width 200"},
		{"huge", good, charts.Options{Height: 10000}, "height 10000"},
		{"scale", good, charts.Options{Scale: 7}, "scale 7"},
		{"nil run", nil, charts.Options{}, "no run"},
		{"no backings", &result.Run{Frames: 10}, charts.Options{}, "0 backings"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := WritePNG(&buf, tt.run, tt.opt)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("WritePNG error %v, want one containing %q", err, tt.want)
			}
			if buf.Len() != 0 {
				t.Errorf("WritePNG wrote %d bytes before failing", buf.Len())
			}
		})
	}
}

// TestWrapKeepsEveryWord checks that a title line too long for the image goes on over
// more lines, each within the width, and loses no word to an ellipsis.
func TestWrapKeepsEveryWord(t *testing.T) {
	f := newFonts(20).small
	text := "AMD EPYC 7B13 64-Core Processor, 2 cores, linux/amd64, go1.26.0, GOGC 100 · 2025-03-14 10:30 +00:00 · " +
		"counters asked for but not available: open instructions counter: ENOENT (no such file or directory)"
	for _, width := range []int{300, 700, 5000} {
		lines := f.wrap(text, width)
		for _, l := range lines {
			if f.width(l) > width {
				t.Errorf("width %d: line %q is %d wide", width, l, f.width(l))
			}
		}
		if got := strings.Join(lines, " "); got != text {
			t.Errorf("width %d: wrapped text %q, want every word of %q", width, got, text)
		}
		if width < 1000 && len(lines) < 2 {
			t.Errorf("width %d: %d line, want the text continued on more", width, len(lines))
		}
	}
}
