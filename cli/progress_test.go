package cli

import (
	"testing"

	"localitylab/lab"
)

// TestStatusLine: the progress line says what the run does; a run a sweep pauses
// once its point has its rounds reads as the point ending, not as a pause.
func TestStatusLine(t *testing.T) {
	for _, tc := range []struct {
		st   lab.Status
		want string
	}{
		{lab.Status{Phase: lab.Running, Done: 10, Frames: 100, Forks: 1}, "running: frame 10 of 100"},
		{lab.Status{Phase: lab.Running, Done: 10, Frames: 100, Fork: 1, Forks: 3}, "fork 2 of 3, running: frame 10 of 100"},
		{lab.Status{Phase: lab.Paused, Done: 1554, Frames: 1604, Forks: 1}, "enough rounds at frame 1554: ending the point"},
	} {
		if got := statusLine(tc.st); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.st, got, tc.want)
		}
	}
}
