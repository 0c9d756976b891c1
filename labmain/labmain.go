// Package labmain is the whole of Locality Lab's main: the command line, with the app
// as its window. The project's own main calls Main with nothing; a program that brings
// backings of its own (package byo) hands them to Main, and its binary is then
// Locality Lab with those backings beside the six, in every command and in its
// workers, which are the same binary.
//
// Built with the tag nogui, the binary has the command line only: it links no Fyne
// and needs no C compiler, so it cross-builds with CGO_ENABLED=0 for any system Go
// targets, and the app's own invocation says that this binary has no window.
package labmain

import (
	"fmt"
	"os"

	"localitylab/byo"
	"localitylab/cli"
	"localitylab/internal/exit"
)

// Main registers backings, runs the command line with the program's arguments and
// exits with its status. A backing it cannot register (a name taken by a built-in or
// another backing, a malformed name, no store) stops the program at once with
// status 2 and a message that says why, before any command runs.
func Main(backings ...byo.Backing) {
	if err := byo.Register(backings...); err != nil {
		fmt.Fprintln(os.Stderr, "localitylab:", err)
		os.Exit(exit.Usage)
	}
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr, window))
}
