package ui

import (
	"errors"
	"fmt"

	"localitylab/internal/exit"
	"localitylab/lab"
	"localitylab/lab/result"
)

// quitSweep is -quit-after with the sweep tab in front (-sweep): the window was
// captured; the sweep, if one runs, is stopped, what it measured is saved to -save,
// and the app quits with the status the sweep calls for.
func (q *autoQuit) quitSweep(code int) {
	m := q.w.sweep
	live := m.ctl.live
	shown := m.shown
	startErr := q.w.startErr
	m.ctl.stop()
	quitWhenDone(q, live, shown, nil, code, func(s *result.Sweep, err error) int {
		return q.finishSweep(s, err, startErr)
	})
}

// finishSweep saves s, when asked, and returns the exit status it calls for.
func (q *autoQuit) finishSweep(s *result.Sweep, err, startErr error) int {
	var mm *lab.MismatchError
	switch {
	case errors.As(err, &mm):
		fmt.Fprintln(q.stderr, "localitylab:", err)
		fmt.Fprintln(q.stderr, "localitylab: nothing was saved: a sweep whose backings did different work is not a result")
		return exit.Mismatch
	case err != nil:
		fmt.Fprintln(q.stderr, "localitylab:", err)
		return exit.Failed
	case s == nil && startErr != nil:
		fmt.Fprintln(q.stderr, "localitylab: the sweep did not start:", startErr)
		return exit.Usage
	}
	failed := ""
	if s != nil {
		for _, p := range s.Points {
			for _, b := range p.Backings {
				if failed == "" {
					failed = b.Error
				}
			}
		}
	}
	return exitAfterSave(q, s, "sweep", result.SaveSweepJSON, failed)
}
