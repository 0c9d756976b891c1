// Command collide registers a backing of its own under the name of a built-in one,
// for the end-to-end tests: Locality Lab must refuse it at start, before any command
// runs, saying which name and why.
package main

import (
	"localitylab/byo"
	"localitylab/labmain"
	"localitylab/scenarios/sprites"
)

func main() {
	labmain.Main(byo.Backing{Name: "soa", Sprites: &byo.Sprites{
		New: func(w *sprites.World) byo.Store { return nil },
	}})
}
