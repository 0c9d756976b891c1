//go:build !nogui

package live

import (
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
	"localitylab/lab/result"
)

// samples returns the first n frames of every backing of r as the live stream would
// carry them, interleaved frame by frame.
func samples(r *result.Run, n int) []result.Sample {
	var out []result.Sample
	for k := range n {
		for i := range r.Backings {
			f := &r.Backings[i].Frames
			if k >= len(f.NS) {
				continue
			}
			out = append(out, result.Sample{Backing: i, Frame: k, NS: f.NS[k], Allocs: f.Allocs[k],
				HeapBytes: f.HeapBytes[k], RSSBytes: f.RSSBytes[k], GCCycles: f.GCCycles[k],
				GCWaitNS: at(f.GCWaitNS, k), GCCPUNS: at(f.GCCPUNS, k)})
		}
	}
	return out
}

// at is xs[k], or 0 for a series the run does not record.
func at(xs []uint64, k int) uint64 {
	if k < len(xs) {
		return xs[k]
	}
	return 0
}

func names(r *result.Run) []string {
	var out []string
	for _, b := range r.Backings {
		out = append(out, b.Name)
	}
	return out
}

// show puts c (a Chart, a SweepChart) alone in a test window of the given size and
// returns the window.
func show(t *testing.T, c fyne.CanvasObject, w, h float32) fyne.Window {
	t.Helper()
	test.NewTempApp(t)
	win := test.NewTempWindow(t, c)
	win.SetPadded(false)
	win.Resize(fyne.NewSize(w, h))
	return win
}

func TestChartGolden(t *testing.T) {
	standard := fixture.Run(fixture.Standard())
	failed := fixture.Standard()
	failed.Fail, failed.FailAt = "map", 60
	failedRun := fixture.Run(failed)

	tests := []struct {
		name   string
		metric *charts.Metric
		setup  func(c *Chart)
		hover  float32 // pointer x, 0 for no hover
	}{
		{"frame_time_run.png", charts.FrameTime, func(c *Chart) { c.SetRun(standard) }, 0},
		{"memory_run.png", charts.Memory, func(c *Chart) { c.SetRun(standard) }, 0},
		{"allocs_run.png", charts.Allocs, func(c *Chart) { c.SetRun(standard) }, 0},
		{"frame_time_hover.png", charts.FrameTime, func(c *Chart) { c.SetRun(standard) }, 300},
		{"frame_time_live_failed_linear.png", charts.FrameTime, func(c *Chart) {
			c.Reset(names(failedRun), failedRun.Warmup, failedRun.Frames)
			c.AppendMany(samples(failedRun, 120))
			c.SetFailed(1, failedRun.Backings[1].Error)
			c.SetScale(charts.ScaleLinear)
			c.SetBudget(charts.Budget30)
		}, 0},
		{"empty.png", charts.Memory, func(c *Chart) { c.Reset([]string{"soa", "slotmap"}, 10, 100) }, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewChart(tt.metric)
			win := show(t, c, 640, 340)
			tt.setup(c)
			win.Canvas().Capture() // draw once, so hover knows where the plot is
			if tt.hover > 0 {
				test.MoveMouse(win.Canvas(), fyne.NewPos(tt.hover, 200))
			}
			test.AssertImageMatches(t, tt.name, win.Canvas().Capture())
		})
	}
}

func TestAppendLeavesGapsUnmeasured(t *testing.T) {
	c := NewChart(charts.Memory)
	c.Reset([]string{"soa"}, 0, 10)
	for _, f := range []int{0, 1, 4} {
		c.Append(result.Sample{Frame: f, HeapBytes: uint64(100 + f), RSSBytes: uint64(200 + f)})
	}
	heap, rss := c.plot.Lines[0].Values, c.plot.Lines[1].Values
	want := []float64{100, 101, math.NaN(), math.NaN(), 104}
	for i, w := range want {
		if got := heap[i]; got != w && !(math.IsNaN(w) && math.IsNaN(got)) {
			t.Errorf("heap[%d] = %v, want %v", i, got, w)
		}
	}
	if len(heap) != len(want) || rss[4] != 204 || !math.IsNaN(rss[3]) {
		t.Errorf("heap %v, rss %v: want %d values, rss[4] 204 and rss[3] NaN", heap, rss, len(want))
	}
}

func TestAppendAllocatesNothing(t *testing.T) {
	c := NewChart(charts.FrameTime)
	show(t, c, 400, 240)
	c.Reset([]string{"ptrarray", "map", "slotmap", "rowvec", "soa", "spatialhash"}, 30, 2000)
	frame := 0
	allocs := testing.AllocsPerRun(1000, func() {
		c.Append(result.Sample{Backing: frame % 6, Frame: frame / 6, NS: 1000})
		frame++
	})
	if allocs != 0 {
		t.Errorf("Append allocates %.2f times per sample, want 0", allocs)
	}
}

func TestHoverReadsOutTheFrameUnderThePointer(t *testing.T) {
	r := fixture.Run(fixture.Standard())
	c := NewChart(charts.FrameTime)
	win := show(t, c, 640, 340)
	c.SetRun(r)
	win.Canvas().Capture()
	area := c.view.painter
	left, right := -1, -1
	for x := range 640 {
		if _, ok := area.FrameAt(x); ok {
			if left < 0 {
				left = x
			}
			right = x
		}
	}
	if left < 0 {
		t.Fatal("FrameAt finds no plotting area after a draw")
	}
	tests := []struct {
		name string
		x    float32
		want int
	}{
		{"left edge", float32(left), 0},
		{"right edge", float32(right), r.Frames - 1},
		{"middle", float32(left+right) / 2, (r.Frames - 1) / 2},
		{"outside", 2, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			test.MoveMouse(win.Canvas(), fyne.NewPos(tt.x, 150))
			if got := c.plot.Hover; got < tt.want-1 || got > tt.want+1 {
				t.Errorf("hover at x=%v reads frame %d, want %d±1", tt.x, got, tt.want)
			}
		})
	}
	c.MouseOut()
	if c.plot.Hover != -1 {
		t.Errorf("after MouseOut hover is frame %d, want none", c.plot.Hover)
	}
}

func TestAutoScale(t *testing.T) {
	close := fixture.Standard()
	close.Backings = []string{"slotmap", "soa"} // within 2× of each other
	tests := []struct {
		name  string
		run   *result.Run
		scale charts.Scale
		log   bool
	}{
		{"1000x apart, auto", fixture.Run(fixture.Standard()), charts.ScaleAuto, true},
		{"1000x apart, linear", fixture.Run(fixture.Standard()), charts.ScaleLinear, false},
		{"close, auto", fixture.Run(close), charts.ScaleAuto, false},
		{"close, log", fixture.Run(close), charts.ScaleLog, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewChart(charts.FrameTime)
			c.SetRun(tt.run)
			c.SetScale(tt.scale)
			c.prepare()
			if c.plot.Log != tt.log {
				t.Errorf("log axis %v, want %v", c.plot.Log, tt.log)
			}
		})
	}
}

func TestResetRejectsMoreThanSixBackings(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Reset with 7 backings did not panic")
		}
	}()
	NewChart(charts.Allocs).Reset(make([]string, 7), 0, 10)
}
