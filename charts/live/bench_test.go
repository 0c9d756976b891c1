//go:build !nogui

package live

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"localitylab/charts"
	"localitylab/charts/internal/fixture"
	"localitylab/lab/result"
)

// benchmarkRedraw measures one redraw of a chart holding six series of 1,000
// frames at w×h Fyne units and the given pixel scale (2 for a HiDPI screen): the
// raster generator's whole work, as Fyne calls it when it paints.
func benchmarkRedraw(b *testing.B, m *charts.Metric, w, h float32, scale int) {
	o := fixture.Standard()
	o.Frames = 1000
	r := fixture.Run(o)
	test.NewTempApp(b)
	c := NewChart(m)
	c.Resize(fyne.NewSize(w, h))
	c.SetRun(r)
	rd := test.WidgetRenderer(c).(*renderer)
	pw, ph := int(w)*scale, int(h)*scale
	rd.draw(pw, ph) // the first draw makes the image and fills the glyph cache
	b.ReportAllocs()
	for b.Loop() {
		rd.draw(pw, ph)
	}
	if _, ok := rd.view.painter.FrameAt(pw / 2); !ok {
		b.Fatal("nothing drawn")
	}
}

func BenchmarkRedraw(b *testing.B) {
	for _, m := range charts.Metrics {
		b.Run(m.String()+"/600x320", func(b *testing.B) { benchmarkRedraw(b, m, 600, 320, 1) })
		b.Run(m.String()+"/600x320@2x", func(b *testing.B) { benchmarkRedraw(b, m, 600, 320, 2) })
	}
}

// BenchmarkAppend measures storing one sample; Reset preallocated for the run, so
// it must report 0 allocs/op.
func BenchmarkAppend(b *testing.B) {
	test.NewTempApp(b)
	c := NewChart(charts.Memory)
	test.WidgetRenderer(c)
	const frames = 1 << 16
	c.Reset([]string{"ptrarray", "map", "slotmap", "rowvec", "soa", "spatialhash"}, 30, frames)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		if i == 6*frames {
			b.StopTimer()
			c.Reset(c.names, 30, frames) // reuses the storage
			i = 0
			b.StartTimer()
		}
		c.Append(result.Sample{Backing: i % 6, Frame: i / 6, HeapBytes: 1 << 20, RSSBytes: 1 << 22})
		i++
	}
}
