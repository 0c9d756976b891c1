package cli

import (
	"fmt"
	"io"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
	"localitylab/lab/sweep"
)

// sweepProgress shows a sweep on stderr: a line naming each point as it starts, its
// run's progress line (redrawn in place on a terminal, as bench's), and a line for
// each point done with its costs per entity, so that a long sweep shows its curve as
// it goes.
type sweepProgress struct {
	w     io.Writer
	run   *progress
	point int // the point whose run the progress line shows
	done  int // points reported
}

func newSweepProgress(w io.Writer) *sweepProgress {
	return &sweepProgress{w: w, run: newProgress(w), point: -1}
}

func (p *sweepProgress) update(st sweep.Status) {
	for ; p.done < len(st.Done); p.done++ {
		p.run.end()
		p.run = newProgress(p.w)
		fmt.Fprintln(p.w, "  "+pointLine(st.Param, st.Unit, &st.Done[p.done]))
	}
	if st.Phase != sweep.Running || st.Point >= st.Points {
		return
	}
	if st.Point != p.point {
		p.point = st.Point
		fmt.Fprintf(p.w, "point %d of %d: %s = %s (after %s)\n", st.Point+1, st.Points, st.Param,
			sweep.ValueText(float64(st.Value), st.Unit), units.Duration(float64(st.Elapsed)))
	}
	if st.Run.Backings != nil {
		p.run.update(st.Run)
	}
}

// end finishes the progress line.
func (p *sweepProgress) end() { p.run.end() }

// pointLine sums one point up: "entities = 10,000: ptrarray 12.3 ns, soa 1.1 ns per
// entity (30 rounds)".
func pointLine(param, unit string, pt *result.Point) string {
	head := param + " = " + sweep.ValueText(float64(pt.Value), unit)
	if pt.Skipped != "" {
		return head + ": skipped: " + pt.Skipped
	}
	parts := make([]string, len(pt.Backings))
	for i, b := range pt.Backings {
		switch {
		case b.Error != "":
			parts[i] = b.Name + " failed"
		case b.Measured():
			parts[i] = b.Name + " " + units.Duration(b.NSPerEntity)
		default:
			parts[i] = b.Name + " n/a"
		}
	}
	return fmt.Sprintf("%s: %s per entity (%d rounds measured)", head, strings.Join(parts, ", "), pt.Measured)
}
