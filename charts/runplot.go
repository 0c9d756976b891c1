package charts

import (
	"math"
	"slices"

	"localitylab/lab/result"
)

// RunPlot returns chart m of a finished run, ready for the renderer (package raster).
func RunPlot(r *result.Run, m Metric, o Options) Plot {
	if err := m.Check(); err != nil {
		panic(err)
	}
	pl := Plot{Metric: m, Frames: r.Frames, Warmup: r.Warmup, Forks: r.Forks, Hover: -1}
	for i := range r.Backings {
		b := &r.Backings[i]
		c := Color(b.Name)
		switch m {
		case FrameTime:
			pl.Lines = append(pl.Lines, Line{Label: b.Name, Color: c, Values: floats(b.Frames.NS)})
		case Memory:
			pl.Lines = append(pl.Lines,
				Line{Label: b.Name + " heap", Color: c, Values: floats(b.Frames.HeapBytes)},
				Line{Label: b.Name + " RSS", Color: c, Dashed: true, Values: floats(b.Frames.RSSBytes)})
		case Allocs:
			pl.Lines = append(pl.Lines, Line{Label: b.Name, Color: c, Values: floats(b.Frames.Allocs)})
		}
		pl.Keys = append(pl.Keys, keyFor(b, m))
	}
	switch m {
	case FrameTime:
		pl.Budget = BudgetNS(o.Budget)
		pl.Log = o.Scale.Log(TypicalFrameTimes(r))
	case Memory:
		pl.Note = MemoryNote
	}
	return pl
}

// MemoryNote tells how the memory chart's two lines per backing differ.
const MemoryNote = "solid: live heap · dashed: RSS"

// keyFor is backing b's legend entry on chart m: its error if it failed, else "n/a"
// if it has nothing to draw there.
func keyFor(b *result.Backing, m Metric) Key {
	k := Key{Name: b.Name, Color: Color(b.Name)}
	switch {
	case b.Error != "":
		k.Note, k.Failed = "failed: "+b.Error, true
	case m == FrameTime && len(b.Frames.NS) == 0,
		m == Memory && len(b.Frames.HeapBytes) == 0 && len(b.Frames.RSSBytes) == 0,
		m == Allocs && len(b.Frames.Allocs) == 0:
		k.Note = "n/a"
	}
	return k
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

// floats converts a measured series for drawing; a nil series stays nil (n/a).
func floats[T int64 | uint64](xs []T) []float64 {
	if xs == nil {
		return nil
	}
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(x)
	}
	return out
}
