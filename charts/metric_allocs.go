package charts

import (
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// Allocs is the heap objects each frame allocated (runtime/metrics): a hot loop
// that allocates nothing is the goal.
//
// A run whose backings allocate nothing in their measured frames (the goal of most
// lessons) would draw this chart as flat lines on a 0–1 axis: a reader cannot tell
// "nothing allocated" from "nothing measured", and the chart takes a third of the
// row. So, where AllocatesNothing says so, the chart gives its room to the others
// and the views say it in words (NoAllocsNote). One allocation in one measured
// frame brings the chart back.
var Allocs = &Metric{
	Name:  "allocs",
	Title: "Allocations per frame",
	Short: "Allocations",
	Unit:  Count,
	Lines: []Source{{
		Sample: func(s result.Sample) float64 { return float64(s.Allocs) },
		Frames: func(f *result.Series) []float64 { return floats(f.Allocs) },
	}},
	Row: true,
	Gone: &Gone{
		When: AllocatesNothing,
		Note: NoAllocsNote,
		Goal: "A hot loop that allocates nothing is the goal.",
		App:  "Allocations per frame: none, in every backing's measured frames. The chart comes back when one allocates.",
		Pick: "No allocations",
	},
	Page: Page{
		Axis:        "allocs/frame",
		Explain:     "Heap objects allocated during each frame (runtime/metrics). A hot loop that allocates nothing is the goal.",
		CompareAxis: "allocations",
		Compare:     "Heap objects allocated during each frame: the new run solid, the base dashed.",
	},
}

// AllocatesNothing reports whether r has measured frames and not one of them, in
// any backing, allocated. Measured frames are those the summary keeps (not warm-up,
// not re-warming): the frames its allocs/frame is taken over. A failed backing's
// kept frames count as much as the others', since its partial line is drawn too.
func AllocatesNothing(r *result.Run) bool {
	measured := false
	for i := range r.Backings {
		for f, n := range r.Backings[i].Frames.Allocs {
			if r.Excluded(f) != result.Kept {
				continue
			}
			if n != 0 {
				return false
			}
			measured = true
		}
	}
	return measured
}

// NoAllocsNote is the sentence that stands for the allocations chart while r
// allocates nothing in its measured frames, "" while the chart is drawn. It says how
// many frames that is, and what the frames left out of the summary allocated,
// since they are not in the sentence's count and the chart that would have shown
// them is gone: "No backing allocated in any measured frame (0 allocations per
// frame in all 91 frames of each). Nor did the frames left out of the summary
// (warm-up, re-warming)."
func NoAllocsNote(r *result.Run) string {
	if !AllocatesNothing(r) {
		return ""
	}
	type count struct {
		name          string
		kept          int
		left, objects uint64 // frames left out of the summary that allocated, and their objects
	}
	var cs []count
	reasons := map[string]bool{}
	for i := range r.Backings {
		b := &r.Backings[i]
		c := count{name: b.Name}
		for f, n := range b.Frames.Allocs {
			why := r.Excluded(f)
			if why == result.Kept {
				c.kept++
				continue
			}
			reasons[why] = true
			if n != 0 {
				c.left++
				c.objects += n
			}
		}
		cs = append(cs, c)
	}

	var b strings.Builder
	b.WriteString("No backing allocated in any measured frame (0 allocations per frame in ")
	var kept, none []string
	same := true
	for _, c := range cs {
		if c.kept == 0 {
			none = append(none, c.name)
			continue
		}
		kept = append(kept, c.name+" "+units.Count(float64(c.kept)))
		same = same && c.kept == cs[0].kept
	}
	switch {
	case same && len(none) == 0 && len(cs) == 1:
		b.WriteString("its " + plural(uint64(cs[0].kept), "measured frame") + ").")
	case same && len(none) == 0:
		b.WriteString("all " + units.Count(float64(cs[0].kept)) + " frames of each).")
	default:
		b.WriteString("all the measured frames of each: " + strings.Join(kept, ", ") + ").")
	}
	if len(none) > 0 {
		b.WriteString(" " + JoinAnd(none) + " measured no frame.")
	}

	if len(reasons) == 0 {
		return b.String()
	}
	var why []string
	if reasons[result.WarmUp] {
		why = append(why, "warm-up")
	}
	if reasons[result.Rewarm] {
		why = append(why, "re-warming")
	}
	left := "the frames left out of the summary (" + strings.Join(why, ", ") + ")"
	var did []string
	for _, c := range cs {
		if c.left > 0 {
			did = append(did, c.name+" "+plural(c.objects, "object")+" in "+plural(c.left, "frame"))
		}
	}
	if len(did) == 0 {
		b.WriteString(" Nor did " + left + ".")
	} else {
		b.WriteString(" " + upper(left) + " did allocate: " + JoinAnd(did) + ".")
	}
	return b.String()
}

// plural writes a count with its noun: "1 frame", "3 frames", "1,024 objects".
func plural(n uint64, noun string) string {
	s := units.Count(float64(n))
	if n != 1 {
		noun += "s"
	}
	return s + " " + noun
}

// upper capitalises the first letter of an ASCII sentence.
func upper(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
