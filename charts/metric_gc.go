package charts

import "localitylab/lab/result"

// GC is the collector's CPU time charged to each frame: what a backing's garbage
// costs, which its frame times leave out (the worker waits for a cycle its frame
// started outside the timed interval). It is drawn on the pages, under the
// allocations that cause it, and not on the row: a fourth chart there would leave
// each about a quarter of a 1366-pixel window, and the table under the row has its
// mean (GC/frame).
var GC = &Metric{
	Name:  "gc",
	Title: "Collector CPU per frame",
	Short: "GC",
	Unit:  Nanoseconds,
	Lines: []Source{{
		Sample: func(s result.Sample) float64 { return float64(s.GCCPUNS) },
		Frames: func(f *result.Series) []float64 { return floats(f.GCCPUNS) },
	}},
	Gone: &Gone{When: func(r *result.Run) bool { return gcGoneNote(r) != "" }, Note: gcGoneNote},
	Page: Page{
		Axis: "GC/frame",
		Explain: "The collector's CPU time on every thread (marking, assists, pauses; runtime/metrics), charged to the " +
			"frame that started its cycle: a spike per cycle. Frame times leave this work out, since after each frame the " +
			"worker waits, outside the timed interval, for a cycle the frame started to finish its marking. GC/frame in " +
			"the summary is this line's mean over every frame, warm-up included.",
		CompareAxis: "GC/frame",
		Compare:     "The collector's CPU time charged to each frame of both runs, per backing: the new run solid, the base dashed.",
	},
}

// gcGoneNote says why the collector's chart would show nothing: no backing's file
// records the figure, or it is 0 ns in every frame of every backing; "" while the
// chart is drawn.
func gcGoneNote(r *result.Run) string {
	recorded := false
	for i := range r.Backings {
		f := &r.Backings[i].Frames
		for _, ns := range f.GCCPUNS {
			if ns != 0 {
				return ""
			}
		}
		recorded = recorded || f.GCCPUNS != nil
	}
	if !recorded {
		return "n/a: no backing's frames record the collector's CPU time (files written before the lab measured it per frame do not)."
	}
	return "The collector took no CPU time in any frame of any backing (0 ns in every frame, warm-up included)."
}
