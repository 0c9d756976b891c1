//go:build !nogui

package ui

import (
	"image"
	"testing"

	"fyne.io/fyne/v2/test"

	"localitylab/lab"
	"localitylab/lab/result"
	"localitylab/lab/runtest"
	"localitylab/presets"
	"localitylab/workloads/workload"
)

// BenchmarkApply measures what one pump update costs the Fyne goroutine in the
// heaviest case the app meets: six backings, the charts fed a fifteenth of a second
// of fast frames, and the table, notes and preview refreshed from a 300-frame run.
// At 15 updates a second it bounds the window's share of a core.
func BenchmarkApply(b *testing.B) {
	test.NewTempApp(b)
	s := presets.Preset{Schema: presets.Schema, Title: "bench", Workload: "sprites", Backings: workload.Backings, Frames: 300, Warmup: 30}
	w := newWindow(test.NewTempApp(b), s, false, env{})
	factors := []float64{8, 3, 1.3, 2, 1, 1.1}
	loads := []int64{1e8, 2e8, 3e7, 5e7, 2e7, 9e7}
	snap := runtest.Synthetic(workload.Backings, factors, loads)
	snap.Frames, snap.Warmup = 300, 30
	scene := workload.Scene{World: workload.Rect{X1: 50000, Y1: 50000}, View: workload.Rect{X0: 100, Y0: 100, X1: 2020, Y1: 1180}, Total: 4096}
	for i := range workload.MaxSceneBoxes {
		scene.Boxes = append(scene.Boxes, workload.Box{X: int32(100 + i*7%1900), Y: int32(100 + i*13%1060), W: 16, H: 16})
	}
	u := update{status: lab.Status{Phase: lab.Running, Frames: 300}, samples: make([][]result.Sample, 6), snap: snap, scene: &scene}
	for i := range u.samples {
		u.status.Backings = append(u.status.Backings, lab.BackingStatus{Name: workload.Backings[i], Loaded: true, Load: 1})
		for k := range 20 {
			u.samples[i] = append(u.samples[i], result.Sample{Backing: i, Frame: k, NS: 1000, HeapBytes: 1 << 20})
		}
	}
	w.runTab().measuring = true
	b.ReportAllocs()
	for b.Loop() {
		w.runTab().pane.charts.reset(workload.Backings, 30, 300, nil)
		w.runTab().apply(u)
	}
}

// BenchmarkDrawScene measures a preview redraw of a full scene.
func BenchmarkDrawScene(b *testing.B) {
	s := workload.Scene{World: workload.Rect{X1: 50000, Y1: 50000}, View: workload.Rect{X0: 100, Y0: 100, X1: 2020, Y1: 1180}, Total: 9000}
	for i := range workload.MaxSceneBoxes {
		s.Boxes = append(s.Boxes, workload.Box{X: int32(100 + i*7%1900), Y: int32(100 + i*13%1060), W: 16, H: 16})
	}
	img := image.NewRGBA(image.Rect(0, 0, 640, 400))
	b.ReportAllocs()
	for b.Loop() {
		drawScene(img, &s, 4)
	}
	if uniform(img) {
		b.Fatal("the scene drew nothing")
	}
}
