//go:build !nogui

package ui

import (
	"cmp"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"localitylab/charts"
	"localitylab/internal/units"
	"localitylab/lab/result"
)

// A note per chosen backing sits under the lesson: what the backing is and why it
// wins or loses on the workload (the workload's own words), and, once a run has
// gone, what the run measured for it.

type noteRow struct {
	backing  string
	measured *widget.Label
}

// addNote adds a backing's name, its note and, hidden until a run has gone, the
// label for what the run measured for it.
func (p *lessonPanel) addNote(backing, note string) {
	sw := canvas.NewRectangle(charts.Color(backing))
	sw.SetMinSize(fyne.NewSize(14, 14))
	name := widget.NewLabel(backing)
	name.TextStyle.Bold = true
	row := noteRow{backing: backing, measured: wrapped("")}
	row.measured.TextStyle.Italic = true
	row.measured.Hide()
	p.box.Add(container.NewHBox(container.NewCenter(sw), name))
	if note != "" {
		p.box.Add(wrapped(note))
	}
	p.box.Add(row.measured)
	p.notes = append(p.notes, row)
}

// measured is the sentence under a backing's note: the figures this run just
// measured for it, in words, so that the note's "why" meets its "how much". It is
// empty while there is nothing after warm-up to say.
func measured(r *result.Run, name string) string {
	b := r.Backing(name)
	if b == nil {
		return ""
	}
	if b.Error != "" {
		return "Its worker failed, so this run has no full figures for it: " + b.Error
	}
	if b.Frames.Len() <= r.Warmup {
		return ""
	}
	var parts []string
	for _, q := range r.Ratios {
		if q.Backing != name {
			continue
		}
		switch {
		case q.Vs == name:
			parts = append(parts, fmt.Sprintf("the fastest here, %s per frame (median)", units.Duration(b.Summary.P50NS)))
		case q.Significant:
			parts = append(parts, fmt.Sprintf("%s slower than %s (%s–%s)", units.Ratio(q.Median), q.Vs, trimX(units.Ratio(q.Lo)), units.Ratio(q.Hi)))
		case q.Range: // too few rounds for an interval: no verdict either way yet
			parts = append(parts, fmt.Sprintf("%s the time of %s so far (range %s–%s over %d rounds, too few to tell)", units.Ratio(q.Median), q.Vs, trimX(units.Ratio(q.Lo)), units.Ratio(q.Hi), q.Blocks))
		default:
			parts = append(parts, fmt.Sprintf("no clear difference from %s: %s (%s–%s)", q.Vs, units.Ratio(q.Median), trimX(units.Ratio(q.Lo)), units.Ratio(q.Hi)))
		}
	}
	if r.Unresolved(b) {
		parts = append(parts, "no backing is ranked, "+strings.TrimPrefix(r.UnresolvedText(), "cannot tell: "))
	}
	parts = append(parts, plural(b.Summary.AllocsPerFrame, "allocation")+" per frame")
	if b.Load.Entities > 0 {
		parts = append(parts, units.Bytes(b.Load.BytesPerEntity)+" per entity")
	}
	if b.Load.NS > 0 {
		parts = append(parts, "loaded in "+units.Duration(float64(b.Load.NS)))
	}
	if b.Frames.CPUTimed() && b.Summary.Measured > 0 {
		parts = append(parts, fmt.Sprintf("%s frames interrupted by other processes", charts.InterruptedCell(b)))
	}
	if pages := b.PagesByFork(); len(pages) > 0 {
		over, mode := "", ""
		if len(pages) > 1 {
			over = " over its forks"
		}
		for _, p := range pages {
			mode = cmp.Or(mode, p.Mode)
		}
		if why := b.HugeShareMissing(); why != "" {
			parts = append(parts, fmt.Sprintf("huge pages n/a (pages %s: %s)", mode, why))
		} else {
			parts = append(parts, fmt.Sprintf("%s of its heap in huge pages%s (pages %s)", charts.HugePagesCell(b), over, mode))
		}
	}
	if s := simNote(r, b); s != "" {
		parts = append(parts, s)
	}
	return "Measured here: " + strings.Join(parts, ", ") + "."
}

// trimX drops the "×" of an interval's lower end, as the table writes intervals.
func trimX(s string) string { return strings.TrimSuffix(s, "×") }

// plural writes a count with its noun: "0 allocations", "1 allocation", "12.5 allocations".
func plural(n float64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return units.Count(n) + " " + noun + "s"
}
