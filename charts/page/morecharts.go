package page

import (
	echarts "github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"localitylab/charts"
	"localitylab/lab/result"
)

// perFrameChart is a line chart over frames with the warm-up shaded, for the charts
// that share that shape (memory, allocations, misses).
func perFrameChart(r *result.Run, id string, legendRows int, y opts.YAxis, formatter string) *echarts.Line {
	c := echarts.NewLine()
	c.SetGlobalOptions(chartInit(id, "420px", legendRows)...)
	xo, xs := frameAxis(r.Frames)
	c.SetGlobalOptions(xo...)
	c.SetGlobalOptions(echarts.WithYAxisOpts(y), axisTooltip(formatter))
	c.SetXAxis(xs)
	return c
}

// memoryChart draws each backing's live heap (solid) and RSS (dashed) over frames.
func memoryChart(r *result.Run) *echarts.Line {
	hi := 0.0
	for i := range r.Backings {
		f := &r.Backings[i].Frames
		for _, s := range [][]uint64{f.HeapBytes, f.RSSBytes} {
			for _, v := range s {
				hi = max(hi, float64(v))
			}
		}
	}
	c := perFrameChart(r, "memory", 2, bytesAxis("bytes", hi), "llBytes")
	for i := range r.Backings {
		b := &r.Backings[i]
		heap := seriesStyle(b.Name, false, i == 0, warmupSpans(r))
		c.AddSeries(seriesName(b, " heap"), lineData(b.Frames.HeapBytes), heap...)
		c.AddSeries(seriesName(b, " RSS"), lineData(b.Frames.RSSBytes), lineStyle(b.Name, true)...)
	}
	return c
}

// backingBars is a bar chart with one bar per backing in the backing's colour.
// Its y axis is bytes.
func backingBars(r *result.Run, id, yName, series string, value func(b *result.Backing) (float64, bool)) *echarts.Bar {
	c := echarts.NewBar()
	c.SetGlobalOptions(chartInit(id, "320px", 1)...)
	var names []string
	var data []opts.BarData
	hi := 0.0
	for i := range r.Backings {
		b := &r.Backings[i]
		v, ok := value(b)
		if !ok {
			continue // not measured: no bar, rather than a bar at zero
		}
		names = append(names, seriesName(b, ""))
		data = append(data, opts.BarData{Value: v, ItemStyle: &opts.ItemStyle{Color: charts.Hex(charts.Color(b.Name))}})
		hi = max(hi, v)
	}
	c.SetGlobalOptions(echarts.WithYAxisOpts(bytesAxis(yName, hi)), axisTooltip("llBytes"))
	c.SetXAxis(names)
	c.AddSeries(series, data, echarts.WithItemStyleOpts(opts.ItemStyle{Color: charts.Hex(charts.InkSoft)}))
	return c
}

// loadChart shows the live heap each backing held right after loading the world.
func loadChart(r *result.Run) *echarts.Bar {
	return backingBars(r, "load_heap", "bytes", "heap after load", func(b *result.Backing) (float64, bool) {
		return float64(b.Load.HeapBytes), b.Load.NS > 0
	})
}

// perEntityChart shows the load footprint divided by the entities loaded.
func perEntityChart(r *result.Run) *echarts.Bar {
	return backingBars(r, "bytes_per_entity", "bytes per entity", "bytes per entity", func(b *result.Backing) (float64, bool) {
		return b.Load.BytesPerEntity, b.Load.Entities > 0
	})
}

// allocsChart draws heap allocations per frame.
func allocsChart(r *result.Run) *echarts.Line {
	c := perFrameChart(r, "allocs", 1, valueAxis("allocs/frame", "llCount", false), "llCount")
	for i := range r.Backings {
		b := &r.Backings[i]
		so := seriesStyle(b.Name, false, i == 0, warmupSpans(r))
		c.AddSeries(seriesName(b, ""), lineData(b.Frames.Allocs), so...)
	}
	return c
}

// missesChart draws memory misses per frame for the backings that counted them,
// and returns the names of those that did not (n/a, never zero).
func missesChart(r *result.Run) (*echarts.Line, []string) {
	c := perFrameChart(r, "misses", 1, valueAxis("misses/frame", "llCount", false), "llCount")
	var na []string
	first := true
	for i := range r.Backings {
		b := &r.Backings[i]
		if b.Frames.MemMisses == nil {
			na = append(na, b.Name)
			continue
		}
		so := seriesStyle(b.Name, false, first, warmupSpans(r))
		first = false
		c.AddSeries(seriesName(b, ""), lineData(b.Frames.MemMisses), so...)
	}
	return c, na
}
