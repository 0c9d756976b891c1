package lab

// Follow waits until done is closed, calling progress (if not nil) with status()
// from the calling goroutine whenever updates signals a change, and once more at the
// end. It is how a command line follows a run, or a sweep of runs, that goes on in the
// background.
func Follow[S any](updates, done <-chan struct{}, status func() S, progress func(S)) {
	for {
		select {
		case <-updates:
			if progress != nil {
				progress(status())
			}
		case <-done:
			if progress != nil {
				progress(status())
			}
			return
		}
	}
}
