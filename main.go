// Command localitylab makes data locality visible: it runs game-like workloads over
// several backing data structures side by side and measures them fairly.
//
// With no arguments it opens the app; otherwise the first argument names a subcommand
// (bench, report, presets). The hidden worker subcommand is how the lab runs each
// backing in a process of its own.
package main

import (
	"os"

	"localitylab/cli"
	_ "localitylab/internal/locale" // before Fyne's init reads the locale (see the package)
	"localitylab/ui"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr, ui.Main))
}
