package charts

import (
	"fmt"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
)

// A run of several forks (result.Fork) says so wherever it is read: how its frames
// were split, what the fork spread means, and, by name, any backing or ratio whose
// forks found two modes, with each fork's figure, so that a reader sees what a rerun
// may give.

// ForkText says how a run's frames were split among its forks, for the run record;
// "one process per backing" for a run of one.
func ForkText(r *result.Run) string {
	if r.NumForks() < 2 {
		return "one fork: one worker process per backing for the whole run"
	}
	lens := make([]string, len(r.Forks))
	for k, fk := range r.Forks {
		lens[k] = fmt.Sprintf("%d (%d warm-up)", fk.Frames, fk.Warmup)
	}
	return fmt.Sprintf("%d forks, one after another, each a fresh worker process per backing that loads the world and runs "+
		"it from its frame 0: %s frames; the load shown is the fork's whose load time is the median",
		len(r.Forks), strings.Join(lens, ", "))
}

// ForkNotes explains the fork spread and names every backing and ratio whose forks
// found two modes; none for a run of one fork.
func ForkNotes(r *result.Run) []string {
	if r.NumForks() < 2 {
		return nil
	}
	notes := []string{fmt.Sprintf("Forks: the frames ran in %d forks, one after another, each a fresh worker per backing "+
		"that loaded the world again and ran it from its frame 0 with its own warm-up; load is the median fork's. "+
		"fork spread: (max − min) / median of the forks' p50s; two modes: two forks' own intervals do not overlap, so a "+
		"rerun may land near either.",
		r.NumForks())}
	for i := range r.Backings {
		b := &r.Backings[i]
		if b.Summary.ForkModes {
			notes = append(notes, fmt.Sprintf("Two modes: %s's forks gave p50 %s.", b.Name, joinFigures(b.Summary.ForkP50NS, units.Duration)))
		}
	}
	for i := range r.Ratios {
		q := &r.Ratios[i]
		if q.ForkModes {
			notes = append(notes, fmt.Sprintf("Two modes: %s against %s gave %s in its forks.", q.Backing, q.Vs, joinFigures(q.ForkMedians, units.Ratio)))
		}
	}
	return notes
}

// joinFigures writes each fork's figure, "n/a" for a fork that has none.
func joinFigures(xs []float64, format func(float64) string) string {
	parts := make([]string, len(xs))
	for k, x := range xs {
		parts[k] = "n/a"
		if x > 0 {
			parts[k] = format(x)
		}
	}
	return strings.Join(parts, ", ")
}
