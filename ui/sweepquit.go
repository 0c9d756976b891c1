package ui

import (
	"context"
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
	go func() {
		s, err := shown, error(nil)
		if live != nil {
			<-live.Done()
			s, err = live.Wait()
			if errors.Is(err, context.Canceled) {
				err = nil // stopped by us: the points done are the sweep so far
			}
		}
		code = max(code, q.finishSweep(s, err, startErr))
		q.w.env.doOnMain(func() {
			q.w.exitCode, q.w.quitting = code, true
			q.w.app.Quit()
		})
	}()
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
	if q.save != "" {
		if s == nil {
			fmt.Fprintln(q.stderr, "localitylab: -save: there was no sweep to save (add -run)")
			return exit.Failed
		}
		if err := result.SaveSweepJSON(q.save, s); err != nil {
			fmt.Fprintln(q.stderr, "localitylab: -save:", err)
			return exit.Failed
		}
	}
	if s != nil {
		for _, p := range s.Points {
			for _, b := range p.Backings {
				if b.Error != "" {
					fmt.Fprintln(q.stderr, "localitylab:", b.Error)
					return exit.Worker
				}
			}
		}
	}
	return exit.OK
}
