package raster

import (
	"image"
	"io"
	"testing"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
	"localitylab/lab/result"
	"localitylab/lab/runtest"
)

// noAllocRun is a fixture run of three backings that allocate nothing in any frame.
func noAllocRun() *result.Run {
	return fixture.Run(fixture.Options{Frames: 300, Warmup: 30, Backings: []string{"ptrarray", "slotmap", "soa"}})
}

// TestRunChartsWithoutAllocations: while nothing allocated in a measured frame, frame
// time and memory share the width and the sentence takes a band under them; one
// allocation in one measured frame brings the third chart back at full height.
func TestRunChartsWithoutAllocations(t *testing.T) {
	r := image.Rect(0, 0, 1500, 600)
	draw := func(run *result.Run) image.Rectangle {
		p := NewPainter(16)
		p.DrawRunCharts(image.NewRGBA(r), r, run, charts.Options{}, 16)
		return p.area // the last chart's plotting area
	}
	none := noAllocRun()
	if !charts.AllocatesNothing(none) {
		t.Fatal("the fixture allocates: the test tests nothing")
	}
	two := draw(none)
	one := noAllocRun()
	one.Backings[2].Frames.Allocs[299] = 1
	three := draw(one)
	if two.Dx() < r.Dx()*2/5 {
		t.Errorf("nothing allocated: the memory chart's area is %d of %d wide, want the allocations chart's room given to it", two.Dx(), r.Dx())
	}
	if three.Dx() > r.Dx()/3 || three.Max.X < r.Max.X-r.Dx()/10 {
		t.Errorf("one allocation: the last chart's area is %v in %v, want the allocations chart, a third of the width, at the right", three, r)
	}
	if h := NewPainter(16).fonts.normal.height(); two.Max.Y > three.Max.Y-h {
		t.Errorf("nothing allocated: the charts end at y %d, with three at %d: no band of %d px for the sentence", two.Max.Y, three.Max.Y, h)
	}
}

// TestWritePNGNoAllocations is the slide of a run that allocated nothing: two charts
// and the sentence in place of the third.
func TestWritePNGNoAllocations(t *testing.T) {
	checkGoldenPNG(t, "run-no-allocs.png", image.Pt(1920, 1080), func(w io.Writer) error { return WritePNG(w, noAllocRun(), charts.Options{}) })
}

// TestCompareChartsWithoutAllocations: the comparison slide follows the run slide's
// rule. While neither run allocated in a measured frame, frame time and memory share
// the width over a band for the sentence; one allocation in one measured frame of
// either run brings the allocations chart back.
func TestCompareChartsWithoutAllocations(t *testing.T) {
	r := image.Rect(0, 0, 1500, 600)
	draw := func(base, new *result.Run) image.Rectangle {
		p := NewPainter(16)
		p.drawCompareCharts(image.NewRGBA(r), r, base, new, charts.Options{}, 16)
		return p.area // the last chart's plotting area
	}
	oneIn := func() *result.Run {
		run := noAllocRun()
		run.Backings[2].Frames.Allocs[299] = 1
		return run
	}
	two := draw(noAllocRun(), noAllocRun())
	h := NewPainter(16).fonts.normal.height()
	if two.Dx() < r.Dx()*2/5 {
		t.Errorf("nothing allocated: the memory chart's area is %d of %d wide, want the allocations chart's room given to it", two.Dx(), r.Dx())
	}
	for name, three := range map[string]image.Rectangle{
		"one allocation in the base run": draw(oneIn(), noAllocRun()),
		"one allocation in the new run":  draw(noAllocRun(), oneIn()),
	} {
		if three.Dx() > r.Dx()/3 || three.Max.X < r.Max.X-r.Dx()/10 {
			t.Errorf("%s: the last chart's area is %v in %v, want the allocations chart, a third of the width, at the right", name, three, r)
		}
		if two.Max.Y > three.Max.Y-h {
			t.Errorf("%s: nothing allocated ends the charts at y %d, this at %d: no band of %d px for the sentence", name, two.Max.Y, three.Max.Y, h)
		}
	}
}

// TestHeadLinesSayWhyNA: the picture's lines under the title say why a share of heap
// in huge pages that its table shows as n/a was never measured, and say nothing of
// it where every share was.
func TestHeadLinesSayWhyNA(t *testing.T) {
	r := runtest.Synthetic([]string{"soa"}, []float64{1}, []int64{1e6})
	if got := headLines(r); len(got) != 2 {
		t.Errorf("a run with nothing n/a: %d lines under the title, want 2: %q", len(got), got)
	}
	runtest.AsWindows(r)
	got := headLines(r)
	if want := "huge pages n/a: " + runtest.WindowsPagesNote; len(got) != 3 || got[2] != want {
		t.Errorf("lines %q, want a third: %q", got, want)
	}
}
