//go:build !windows

package cli

import "os/signal"

// ignoreStopSignals keeps the worker running through the stop signals a terminal
// (Ctrl-C) or a kill of the process group sends it, so that the coordinator decides
// what stops.
func ignoreStopSignals() { signal.Ignore(stopSignals...) }
