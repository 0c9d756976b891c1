package raster

import (
	"image"
	"io"
	"testing"

	"localitylab/charts"
	"localitylab/lab/result"
)

// TestProbeSlide draws a probe measured on the development VM (a busy one: its L3
// a sliver of the 32 MiB reported) against a golden image: the ladder on log axes
// with each level's size dashed and the reported sizes grey, the bandwidth, the
// levels' table and the words. A probe that does not hold is refused.
func TestProbeSlide(t *testing.T) {
	p, err := result.LoadProbeJSON("testdata/probe.json")
	if err != nil {
		t.Fatal(err)
	}
	checkGoldenPNG(t, "probe.png", image.Pt(1920, 1080), func(w io.Writer) error { return WriteProbePNG(w, p, charts.Options{}) })
	bad := p.Clone()
	bad.Ladder = nil
	if err := WriteProbePNG(io.Discard, bad, charts.Options{}); err == nil {
		t.Error("a probe without a ladder was drawn")
	}
}
