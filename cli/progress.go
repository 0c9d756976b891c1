package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"localitylab/lab"
)

// progressEvery bounds how often the progress line is redrawn: often enough to look
// alive, seldom enough that a terminal over a slow link keeps up.
const progressEvery = 100 * time.Millisecond

// progress keeps a run's status on stderr: each backing's load, then the frame count.
// On a terminal it redraws one line in place with a carriage return; into a file or a
// pipe it writes a line only when the phase changes, so that a log stays readable.
type progress struct {
	w       io.Writer
	at      time.Time
	phase   lab.Phase
	started bool
	width   int // of the longest line drawn, to blank what a shorter one leaves
}

func newProgress(w io.Writer) *progress { return &progress{w: w} }

func (p *progress) update(st lab.Status) {
	now := time.Now()
	changed := st.Phase != p.phase || !p.started
	if !changed && (!isTerminal(p.w) || now.Sub(p.at) < progressEvery) {
		return
	}
	p.at, p.phase, p.started = now, st.Phase, true
	p.draw(statusLine(st))
}

// draw shows line: in place on a terminal, as a line of its own elsewhere.
func (p *progress) draw(line string) {
	if !isTerminal(p.w) {
		fmt.Fprintln(p.w, line)
		return
	}
	n := utf8.RuneCountInString(line)
	pad := max(p.width-n, 0)
	p.width = max(p.width, n)
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
}

// end finishes the line, so that what follows starts on a fresh one.
func (p *progress) end() {
	if p.width > 0 {
		fmt.Fprintln(p.w)
	}
}

// isTerminal reports whether w is a terminal (a character device), where a line can
// be redrawn in place.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// statusLine says what the run is doing, in one line, and in which fork.
func statusLine(st lab.Status) string {
	line := phaseLine(st)
	if st.Forks > 1 && (st.Phase == lab.Loading || st.Phase == lab.Running || st.Phase == lab.Paused) {
		line = fmt.Sprintf("fork %d of %d, %s", st.Fork+1, st.Forks, line)
	}
	return line
}

func phaseLine(st lab.Status) string {
	switch st.Phase {
	case lab.Starting:
		return "starting the workers"
	case lab.Loading:
		parts := make([]string, len(st.Backings))
		for i, b := range st.Backings {
			switch {
			case b.Err != nil:
				parts[i] = b.Name + " failed"
			default:
				parts[i] = fmt.Sprintf("%s %3.0f%%", b.Name, 100*b.Load)
			}
		}
		return "loading: " + strings.Join(parts, ", ")
	case lab.Paused:
		// Nothing on the command line pauses a run but a sweep, which does it once a
		// point has its rounds, to end the point after the round in progress.
		return fmt.Sprintf("enough rounds at frame %d: ending the point", st.Done)
	default:
		return fmt.Sprintf("%s: frame %d of %d", st.Phase, st.Done, st.Frames)
	}
}
