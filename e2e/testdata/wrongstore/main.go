// Command wrongstore is Locality Lab with a backing of its own that is deliberately
// wrong, for the end-to-end tests: "wrong" keeps the sprites as an array of structs,
// as examples/aos does, but its cull draws a sprite whose corner lies exactly on the
// view's right edge (x <= X1 where the workload's rule is x < X1): the store the tests
// of package check call "edge". Most frames have no such sprite and agree with every
// other backing; the first that has one folds a different checksum, and the lab must
// stop the run there.
package main

import (
	"localitylab/byo"
	"localitylab/labmain"
	"localitylab/scenarios/check/checktest"
	"localitylab/scenarios/sprites"
)

func main() {
	labmain.Main(byo.Backing{Name: "wrong", Sprites: &byo.Sprites{
		New:  func(w *sprites.World) byo.Store { return &checktest.Sprites{W: w, Edge: true} },
		Note: "An array of sprites whose cull is off by one at the view's right edge.",
	}})
}
