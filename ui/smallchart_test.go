//go:build !nogui

package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"localitylab/lab/runtest"
)

// TestSmallChartsDraw: the live charts drawn as small as large text leaves them on a
// 1366×768 screen (the app panicked there: a line's pixels were written past the
// picture's edge), for every metric, from tiny to a few hundred units.
func TestSmallChartsDraw(t *testing.T) {
	a := test.NewTempApp(t)
	a.Settings().SetTheme(newLabTheme(true))
	names := []string{"ptrarray", "map", "slotmap", "rowvec", "soa", "spatialhash"}
	r := runtest.Synthetic(names, []float64{3, 8, 2, 1.3, 1.5, 1}, []int64{1e6, 1e6, 1e6, 1e6, 1e6, 1e6})
	row := newChartRow()
	row.reset(names, r.Warmup, r.Frames, nil)
	row.setRun(r)
	w := test.NewTempWindow(t, row.box)
	for _, size := range []fyne.Size{{Width: 831, Height: 128}, {Width: 600, Height: 90}, {Width: 300, Height: 60}, {Width: 900, Height: 200}} {
		w.Resize(size)
		w.Canvas().Capture()
	}
}
