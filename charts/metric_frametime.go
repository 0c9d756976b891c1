package charts

import (
	"math"
	"slices"

	"localitylab/lab/result"
)

// FrameTime is the time of each frame: the figure every lesson is about, drawn
// with the frame budget and on a log axis where the backings lie far apart.
var FrameTime = &Metric{
	Name:  "frame_time",
	Title: "Frame time",
	Short: "Frame time",
	Unit:  Nanoseconds,
	Lines: []Source{{
		Sample: func(s result.Sample) float64 { return float64(s.NS) },
		Frames: func(f *result.Series) []float64 { return floats(f.NS) },
	}},
	Typical: TypicalFrameTimes,
	Budget:  true,
	Row:     true,
	Page: Page{
		Axis:        "frame time",
		Explain:     "Time of each frame, per backing. The shaded frames at the start are warm-up: shown, but left out of the summary. Scroll or drag the slider to zoom.",
		LogExplain:  "The axis is logarithmic: each major step is ten times slower.",
		CompareAxis: "frame time",
		Compare:     "Time of each frame of both runs, per backing: the new run solid, the base dashed. The new run's warm-up is shaded. Scroll or drag the slider to zoom.",
	},
}

// TypicalFrameTimes returns each backing's median frame time after warm-up (its
// summary's, or one computed from the frames a failed backing did run).
func TypicalFrameTimes(r *result.Run) []float64 {
	out := make([]float64, len(r.Backings))
	for i := range r.Backings {
		b := &r.Backings[i]
		out[i] = b.Summary.P50NS
		if out[i] <= 0 {
			out[i] = median(measuredNS(b, r.Warmup))
		}
	}
	return out
}

// measuredNS returns the frame times after warm-up, or every frame time when a
// failed backing stopped inside the warm-up: a partial figure beats none.
func measuredNS(b *result.Backing, warmup int) []int64 {
	if len(b.Frames.NS) > warmup {
		return b.Frames.NS[warmup:]
	}
	return b.Frames.NS
}

// median returns the median of xs, NaN for none.
func median(xs []int64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (float64(s[n/2-1]) + float64(s[n/2])) / 2
	}
	return float64(s[len(s)/2])
}
