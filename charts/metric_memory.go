package charts

import "localitylab/lab/result"

// Memory is each backing's live heap (solid) and resident set (dashed), frame by
// frame: each backing runs in a worker of its own, so both are its own.
var Memory = &Metric{
	Name:  "memory",
	Title: "Memory",
	Short: "Memory",
	Unit:  Bytes,
	Lines: []Source{{
		Suffix: " heap",
		What:   "live heap",
		Sample: func(s result.Sample) float64 { return float64(s.HeapBytes) },
		Frames: func(f *result.Series) []float64 { return floats(f.HeapBytes) },
	}, {
		Suffix: " RSS",
		What:   "RSS",
		Dashed: true,
		Sample: func(s result.Sample) float64 { return float64(s.RSSBytes) },
		Frames: func(f *result.Series) []float64 { return floats(f.RSSBytes) },
	}},
	Note: "solid: live heap · dashed: RSS",
	Row:  true,
	Page: Page{
		Axis:        "bytes",
		Explain:     "Live heap (solid) and resident set size (dashed) over frames. Each backing runs in a worker process of its own, so these are its own figures.",
		CompareAxis: "bytes",
		Compare:     "Live heap over frames, per backing: the new run solid, the base dashed.",
	},
}
