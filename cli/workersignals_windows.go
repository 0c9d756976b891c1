package cli

import (
	"os"
	"os/signal"
)

// ignoreStopSignals keeps the worker running through a console's Ctrl-C, Ctrl-Break
// or close, so that the coordinator decides what stops. On Windows an ignored
// signal is declined: Go's console handler passes the event on, and Windows's
// default handler ends the process at once, mid-frame. A signal caught on a channel
// nobody reads is handled, and dropped. (Workers also run in a process group of
// their own, where Ctrl-C does not reach them at all.)
func ignoreStopSignals() { signal.Notify(make(chan os.Signal, 1), stopSignals...) }
