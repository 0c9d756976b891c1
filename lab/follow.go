package lab

// Signal is how a job that goes on in the background (a run, a sweep of runs) tells
// whoever watches it that its state changed, and that it has ended. The job never
// waits for a watcher: there is room for one pending change, so a slow watcher finds
// one signal for many changes and reads the state that is current then.
type Signal struct {
	updates chan struct{} // capacity 1: a pending "something changed"
	done    chan struct{}
}

// NewSignal returns a Signal with no change pending, for a job that has not ended.
func NewSignal() Signal {
	return Signal{updates: make(chan struct{}, 1), done: make(chan struct{})}
}

// Updates is signalled whenever the job's state changed.
func (s Signal) Updates() <-chan struct{} { return s.updates }

// Done is closed when the job has ended.
func (s Signal) Done() <-chan struct{} { return s.done }

// Notify signals Updates without ever blocking the job.
func (s Signal) Notify() {
	select {
	case s.updates <- struct{}{}:
	default:
	}
}

// End closes Done. The job calls it once, when nothing it does is left running.
func (s Signal) End() { close(s.done) }

// Job is a run, or a sweep of runs, going on in the background, as Follow sees it.
type Job[S, R any] interface {
	Updates() <-chan struct{}
	Done() <-chan struct{}
	Status() S
	Wait() (R, error)
}

// Follow waits until the job j has ended, calling progress (if not nil) with its
// Status from the calling goroutine whenever it signals a change, and once more at the
// end, then returns what its Wait returns. err is the error that kept the job from
// starting: Follow returns it at once. It is how a command line follows a run, or a
// sweep of runs, that goes on in the background.
func Follow[S, R any](j Job[S, R], err error, progress func(S)) (R, error) {
	if err != nil {
		var none R
		return none, err
	}
	for {
		select {
		case <-j.Updates():
			if progress != nil {
				progress(j.Status())
			}
		case <-j.Done():
			if progress != nil {
				progress(j.Status())
			}
			return j.Wait()
		}
	}
}
