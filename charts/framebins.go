package charts

import (
	"math"
	"slices"
)

// compareBins is about how many points a line of the comparison's frame-time chart
// keeps: two runs of several backings at every frame lie on top of each other, so
// past twice this many frames each line draws the median of each run of frames.
const compareBins = 40

// binFrames is the window a chart of frames frames summarises its lines over: 1
// (every frame) up to 2×compareBins frames, then enough that about compareBins
// windows remain.
func binFrames(frames int) int {
	if frames <= 2*compareBins {
		return 1
	}
	return (frames + compareBins - 1) / compareBins
}

// binMedians summarises values over windows of k consecutive frames: each window's
// median (NaN-free frames only) stands at the window's middle frame, and the line
// runs straight from one window's median to the next (held flat before the first
// and after the last); a window that measured nothing breaks the line. k of 1 keeps
// values as they are.
func binMedians(values []float64, k int) []float64 {
	if k <= 1 {
		return values
	}
	out := make([]float64, len(values))
	for i := range out {
		out[i] = math.NaN()
	}
	buf := make([]float64, 0, k)
	prevAt, prev := -1, math.NaN()
	for lo := 0; lo < len(values); lo += k {
		hi := min(lo+k, len(values))
		at, m := (lo+hi-1)/2, windowMedian(values[lo:hi], buf)
		if math.IsNaN(m) {
			prevAt, prev = -1, m
			continue
		}
		switch {
		case prevAt < 0:
			for i := lo; i <= at; i++ {
				out[i] = m
			}
		default:
			for i := prevAt; i <= at; i++ {
				t := float64(i-prevAt) / float64(at-prevAt)
				out[i] = prev + t*(m-prev)
			}
		}
		if hi == len(values) {
			for i := at; i < hi; i++ {
				out[i] = m
			}
		}
		prevAt, prev = at, m
	}
	return out
}

// windowMedian is the median of the values that are not NaN, NaN when none is, sorted in
// buf.
func windowMedian(values, buf []float64) float64 {
	buf = buf[:0]
	for _, v := range values {
		if !math.IsNaN(v) {
			buf = append(buf, v)
		}
	}
	n := len(buf)
	if n == 0 {
		return math.NaN()
	}
	slices.Sort(buf)
	if n%2 == 0 {
		return (buf[n/2-1] + buf[n/2]) / 2
	}
	return buf[n/2]
}
