//go:build !nogui

package ui

import "errors"

// errNoDisplay is what a person sees instead of GLFW's panic when the window has
// nowhere to open: an SSH session, a container, a CI job without Xvfb.
var errNoDisplay = errors.New("no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set); " +
	"run it from a desktop session or under Xvfb (`Xvfb :99 & DISPLAY=:99 localitylab`), " +
	"or compare backings headless with `localitylab bench`")

// checkDisplay reports errNoDisplay on the systems whose windows go through X11 or
// Wayland when neither is named in the environment; getenv is os.Getenv outside tests.
func checkDisplay(goos string, getenv func(string) string) error {
	switch goos {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
		if getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "" {
			return errNoDisplay
		}
	}
	return nil
}
