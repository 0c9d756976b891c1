//go:build nogui

package labmain

import "localitylab/launch"

// window is nil in a binary built without the window: the command line then says
// so, and what to run instead, where the app would open.
var window func(launch.Options) int
