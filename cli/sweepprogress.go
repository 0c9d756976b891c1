package cli

import (
	"fmt"
	"io"
	"strings"

	"localitylab/internal/units"
	"localitylab/lab/result"
	"localitylab/lab/sweep"
)

// sweepProgress shows a sweep on stderr, so that a long sweep shows its curve as it
// goes. It writes a line naming each point as its run starts (and, in a sweep of
// several passes, the pass), and its run's progress line (redrawn in place on a
// terminal, as bench's). When a point's run is done, a line gives its costs per
// entity so far (wrapped to 100 columns: six backings make it long).
type sweepProgress struct {
	w     io.Writer
	run   *progress
	at    [2]int // the pass and point whose run the progress line shows; -1: none
	value int64  // that point's value
}

func newSweepProgress(w io.Writer) *sweepProgress {
	return &sweepProgress{w: w, run: newProgress(w), at: [2]int{-1, -1}}
}

func (p *sweepProgress) update(st sweep.Status) {
	if st.Phase != sweep.Running || st.Point >= st.Points {
		p.pointDone(st)
		return
	}
	if cur := [2]int{st.Pass, st.Point}; cur != p.at {
		p.pointDone(st)
		p.at, p.value = cur, st.Value
		pass := ""
		if st.Passes > 1 {
			pass = fmt.Sprintf("pass %d of %d, ", st.Pass+1, st.Passes)
		}
		fmt.Fprintf(p.w, "%spoint %d of %d: %s = %s (after %s)\n", pass, st.Point+1, st.Points, st.Param,
			st.ValueName(st.Value), units.Duration(float64(st.Elapsed)))
	}
	if st.Run.Backings != nil {
		p.run.update(st.Run)
	}
}

// pointDone ends the progress line of the point being shown and sums the point up as
// measured so far, if its run was kept.
func (p *sweepProgress) pointDone(st sweep.Status) {
	if p.at[0] < 0 {
		return
	}
	p.run.end()
	p.run = newProgress(p.w)
	p.at = [2]int{-1, -1}
	for k := range st.Done {
		if pt := &st.Done[k]; pt.Value == p.value {
			fmt.Fprintln(p.w, wrapNotes([]string{"  " + pointLine(st, pt)}, termWidth)[0])
		}
	}
}

// end finishes the progress line.
func (p *sweepProgress) end() { p.run.end() }

// pointLine sums one point up: "entities = 10,000: ptrarray 12.3 ns, soa 1.1 ns per
// entity (30 rounds)".
func pointLine(st sweep.Status, pt *result.Point) string {
	head := st.Param + " = " + st.ValueName(pt.Value)
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
	forks := ""
	if pt.Forks > 1 {
		forks = fmt.Sprintf(" in %d forks", pt.Forks)
	}
	return fmt.Sprintf("%s: %s per entity (%d rounds measured%s)", head, strings.Join(parts, ", "), pt.Measured, forks)
}
