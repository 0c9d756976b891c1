package spatialhash_test

import (
	"fmt"

	"localitylab/backings/spatialhash"
)

// A camera over a world of sprites: insert them once, move the few that move, and
// ask for what the view overlaps.
func ExampleGrid() {
	g := spatialhash.New[string](spatialhash.Box{X: 0, Y: 0, W: 1000, H: 1000}, 64, 3)
	tree := g.Insert(spatialhash.Box{X: 100, Y: 100, W: 40, H: 60}, "tree")
	g.Insert(spatialhash.Box{X: 500, Y: 500, W: 20, H: 20}, "rock")
	cat := g.Insert(spatialhash.Box{X: 300, Y: 90, W: 10, H: 10}, "cat")
	g.Pack()

	x, y := g.Corner(cat)
	g.MoveTo(cat, x-150, y+20) // into the view
	for _, e := range g.Query(spatialhash.Box{X: 120, Y: 80, W: 100, H: 100}, nil) {
		fmt.Println(e.Val, e.Box)
	}
	fmt.Println(g.Get(tree), g.Len())
	// Unordered output:
	// tree {100 100 40 60}
	// cat {150 110 10 10}
	// tree 3
}

// Bullets that all move every frame: rebuild the index, then ask each target.
func ExampleIndex() {
	bullets := [][2]int32{{10, 10}, {200, 40}, {205, 44}, {900, 900}}
	ix := spatialhash.NewIndex(spatialhash.Box{X: 0, Y: 0, W: 1024, H: 1024}, 128, 4, 4, len(bullets))
	ix.Reset()
	for _, b := range bullets {
		ix.Add(b[0], b[1])
	}
	ix.Build()
	fmt.Println(ix.Query(spatialhash.Box{X: 190, Y: 30, W: 64, H: 64}, nil))
	// Output: [1 2]
}
