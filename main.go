// Command localitylab makes data locality visible: it runs game-like workloads over
// several backing data structures side by side and measures them fairly.
//
// With no arguments it opens the app; otherwise the first argument names a subcommand
// (bench, report, compare, check, presets). The hidden worker subcommand is how the lab
// runs each backing in a process of its own. A program with backings of its own has
// the same main, with its backings handed to labmain.Main (see package byo).
package main

import "localitylab/labmain"

func main() { labmain.Main() }
