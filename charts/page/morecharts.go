package page

import (
	echarts "github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"localitylab/charts"
	"localitylab/lab/result"
)

// perFrameChart is a line chart over frames with the warm-up shaded, for the page's
// charts of per-frame figures that are not metrics of the row (misses).
func perFrameChart(r *result.Run, id string, legendRows int, y opts.YAxis, formatter string) *echarts.Line {
	c := echarts.NewLine()
	c.SetGlobalOptions(chartInit(id, "420px", legendRows)...)
	xo, xs := frameAxis(r.Frames)
	c.SetGlobalOptions(xo...)
	c.SetGlobalOptions(echarts.WithYAxisOpts(y), axisTooltip(formatter))
	c.SetXAxis(xs)
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
	c.SetGlobalOptions(echarts.WithYAxisOpts(roundAxis(yName, charts.Bytes, hi)), axisTooltip(charts.Bytes.JS))
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
