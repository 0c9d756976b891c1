// Command wrongstore is Locality Lab with a backing of its own that is deliberately
// wrong, for the end-to-end tests: "wrong" keeps the sprites as an array of structs,
// as examples/aos does, but its cull draws a sprite whose corner lies exactly on the
// view's right edge (x <= X1 where the workload's rule is x < X1): the store the tests
// of package check call "edge". Most frames have no such sprite and agree with every
// other backing; the first that has one folds a different checksum, and the lab must
// stop the run there.
//
// With LOCALITYLAB_TEST_COLLIDE=1 in its environment it registers its backing under
// the name of a built-in one, soa, instead: Locality Lab must refuse it at start,
// before any command runs, saying which name and why. Both mistakes live in one
// program because each program the tests build links the whole app again.
package main

import (
	"os"

	"localitylab/byo"
	"localitylab/check/checktest"
	"localitylab/labmain"
)

func main() {
	if os.Getenv("LOCALITYLAB_TEST_COLLIDE") == "1" {
		labmain.Main(byo.Backing{Name: "soa", Sprites: &byo.Sprites{
			New: func(w *byo.SpriteWorld) byo.Store { return nil },
		}})
		return
	}
	labmain.Main(byo.Backing{Name: "wrong", Sprites: &byo.Sprites{
		New:  func(w *byo.SpriteWorld) byo.Store { return &checktest.Sprites{W: w, Edge: true} },
		Note: "An array of sprites whose cull is off by one at the view's right edge.",
	}})
}
